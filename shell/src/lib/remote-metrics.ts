/**
 * Per remote version, what its fragments did (ARCHITECTURE.md "Canary": canary and stable compared): answers by
 * outcome and latency. Each answer is written to Workers Analytics Engine when the shell has the REMOTE_METRICS
 * binding (production: query the `forecourt_remote_versions` dataset, README "Canary a remote for one tenant") and
 * counted in this isolate for the local dev page (`/_forecourt/remote-versions`, DEV_PAGES only). Answers the shell
 * served from its own fragment cache are not counted: they did not reach the remote.
 */
import type { RemoteName } from '@forecourt/contracts/tenant';

export type RemoteOutcome = 'ok' | 'not-found' | 'failed' | 'timeout';

export type RemoteAnswer = {
  remote: RemoteName;
  /** The version the shell asked for (its pin). */
  version: string;
  tenant: string;
  outcome: RemoteOutcome;
  ms: number;
  /** The version the remote says it ran, when it differs from the pin (an override that did not apply). */
  servedVersion?: string | null;
  /** The stable version was served instead of the pinned canary (the breaker is open). */
  fellBack?: boolean;
};

/** Latency buckets' upper bounds in ms (the last catches everything above). */
export const LATENCY_BUCKETS_MS = [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, Infinity] as const;

export type VersionStats = {
  remote: RemoteName;
  version: string;
  answers: number;
  outcomes: Record<RemoteOutcome, number>;
  /** Answers whose remote reported another version than the one asked for. */
  skewed: number;
  fellBack: number;
  totalMs: number;
  maxMs: number;
  buckets: number[];
  /** Tenants seen (at most METRICS_TENANTS_MAX listed). */
  tenants: string[];
  lastAt: number;
};

/** Remote versions kept at most per isolate (oldest dropped first), and tenants listed per version. */
export const METRICS_MAX_VERSIONS = 100;
export const METRICS_TENANTS_MAX = 50;

const stats = new Map<string, VersionStats>();

/** Records one fragment answer (and writes it to Analytics Engine when bound). Never throws. */
export function recordRemoteAnswer(answer: RemoteAnswer, dataset?: AnalyticsEngineDataset, now = Date.now()): void {
  const k = `${answer.remote}@${answer.version}`;
  let s = stats.get(k);
  if (!s) {
    s = { remote: answer.remote, version: answer.version, answers: 0, outcomes: { ok: 0, 'not-found': 0, failed: 0, timeout: 0 }, skewed: 0, fellBack: 0, totalMs: 0, maxMs: 0, buckets: LATENCY_BUCKETS_MS.map(() => 0), tenants: [], lastAt: now };
  }
  stats.delete(k);
  stats.set(k, s);
  while (stats.size > METRICS_MAX_VERSIONS) stats.delete(stats.keys().next().value!);
  s.answers++;
  s.outcomes[answer.outcome]++;
  const skewed = Boolean(answer.servedVersion && answer.servedVersion !== answer.version);
  if (skewed) s.skewed++;
  if (answer.fellBack) s.fellBack++;
  s.totalMs += answer.ms;
  s.maxMs = Math.max(s.maxMs, answer.ms);
  s.buckets[LATENCY_BUCKETS_MS.findIndex((b) => answer.ms <= b)]!++;
  if (!s.tenants.includes(answer.tenant) && s.tenants.length < METRICS_TENANTS_MAX) s.tenants.push(answer.tenant);
  s.lastAt = now;
  try {
    // One row per answer: blobs name it, the double is its latency; the index groups a remote version's rows.
    dataset?.writeDataPoint({
      indexes: [k],
      blobs: [answer.remote, answer.version, answer.tenant, answer.outcome, skewed ? (answer.servedVersion ?? '') : '', answer.fellBack ? 'fell-back' : ''],
      doubles: [answer.ms],
    });
  } catch (error) {
    console.error('shell: remote metrics not written', error instanceof Error ? error.message : error);
  }
}

/** The upper bound of the bucket holding the q-th quantile (0-1) of a version's latencies, or null with no answers. */
export function latencyQuantile(s: Pick<VersionStats, 'buckets' | 'answers' | 'maxMs'>, q: number): number | null {
  if (!s.answers) return null;
  const rank = Math.ceil(q * s.answers);
  let seen = 0;
  for (let i = 0; i < s.buckets.length; i++) {
    seen += s.buckets[i]!;
    if (seen >= rank) return Math.min(LATENCY_BUCKETS_MS[i]!, s.maxMs);
  }
  return s.maxMs;
}

/** What this isolate counted, per remote version, sorted by remote then version. */
export function remoteMetrics() {
  return [...stats.values()]
    .map((s) => ({
      remote: s.remote,
      version: s.version,
      answers: s.answers,
      ...s.outcomes,
      failureRate: s.answers ? (s.outcomes.failed + s.outcomes.timeout) / s.answers : 0,
      skewed: s.skewed,
      fellBack: s.fellBack,
      meanMs: s.answers ? Math.round((s.totalMs / s.answers) * 10) / 10 : null,
      p50Ms: latencyQuantile(s, 0.5),
      p95Ms: latencyQuantile(s, 0.95),
      maxMs: s.maxMs,
      tenants: [...s.tenants].sort(),
    }))
    .sort((a, b) => a.remote.localeCompare(b.remote) || a.version.localeCompare(b.version));
}

/** Test hook. */
export const resetRemoteMetrics = () => stats.clear();
