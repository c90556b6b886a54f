/**
 * What the benchmarks read from the local workerd: its process (resident memory, CPU time, from /proc: Linux only)
 * and each Worker isolate over workerd's inspector (Chrome DevTools protocol; one target per Worker,
 * `core:user:<name>`): JS heap, forced GC, CPU profiles. The platform must be started with `inspectorPort`
 * (dev/platform.mjs) for the inspector parts.
 */
import { readdirSync, readFileSync } from 'node:fs';
// `ws` is miniflare's own WebSocket client (Node 20 has no global WebSocket).
import WebSocket from 'ws';

/** Pid of the workerd this Node process started (miniflare spawns it as a child). */
export function workerdPid() {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const ppid = Number(stat.slice(close + 2).split(' ')[1]);
      if (comm === 'workerd' && ppid === process.pid) return Number(entry);
    } catch {
      // a process that ended while we looked
    }
  }
  return null;
}

/** workerd's resident memory in MB (VmRSS) and its peak (VmHWM). */
export function processMemory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(status.match(new RegExp(`${name}:\\s+(\\d+) kB`))?.[1] ?? NaN);
  return { rss_mb: +(kb('VmRSS') / 1024).toFixed(1), peak_rss_mb: +(kb('VmHWM') / 1024).toFixed(1) };
}

/** workerd's CPU time so far (user + system) in ms, every thread. */
export function processCpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

/**
 * A DevTools protocol session to one target: `send(method, params)` answers the result (throws on an error, or when no
 * answer comes within `timeoutMs`). A quiet connection is kept alive (as miniflare's own inspector proxy does), or
 * workerd may drop it during a long soak.
 */
export function connect(wsUrl, { timeoutMs = 120_000 } = {}) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl, { perMessageDeflate: false, maxPayload: 1 << 30 });
    const pending = new Map();
    let next = 0;
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString());
      const waiter = message.id !== undefined ? pending.get(message.id) : undefined;
      if (!waiter) return;
      pending.delete(message.id);
      if (message.error) waiter.reject(new Error(`${waiter.method}: ${message.error.message}`));
      else waiter.resolve(message.result);
    });
    ws.on('close', () => {
      for (const waiter of pending.values()) waiter.reject(new Error(`${waiter.method}: inspector connection closed`));
      pending.clear();
    });
    ws.once('error', reject);
    const send = (method, params = {}) =>
      new Promise((res, rej) => {
        const id = ++next;
        const timer = setTimeout(() => {
          pending.delete(id);
          rej(new Error(`${method}: no answer from the inspector within ${timeoutMs / 1000} s`));
        }, timeoutMs);
        const done = (fn) => (value) => {
          clearTimeout(timer);
          fn(value);
        };
        pending.set(id, { resolve: done(res), reject: done(rej), method });
        ws.send(JSON.stringify({ id, method, params }));
      });
    ws.once('open', () => {
      const keepAlive = setInterval(() => send('Runtime.getIsolateId').catch(() => {}), 5_000);
      keepAlive.unref();
      ws.on('close', () => clearInterval(keepAlive));
      resolve({ send, close: () => ws.close() });
    });
  });
}

/**
 * Sessions to every user Worker's isolate of a running platform (`{ name: session }`), named by their Worker names
 * (`forecourt-shell`, ...). `skip` leaves out Workers by name (dev-only helpers).
 */
export async function workerSessions(platform, { skip = ['forecourt-local-cloudflare-api'] } = {}) {
  const inspector = await platform.mf.getInspectorURL();
  const targets = await (await fetch(`http://127.0.0.1:${inspector.port}/json`)).json();
  const sessions = {};
  for (const { id } of targets) {
    if (!id.startsWith('core:user:')) continue;
    const name = id.slice('core:user:'.length);
    if (skip.includes(name)) continue;
    sessions[name] = await connect(`ws://127.0.0.1:${inspector.port}/${id}`);
  }
  return sessions;
}

/**
 * Each isolate's JS heap in MB (`Runtime.getHeapUsage`: used and total heap), optionally after a forced full GC.
 * workerd never answers `HeapProfiler.collectGarbage` (and collects nothing), so the GC is the full, precise one V8
 * runs before a heap snapshot: the snapshot is taken and its chunks thrown away (a few MB per isolate, ~2 s for the
 * largest). The inspector answers commands in order, so the heap reading after it sees the collected heap.
 */
export async function heapUsage(sessions, { gc = false } = {}) {
  const out = {};
  for (const [name, session] of Object.entries(sessions)) {
    if (gc) await session.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false, captureNumericValue: false });
    const { usedSize, totalSize } = await session.send('Runtime.getHeapUsage');
    out[short(name)] = { used_mb: +(usedSize / 2 ** 20).toFixed(1), total_mb: +(totalSize / 2 ** 20).toFixed(1) };
  }
  return out;
}

/** `forecourt-mf-search` -> `mf-search`. */
export const short = (name) => name.replace(/^forecourt-/, '');
