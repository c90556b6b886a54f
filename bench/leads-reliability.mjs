#!/usr/bin/env node
/**
 * Reliability bench of lead delivery (issue 4 "Never lose a lead"); prints figures, never a timed test.
 * `node bench/leads-reliability.mjs` (after `npm run build`), or `npm run bench -- --only leads`.
 *
 * 10,000 leads (LEADS_TOTAL) at 50 concurrent (LEADS_CONCURRENCY) go through the shell's POST /api/leads, as shoppers'
 * browsers send them (three demo tenants, distinct shoppers and IPs), while a fake dealer CRM on 127.0.0.1 answers 5xx
 * to 30% of calls (CRM_FAIL_RATE) and never answers 5% (CRM_TIMEOUT_RATE; it stores those leads first, the worst case: the
 * CRM has it, the relay does not know). Halfway the platform is disposed and started again on the same persisted
 * state (a Worker restart mid-run, in-flight requests and deliveries cut). A client retries an unanswered submission
 * with the same lead_id, as the lead form does. Then the bench waits for the outbox to drain (LEADS_DRAIN_SECONDS).
 *
 * Figures: submitted (distinct leads), acknowledged (201/200 answered), delivered (acknowledged leads the CRM has),
 * duplicated (CRM records beyond one per lead), lost (acknowledged, never delivered). Target: lost 0, duplicated 0.
 * The CRM keeps one record per Idempotency-Key, as the webhook contract asks; `redeliveries` counts the POSTs that key
 * absorbed (at-least-once delivery), and the bench also checks each POST's signature and key against its body.
 */
import { createServer, request, Agent } from 'node:http';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { startPlatform } from '../dev/platform.mjs';
import { ROOT, readWranglerConfig } from '../dev/workers.mjs';

const TOTAL = Number(process.env.LEADS_TOTAL ?? 10_000);
const CONCURRENCY = Number(process.env.LEADS_CONCURRENCY ?? 50);
const FAIL_RATE = Number(process.env.CRM_FAIL_RATE ?? 0.3);
const TIMEOUT_RATE = Number(process.env.CRM_TIMEOUT_RATE ?? 0.05);
const DRAIN_SECONDS = Number(process.env.LEADS_DRAIN_SECONDS ?? 600);
const SECRET = randomUUID(); // per run; the Worker reads it from its env, as from a `wrangler secret`
const CRM_TIMEOUT_MS = Number(process.env.CRM_TIMEOUT_MS ?? 2000);

// Worker logs (one line per failed delivery) are counted, checked for shopper details, and shown only with LEADS_VERBOSE.
// The bench's own lines go through `say`; everything else on the console comes from the Workers.
const logs = { lines: 0, withShopperDetails: 0, relayTimeouts: 0, relay5xx: 0 };
const say = console.log.bind(console);
for (const level of ['log', 'error']) {
  const original = console[level].bind(console);
  console[level] = (...args) => {
    const line = args.map(String).join(' ');
    if (/outbox|edge-api|lead/i.test(line)) {
      logs.lines++;
      if (line.includes('timed out after')) logs.relayTimeouts++;
      if (/answered 5\d\d/.test(line)) logs.relay5xx++;
      if (/Bench \d+|shopper\d+@|\b04\d{8}\b/.test(line)) logs.withShopperDetails++;
      if (!process.env.LEADS_VERBOSE) return;
    }
    original(...args);
  };
}

// ---- the fake dealer CRM ------------------------------------------------------------------------------------------
// `records`: one per Idempotency-Key (what the CRM stores); `perSubmission`: CRM records per shopper submission (by the
// bench's unique name), so a submission that reached the CRM under two lead ids would count as duplicated.
const crm = { posts: 0, failed: 0, hung: 0, redeliveries: 0, badSignature: 0, keyMismatch: 0, records: new Set(), perSubmission: new Map() };
const hanging = new Set();
const crmServer = createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    crm.posts++;
    const ts = req.headers['x-forecourt-timestamp'];
    const expected = Buffer.from(`v1=${createHmac('sha256', SECRET).update(`${ts}.${body}`).digest('hex')}`);
    const given = Buffer.from(String(req.headers['x-forecourt-signature'] ?? ''));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      crm.badSignature++;
      return res.writeHead(401).end();
    }
    const key = String(req.headers['idempotency-key'] ?? '');
    let lead;
    try {
      lead = JSON.parse(body);
    } catch {
      return res.writeHead(400).end();
    }
    if (lead.lead_id !== key) crm.keyMismatch++;
    const roll = Math.random();
    if (roll < FAIL_RATE) {
      crm.failed++;
      return res.writeHead(503).end();
    }
        const store = () => {
      if (crm.records.has(key)) {
        crm.redeliveries++;
        return false;
      }
      crm.records.add(key);
      const who = JSON.stringify(lead.payload).match(/"name":"(Bench \d+)"/)?.[1] ?? key;
      crm.perSubmission.set(who, (crm.perSubmission.get(who) ?? 0) + 1);
      return true;
    };
    if (roll < FAIL_RATE + TIMEOUT_RATE) {
      crm.hung++;
      store(); // stored, but the answer never comes
      hanging.add(res);
      setTimeout(() => (hanging.delete(res), res.destroy()), 3 * CRM_TIMEOUT_MS).unref();
      return;
    }
    const created = store();
    res.writeHead(created ? 201 : 409, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `crm-${key}` }));
  });
});
await new Promise((resolve) => crmServer.listen(0, '127.0.0.1', resolve));
const crmUrl = `http://127.0.0.1:${crmServer.address().port}/leads`;

// ---- the platform, edge-api pointed at the fake CRM -------------------------------------------------------------------
const persist = mkdtempSync(join(tmpdir(), 'forecourt-leads-bench-'));
const edge = unstable_getMiniflareWorkerOptions(join(ROOT, 'edge-api/wrangler.jsonc')).workerOptions;
const platformOptions = (port) => ({
  port,
  persist,
  logLevel: 'none',
  cronSeconds: 1,
  overrides: {
    'edge-api': {
      bindings: {
        ...edge.bindings,
        CRM_ADAPTER: 'webhook',
        CRM_WEBHOOK_URL: crmUrl,
        CRM_WEBHOOK_SECRET: SECRET,
        CRM_WEBHOOK_TIMEOUT_MS: String(CRM_TIMEOUT_MS),
        // Seconds, not the production 30 s .. 6 h, so the bench drains in minutes; the schedule's shape is the same.
        OUTBOX_RETRY_BASE_MS: '500',
        OUTBOX_RETRY_CAP_MS: '5000',
      },
    },
  },
});
let platform = await startPlatform(platformOptions(0));
const port = Number(platform.url.port);
const demo = await import(join(ROOT, 'demo/dist/index.mjs'));
const tenants = demo.demoTenants().map((t) => t.slug);

// ---- shoppers ---------------------------------------------------------------------------------------------------------
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
function post(tenant, body, ip) {
  return new Promise((resolve) => {
    const data = JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/leads',
        method: 'POST',
        agent,
        timeout: 30_000,
        headers: { host: `${tenant}.localhost:${port}`, origin: `http://${tenant}.localhost:${port}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), 'cf-connecting-ip': ip, 'x-forwarded-for': ip },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode, text, retryAfter: Number(res.headers['retry-after'] ?? 0) }));
        res.on('error', (error) => resolve({ status: 0, error }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('client timeout')));
    req.on('error', (error) => resolve({ status: 0, error }));
    req.end(data);
  });
}

const leads = Array.from({ length: TOTAL }, (_, i) => {
  const tenant = tenants[i % tenants.length];
  return {
    tenant,
    ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    body: {
      lead_id: randomUUID(),
      payload: {
        category: 'General Enquiry',
        name: `Bench ${i}`,
        email: `shopper${i}@example.com`,
        phone: `04${String(12_000_000 + i).padStart(8, '0')}`,
        postcode: '2000',
        message: 'Is this car still available?',
        terms_conditions: true,
      },
      userData: { url: `http://${tenant}.localhost/contact-us`, source: 'Website', user_agent: 'leads-reliability-bench' },
    },
  };
});

const stats = { submitted: 0, acknowledged: 0, duplicateAnswers: 0, clientRetries: 0, rejected: 0, rateLimited: 0, statuses: {} };
const acknowledged = new Set();
const latencies = [];
const rejected = [];
let restart = null; // the restart's promise while it runs
let restartInfo = null;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function submit(lead) {
  stats.submitted++;
  for (let attempt = 1; attempt <= 200; attempt++) {
    if (restart) await restart;
    const t0 = performance.now();
    const res = await post(lead.tenant, lead.body, lead.ip);
    if (res.status === 201 || res.status === 200) latencies.push(performance.now() - t0);
    stats.statuses[res.status] = (stats.statuses[res.status] ?? 0) + 1;
    if (res.status === 201 || res.status === 200) {
      const answer = JSON.parse(res.text);
      if (answer.duplicate) stats.duplicateAnswers++;
      if (answer.lead_id !== lead.body.lead_id) throw new Error(`lead ${lead.body.lead_id} answered as ${answer.lead_id}`);
      acknowledged.add(lead.body.lead_id);
      stats.acknowledged++;
      return;
    }
    if (res.status >= 400 && res.status < 500 && res.status !== 429 && res.status !== 408) {
      // The shopper sees an error and no success: not acknowledged, not the relay's to deliver.
      stats.rejected++;
      if (rejected.length < 5) rejected.push({ status: res.status, text: res.text?.slice(0, 300) });
      return;
    }
    if (res.status === 429) stats.rateLimited++;
    // Connection cut (restart), 5xx or 429: the form retries with the same lead_id.
    stats.clientRetries++;
    await sleep(res.status === 429 ? Math.min(res.retryAfter || 1, 5) * 1000 : 100 * Math.min(attempt, 10));
  }
}

const started = Date.now();
let next = 0;
// LEADS_RESTART=0 runs without the restart (to tell its redeliveries from the CRM's).
const restartAt = process.env.LEADS_RESTART === '0' ? -1 : Math.floor(TOTAL / 2);
async function worker() {
  while (next < TOTAL) {
    const i = next++;
    if (i === restartAt && !restart) {
      restart = (async () => {
        const t0 = Date.now();
        const inFlightCrm = hanging.size;
        await platform.dispose();
        platform = await startPlatform(platformOptions(port));
        restartInfo = { at_lead: i, downtime_ms: Date.now() - t0, crm_calls_cut: inFlightCrm };
        say(`restarted the platform at lead ${i} (${restartInfo.downtime_ms} ms down)`);
      })();
      const pending = restart;
      await pending;
      restart = null;
    }
    await submit(leads[i]);
    if ((i + 1) % 1000 === 0) say(`${next} started, ${stats.acknowledged} acknowledged, CRM has ${crm.records.size}`);
  }
}
await Promise.all(Array.from({ length: CONCURRENCY }, worker));
const submitSeconds = (Date.now() - started) / 1000;

// ---- drain: the relay (cron every second here) delivers retries --------------------------------------------------------
const drainStarted = Date.now();
const delivered = () => [...acknowledged].filter((id) => crm.records.has(id)).length;
const db = await platform.mf.getD1Database('DB', readWranglerConfig('edge-api').name);
// Until the CRM has every acknowledged lead and the outbox knows it (a hung answer leaves a stored lead pending).
const pendingRows = async () => (await db.prepare(`SELECT COUNT(*) AS n FROM lead_outbox WHERE state = 'pending'`).first()).n;
const atSubmitEnd = { timeouts: logs.relayTimeouts, hung: crm.hung, posts: crm.posts };
for (let tick = 1; (delivered() < acknowledged.size || (await pendingRows()) > 0) && Date.now() - drainStarted < DRAIN_SECONDS * 1000; tick++) {
  await sleep(1000);
  if (tick % 15 === 0) say(`draining: CRM has ${delivered()} of ${acknowledged.size}, ${await pendingRows()} outbox rows pending`);
}
const drainSeconds = (Date.now() - drainStarted) / 1000;
const { results: outbox } = await db.prepare(`SELECT state, COUNT(*) AS n, MAX(attempts) AS max_attempts, SUM(attempts) AS attempts FROM lead_outbox GROUP BY state`).all();
const { results: leadRows } = await db.prepare(`SELECT status, COUNT(*) AS n FROM leads GROUP BY status`).all();
await platform.dispose();
crmServer.closeAllConnections();
crmServer.close();
agent.destroy();
rmSync(persist, { recursive: true, force: true });

function percentiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
  return { p50: at(50), p95: at(95), p99: at(99), max: at(100) };
}
const duplicated = [...crm.perSubmission.values()].reduce((n, count) => n + count - 1, 0);
const result = {
  date: new Date().toISOString(),
  leads: TOTAL,
  concurrency: CONCURRENCY,
  crm_fail_rate: FAIL_RATE,
  crm_timeout_rate: TIMEOUT_RATE,
  submitted: stats.submitted,
  acknowledged: stats.acknowledged,
  delivered: delivered(),
  duplicated,
  lost: acknowledged.size - delivered(),
  rejected: stats.rejected,
  client_retries: stats.clientRetries,
  rate_limited_answers: stats.rateLimited,
  retry_answers_duplicate_true: stats.duplicateAnswers,
  answer_statuses: stats.statuses,
  restart: restartInfo,
  worker_log_lines: logs.lines,
  worker_log_lines_with_shopper_details: logs.withShopperDetails,
  crm: { posts: crm.posts, answered_5xx: crm.failed, never_answered: crm.hung, records: crm.records.size, redeliveries_absorbed_by_idempotency_key: crm.redeliveries, bad_signatures: crm.badSignature, key_body_mismatch: crm.keyMismatch, unacknowledged_leads_delivered: crm.records.size - delivered() },
  outbox,
  lead_status: leadRows,
  relay_attempts_failed: { crm_5xx: logs.relay5xx, timed_out: logs.relayTimeouts },
  drain_phase: { crm_posts: crm.posts - atSubmitEnd.posts, never_answered: crm.hung - atSubmitEnd.hung, relay_timed_out: logs.relayTimeouts - atSubmitEnd.timeouts },
  submit_latency_ms: percentiles(latencies),
  submit_seconds: +submitSeconds.toFixed(1),
  submit_rps: Math.round(stats.submitted / submitSeconds),
  drain_seconds: +drainSeconds.toFixed(1),
};
if (rejected.length) result.rejected_examples = rejected;
say(JSON.stringify(result, null, 2));
const outDir = join(ROOT, 'bench/out');
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'leads-reliability.json'), JSON.stringify(result, null, 2) + '\n');
say('\nwritten to bench/out/leads-reliability.json');
process.exit(result.lost === 0 && result.duplicated === 0 ? 0 : 1);
