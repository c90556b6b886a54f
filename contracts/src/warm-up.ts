/**
 * Isolate warm-ups (issue 19, cold start): what a Worker runs at module start, before any request, so a fresh isolate's
 * first request meets compiled, type-fed code instead of paying V8's first runs on a shopper's clock. The work moves to
 * the isolate's start (and costs it somewhat more than it saves: `warmUpWanted`), which is a gain wherever isolates
 * start ahead of their first request.
 *
 * Global scope may do no I/O, set no timer, draw no random value and make no Response (workerd refuses each), so a
 * warm-up runs a Worker's pure parts over made-up data in memory, never its routes' I/O; each Worker's own module
 * (e.g. mf-search/src/warm-up.ts) chooses what. Here: the outcome every warm-up records, and the warm-up of the
 * tenant reads every Worker's tenant middleware makes (tenant-store.ts: a config's and its data's validation).
 */
import { memoryKv, richSiteConfigInput, richTenantDataInput, sampleCar, tenantEntries } from './made-up.ts';
import { createTenantStore } from './tenant-store.ts';

/** A made-up tenant's slug (only ever read from a warm-up's own in-memory KV). */
export const WARM_UP_TENANT = 'forecourt-warm-up';
/** Rounds of a warm-up: V8 feeds its inline caches and tiers code up over the first few runs, not the first alone. */
export const WARM_UP_ROUNDS = 3;
/**
 * A warm-up's clock (epoch ms): a month after the made-up car was listed, so its pages take a shopper's branches. Not
 * `Date.now()`, which reads 0 at module scope on Cloudflare (time there moves only with a request's I/O).
 */
export const WARM_UP_NOW = sampleCar.created_at_timestamp + 30 * 86_400_000;

/**
 * Whether a Worker warms its isolate (its env at module scope, `import { env } from 'cloudflare:workers'`): yes unless
 * the deployment sets the var `WARM_UP` to `off`. A warm-up moves V8's first runs from the first request to the
 * isolate's start (bench/RESULTS.md: +34 to +59 ms of module start per Worker against ~30 ms off the first search):
 * a gain wherever isolates start ahead of their first request (workerd locally starts every Worker at boot; Cloudflare
 * starts the entry Worker's isolate during the TLS handshake), a cost where a remote's isolate starts on its first
 * service-binding call. The operator chooses per Worker.
 */
export function warmUpWanted(env: object | undefined): boolean {
  return !env || (env as { WARM_UP?: unknown }).WARM_UP !== 'off';
}

/**
 * A Hono router's choice and first matches, `rounds` times over `paths` (GET): what a Worker's first request would
 * make its router do (hono/quick picks its router on the first match).
 */
export function warmUpRoutes(router: { match(method: string, path: string): unknown }, paths: readonly string[], rounds = WARM_UP_ROUNDS): void {
  for (let i = 0; i < rounds; i++) for (const path of paths) router.match('GET', path);
}

/** Where an isolate's warm-up is: `result` is what it made (a size: a test's proof it made something). */
export type WarmUpState = { status: 'idle' | 'running' | 'done' | 'failed'; result?: number; error?: string };

export type WarmUp = {
  /** Starts `run` (not awaited by a module: global scope cannot wait); a failure is logged (its message only), never thrown. */
  start(run: () => Promise<number>): Promise<void>;
  state(): WarmUpState;
};

/**
 * One isolate's warm-up record for `worker` (its log prefix). A failed warm-up costs only the first request its warm
 * code: the Worker serves as before.
 * @example const warmUp = createWarmUp('mf-search'); void warmUp.start(() => warmUpSearch(options));
 */
export function createWarmUp(worker: string): WarmUp {
  let state: WarmUpState = { status: 'idle' };
  return {
    start(run) {
      state = { status: 'running' };
      // `run` is called inside the promise chain, so a warm-up that throws at once is recorded like a rejected one.
      return Promise.resolve()
        .then(run)
        .then(
          (result) => {
            state = { status: 'done', result };
          },
          (error: unknown) => {
            state = { status: 'failed', error: error instanceof Error ? error.message : String(error) };
            console.error(`${worker}: warm-up failed`, state.error);
          },
        );
    },
    state: () => state,
  };
}

/**
 * The tenant middleware's reads for a made-up tenant, `rounds` times through a fresh tenant store over an in-memory KV
 * (its config's and data's validation: valibot's first runs); answers the characters of the config JSON read. The
 * tenant is the made-up group (`richSiteConfigInput`): every optional section a dealer fills is validated, so a real
 * config's first validation runs no schema for the first time.
 */
export async function warmUpTenantReads(rounds = WARM_UP_ROUNDS): Promise<number> {
  const kv = memoryKv(tenantEntries([richSiteConfigInput(WARM_UP_TENANT)], { [WARM_UP_TENANT]: richTenantDataInput() }));
  let chars = 0;
  for (let i = 0; i < rounds; i++) {
    const store = createTenantStore(kv);
    const [config, data] = await Promise.all([store.config(WARM_UP_TENANT), store.data(WARM_UP_TENANT)]);
    if (!config || !data) throw new Error('warm-up: the made-up tenant did not read');
    chars += JSON.stringify(config).length;
  }
  return chars;
}
