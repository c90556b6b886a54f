/**
 * Reading V8 CPU profiles of workerd's Worker isolates: self time per function, mapped through each bundle's source map
 * to its original function and file, and grouped into where the time goes (React render, JSON, runtime APIs and
 * service-binding hops, engine, validation, ...).
 *
 * workerd samples an isolate only while a thread holds its lock, but a sample's `timeDelta` is the time since the
 * previous sample, so the first sample after the isolate sat unlocked (while another Worker ran, or nothing) would carry
 * the whole gap. Each sample therefore counts for at most 1.5x the sampling interval.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
// miniflare's own dependency (its source-map support), hoisted.
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';

const maps = new Map();
/** The source map of a module a profile names (`index.js`, relative to the Worker's `dir`, e.g. `<root>/shell/dist/worker`). */
function traceMap(dir, url) {
  if (!url || !dir) return null;
  const file = join(dir, `${url.replace(/^file:\/\//, '')}.map`);
  if (!maps.has(file)) maps.set(file, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null);
  return maps.get(file);
}

/** Runtime (C++) functions workerd gives JavaScript, by the name a profile shows them under. */
const RUNTIME_API = new Set(['fetch', 'text', 'json', 'arrayBuffer', 'formData', 'blob', 'get', 'set', 'has', 'append', 'delete', 'entries', 'forEach', 'list', 'put', 'match', 'write', 'close', 'read', 'enqueue', 'pipeTo', 'pipeThrough', 'getReader', 'getWriter', 'releaseLock', 'cancel', 'clone', 'Response', 'Request', 'Headers', 'URL', 'URLSearchParams', 'TextEncoder', 'TextDecoder', 'encode', 'decode', 'digest', 'getRandomValues', 'randomUUID', 'waitUntil', 'transform', 'on', 'transformStream', 'prepare', 'bind', 'first', 'all', 'run', 'raw', 'batch']);

/** A source map's source path from the repository root (the bundle sits at `<root>/<pkg>/dist/worker`). */
function sourceName(source, dir) {
  const root = join(dir, '../../..');
  const full = join(dir, source);
  return full.startsWith(root) ? full.slice(root.length + 1) : source;
}

/** Where a (mapped) frame's time goes. */
export function category({ functionName, url, source }) {
  if (functionName === '(garbage collector)') return 'GC';
  if (functionName === '(program)') return 'runtime outside JS (workerd C++: I/O, streams, bindings)';
  if (!url) {
    if (functionName === 'parse' || functionName === 'stringify') return 'JSON parse/stringify';
    if (RUNTIME_API.has(functionName)) return 'runtime APIs (fetch/service bindings, bodies, headers, KV/D1)';
    return `V8 builtins (${functionName || 'anonymous'})`;
  }
  const s = source ?? '';
  if (/node_modules\/(react-dom|react)\//.test(s)) return 'React render (react, react-dom)';
  if (/node_modules\/hono\//.test(s)) return 'Hono routing/middleware';
  if (/node_modules\/valibot\//.test(s)) return 'validation (valibot)';
  if (/node_modules\/@module-federation\//.test(s)) return 'Module Federation runtime';
  const pkg = s.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1];
  if (pkg) return `node_modules/${pkg}`;
  if (/mf-search\/src\/engine\//.test(s)) return 'search engine (mf-search/src/engine)';
  // Own code by file (`shell/src/lib/compose.ts`): the file names the work.
  return s || 'unmapped';
}

/**
 * Self time of a profile per function and per category (ms), without idle time. `intervalUs` is the sampling interval
 * the profile was taken with; `dir` the Worker's modules folder (its bundles' source maps).
 */
export function analyse(profile, intervalUs, dir) {
  const cap = intervalUs * 1.5;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + Math.min(profile.timeDeltas[i] ?? 0, cap)));
  const functions = new Map();
  const categories = new Map();
  let total = 0;
  for (const [id, us] of selfUs) {
    const { callFrame } = byId.get(id);
    if (callFrame.functionName === '(idle)' || callFrame.functionName === '(root)') continue;
    const map = traceMap(dir, callFrame.url);
    const pos = map && callFrame.lineNumber >= 0 ? originalPositionFor(map, { line: callFrame.lineNumber + 1, column: Math.max(callFrame.columnNumber, 0) }) : null;
    // Sources are relative to the bundle (`../../src/lib/compose.ts`, `../../../contracts/src/x.ts`): name them from the
    // repository root (`shell/src/lib/compose.ts`, `contracts/src/x.ts`, `node_modules/react-dom/...`).
    const source = pos?.source ? sourceName(pos.source, dir) : null;
    const frame = { functionName: callFrame.functionName, url: callFrame.url, source };
    const cat = category(frame);
    const name = `${pos?.name ?? (callFrame.functionName || '(anonymous)')}${source ? ` ${source.replace(/^.*node_modules\//, '')}:${pos.line}` : ''}`;
    functions.set(name, { ms: (functions.get(name)?.ms ?? 0) + us / 1000, category: cat });
    categories.set(cat, (categories.get(cat) ?? 0) + us / 1000);
    total += us / 1000;
  }
  return { total_ms: total, functions, categories };
}
