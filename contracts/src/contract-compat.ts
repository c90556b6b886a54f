/**
 * Can one part run at a new version beside the stable versions of every other part? Compares two contract surfaces
 * (contract-surface.ts: the stable build's and the canary build's) from the canary part's point of view, in the
 * direction data flows: what the canary writes must be taken by the stable readers (its events, fragment heads,
 * API answers, internal answers), and what the stable writers send must be taken by the canary (events it listens
 * for, slot params it serves, internal queries it answers). Removed events, slots, islands, pages and APIs that the
 * other parts still use count too. The JSON Schema comparison is conservative: when it cannot prove a change safe it
 * reports it.
 */
import type { ContractSurface, JsonSchema } from './contract-surface.ts';
import type { RouteOwner } from './routes.ts';

export type CompatIssue = { surface: 'event' | 'fragment' | 'slot' | 'island' | 'page' | 'api' | 'internal'; name: string; message: string };

const BOUNDS = [
  ['minLength', 'at least', 'characters'],
  ['minimum', 'at least', ''],
  ['exclusiveMinimum', 'above', ''],
  ['minItems', 'at least', 'items'],
] as const;
const UPPER_BOUNDS = [
  ['maxLength', 'at most', 'characters'],
  ['maximum', 'at most', ''],
  ['exclusiveMaximum', 'below', ''],
  ['maxItems', 'at most', 'items'],
] as const;

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

const types = (s: JsonSchema): string[] | null => (typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? (s.type as string[]) : null);
const valuesOf = (s: JsonSchema): unknown[] | null => ('const' in s ? [s.const] : Array.isArray(s.enum) ? s.enum : null);
const show = (values: unknown[]) => values.map((x) => JSON.stringify(x)).join(', ');
const asSchema = (x: unknown): JsonSchema | undefined => (typeof x === 'object' && x !== null ? (x as JsonSchema) : undefined);

/**
 * Why a value the writer's schema allows may be refused by the reader's schema (empty: every such value is taken).
 * `at` names the place in the value (`payload.favourites[]`).
 * @example schemaAccepts({ type: 'object', required: ['a'] }, { type: 'object' }) // ['payload.a: required by the reader, …']
 */
export function schemaAccepts(reader: JsonSchema | undefined, writer: JsonSchema | undefined, at = 'payload'): string[] {
  if (!reader || Object.keys(reader).length === 0) return [];
  if (!writer) return [`${at}: the reader expects it, the writer defines nothing`];
  if (deepEqual(reader, writer)) return [];
  if (Array.isArray(writer.anyOf)) {
    const { anyOf, ...rest } = writer;
    return [...new Set((anyOf as JsonSchema[]).flatMap((branch) => schemaAccepts(reader, { ...rest, ...branch }, at)))];
  }
  if (Array.isArray(writer.allOf)) {
    const { allOf, ...rest } = writer;
    const attempts = (allOf as JsonSchema[]).map((branch) => schemaAccepts(reader, { ...rest, ...branch }, at));
    return attempts.some((a) => a.length === 0) ? [] : attempts[0]!;
  }
  if (Array.isArray(reader.anyOf)) {
    const { anyOf, ...rest } = reader;
    const attempts = (anyOf as JsonSchema[]).map((branch) => schemaAccepts({ ...rest, ...branch }, writer, at));
    if (attempts.some((a) => a.length === 0)) return [];
    return attempts.reduce((best, a) => (a.length < best.length ? a : best));
  }
  if (Array.isArray(reader.allOf)) {
    const { allOf, ...rest } = reader;
    return (allOf as JsonSchema[]).flatMap((branch) => schemaAccepts({ ...rest, ...branch }, writer, at));
  }
  if ('$ref' in reader || '$ref' in writer || 'definitions' in reader || '$defs' in reader) return [`${at}: a recursive schema changed (compare it by hand)`];

  const reasons: string[] = [];
  const rt = types(reader);
  const wt = types(writer);
  if (rt) {
    if (!wt) reasons.push(`${at}: the writer may send any type, the reader takes only ${rt.join(' or ')}`);
    else for (const t of wt) if (!rt.includes(t) && !(t === 'integer' && rt.includes('number'))) reasons.push(`${at}: the writer may send ${t}, the reader takes only ${rt.join(' or ')}`);
  }
  const rv = valuesOf(reader);
  if (rv) {
    const wv = valuesOf(writer);
    if (!wv) reasons.push(`${at}: the reader takes only ${show(rv)}, the writer may send other values`);
    else {
      const extra = wv.filter((x) => !rv.some((r) => deepEqual(r, x)));
      if (extra.length) reasons.push(`${at}: the writer may send ${show(extra)}, which the reader refuses`);
    }
  }
  for (const [key, word, unit] of BOUNDS) {
    const r = reader[key];
    if (typeof r !== 'number') continue;
    const w = writer[key];
    if (typeof w !== 'number' || w < r) reasons.push(`${at}: the reader takes ${word} ${r}${unit ? ` ${unit}` : ''}, the writer ${typeof w === 'number' ? `allows ${w}` : 'has no such limit'}`);
  }
  for (const [key, word, unit] of UPPER_BOUNDS) {
    const r = reader[key];
    if (typeof r !== 'number') continue;
    const w = writer[key];
    if (typeof w !== 'number' || w > r) reasons.push(`${at}: the reader takes ${word} ${r}${unit ? ` ${unit}` : ''}, the writer ${typeof w === 'number' ? `allows ${w}` : 'has no such limit'}`);
  }
  for (const key of ['pattern', 'format', 'multipleOf'] as const) {
    if (reader[key] !== undefined && !deepEqual(reader[key], writer[key])) reasons.push(`${at}: the reader requires ${key} ${JSON.stringify(reader[key])}, the writer ${writer[key] === undefined ? 'does not' : `has ${JSON.stringify(writer[key])}`}`);
  }
  const ri = asSchema(reader.items);
  if (ri) reasons.push(...schemaAccepts(ri, asSchema(writer.items) ?? {}, `${at}[]`));

  const rp = (asSchema(reader.properties) ?? {}) as Record<string, JsonSchema>;
  const wp = (asSchema(writer.properties) ?? {}) as Record<string, JsonSchema>;
  const wRequired = new Set((writer.required as string[] | undefined) ?? []);
  for (const key of (reader.required as string[] | undefined) ?? []) {
    if (!wRequired.has(key)) reasons.push(`${at}.${key}: required by the reader, ${key in wp ? 'optional for the writer' : 'not sent by the writer (removed or renamed)'}`);
  }
  for (const [key, schema] of Object.entries(rp)) if (key in wp) reasons.push(...schemaAccepts(schema, wp[key], `${at}.${key}`));
  if (reader.additionalProperties === false) {
    for (const key of Object.keys(wp)) if (!(key in rp)) reasons.push(`${at}.${key}: the writer may send it, the reader refuses unknown keys`);
  }
  return reasons;
}

const others = (map: Record<string, readonly string[]>, part: string, item: string) =>
  Object.entries(map)
    .filter(([owner, list]) => owner !== part && list.includes(item))
    .map(([owner]) => owner);

/**
 * Every way the canary build of `part` would break the stable builds of the other parts (empty: it may run beside
 * them). `stable` is the surface of the stable builds (their contracts), `canary` the canary build's.
 */
export function checkContractCompat({ stable, canary, part }: { stable: ContractSurface; canary: ContractSurface; part: RouteOwner }): CompatIssue[] {
  const issues: CompatIssue[] = [];
  const add = (surface: CompatIssue['surface'], name: string, messages: string[]) => {
    for (const message of messages) issues.push({ surface, name, message });
  };

  // Events the canary emits, read by stable listeners; events it listens for, written by stable emitters.
  const emitted = new Set([...(stable.events.producers[part] ?? []), ...(canary.events.producers[part] ?? [])]);
  for (const event of emitted) {
    const listeners = others(stable.events.consumers, part, event);
    if (!listeners.length) continue;
    const who = `${part} emits it, ${listeners.join(', ')} (stable) listen`;
    if (!canary.schemas[`event:${event}`]) add('event', event, [`${who}: the canary's contracts no longer define it (removed or renamed)`]);
    else if (!(canary.events.producers[part] ?? []).includes(event)) add('event', event, [`${who}: the canary no longer emits it`]);
    else add('event', event, schemaAccepts(stable.schemas[`event:${event}`], canary.schemas[`event:${event}`]).map((r) => `${who}: ${r}`));
  }
  for (const event of canary.events.consumers[part] ?? []) {
    const emitters = others(stable.events.producers, part, event);
    if (!emitters.length) continue;
    add('event', event, schemaAccepts(canary.schemas[`event:${event}`], stable.schemas[`event:${event}`]).map((r) => `${emitters.join(', ')} (stable) emit it, ${part} listens: ${r}`));
  }

  // Fragment heads: the stable shell reads every remote's head.
  if (part !== 'shell') add('fragment', 'FragmentHeadSchema', schemaAccepts(stable.schemas.FragmentHeadSchema, canary.schemas.FragmentHeadSchema, 'head').map((r) => `the stable shell reads ${part}'s fragment heads: ${r}`));

  // Slots: the canary serves its own to stable hosts; it fills other remotes' slots served by their stable owners.
  for (const [name, slot] of Object.entries(stable.slots)) {
    const next = canary.slots[name];
    if (slot.remote === part) {
      if (!next || next.remote !== slot.remote || next.page !== slot.page) add('slot', name, [`${part} serves it to stable hosts, the canary ${next ? `moved it to ${next.remote} ${next.page}` : 'no longer defines it'}`]);
      else add('slot', name, schemaAccepts(next.params, slot.params, 'params').map((r) => `stable hosts send these params, the canary ${part} reads them: ${r}`));
    } else if (next) {
      add('slot', name, schemaAccepts(slot.params, next.params, 'params').map((r) => `the canary ${part} may send these params, the stable ${slot.remote} reads them: ${r}`));
    }
  }
  for (const [name, slot] of Object.entries(canary.slots)) {
    if (!stable.slots[name] && slot.remote !== part) add('slot', name, [`the canary's contracts name a slot of ${slot.remote} the stable ${slot.remote} does not serve`]);
  }

  // Islands: other parts mount the canary's; the canary may mount other remotes' islands.
  const canaryIslands = canary.islands as Record<string, readonly string[]>;
  const stableIslands = stable.islands as Record<string, readonly string[]>;
  for (const island of stableIslands[part] ?? []) if (!(canaryIslands[part] ?? []).includes(island)) add('island', `${part}/${island}`, ['the canary no longer exposes it; stable pages may mount it']);
  for (const [remote, list] of Object.entries(canaryIslands)) {
    if (remote === part) continue;
    for (const island of list) if (!(stableIslands[remote] ?? []).includes(island)) add('island', `${remote}/${island}`, [`the canary's contracts name it, the stable ${remote} does not expose it`]);
  }

  // Pages and API prefixes: the stable shell routes by its own table.
  const canaryPages = canary.pages as Record<string, readonly string[]>;
  for (const page of (stable.pages as Record<string, readonly string[]>)[part] ?? []) if (!(canaryPages[part] ?? []).includes(page)) add('page', `${part} ${page}`, ['the stable shell routes to it, the canary no longer lists it']);
  for (const [prefix, owner] of stable.apiOwners) if (owner === part && !canary.apiOwners.some(([p, o]) => p === prefix && o === owner)) add('api', prefix, ['the stable shell sends it to the canary, which no longer owns it']);

  // Browser APIs read across parts.
  for (const [name, api] of Object.entries(stable.sharedApis)) {
    const next = canary.sharedApis[name];
    if (api.owner === part) {
      const readers = api.readers.filter((r) => r !== part);
      if (!next || next.path !== api.path) add('api', api.path, [`${readers.join(', ')} (stable) read it, the canary ${next ? `moved it to ${next.path}` : 'no longer defines it'}`]);
      else add('api', api.path, schemaAccepts(api.answer, next.answer, 'answer').map((r) => `${readers.join(', ')} (stable) read the canary's answer: ${r}`));
    } else if (next && next.readers.includes(part)) {
      add('api', api.path, schemaAccepts(next.answer, api.answer, 'answer').map((r) => `the canary ${part} reads the stable ${api.owner}'s answer: ${r}`));
    }
  }

  // Internal endpoints between Workers.
  for (const [name, endpoint] of Object.entries(stable.internal)) {
    const next = canary.internal[name];
    if (endpoint.owner === part) {
      if (!next || next.path !== endpoint.path) {
        add('internal', name, [`${endpoint.callers.join(', ')} (stable) call ${endpoint.path}, the canary ${next ? `moved it to ${next.path}` : 'no longer serves it'}`]);
        continue;
      }
      add('internal', name, [
        ...schemaAccepts(next.query, endpoint.query, 'query').map((r) => `stable callers send this query, the canary reads it: ${r}`),
        ...schemaAccepts(next.body, endpoint.body, 'body').map((r) => `stable callers send this body, the canary reads it: ${r}`),
        ...schemaAccepts(endpoint.answer, next.answer, 'answer').map((r) => `stable callers read the canary's answer: ${r}`),
      ]);
    } else if (next && next.callers.includes(part)) {
      add('internal', name, [
        ...schemaAccepts(endpoint.query, next.query, 'query').map((r) => `the canary ${part} sends this query, the stable ${endpoint.owner} reads it: ${r}`),
        ...schemaAccepts(endpoint.body, next.body, 'body').map((r) => `the canary ${part} sends this body, the stable ${endpoint.owner} reads it: ${r}`),
        ...schemaAccepts(next.answer, endpoint.answer, 'answer').map((r) => `the canary ${part} reads the stable ${endpoint.owner}'s answer: ${r}`),
      ]);
    }
  }
  for (const [name, endpoint] of Object.entries(canary.internal)) {
    if (!stable.internal[name] && endpoint.callers.includes(part) && endpoint.owner !== part) add('internal', name, [`the canary calls it, the stable ${endpoint.owner} does not serve it`]);
  }
  return issues;
}

/** One line per issue, for a terminal or an error message. */
export const formatCompatIssues = (issues: CompatIssue[]): string => issues.map((i) => `- ${i.surface} ${i.name}: ${i.message}`).join('\n');
