/**
 * The contract surface one build was made with: every exported schema and event schema as JSON Schema, who emits and
 * who listens for each event, the islands, the slots, the API owners, the browser APIs read across parts and the
 * internal endpoints with their callers. `node dev/build.mjs` writes it beside each remote's bundle
 * (`/_mf/<remote>/<version>/contracts.json`, CONTRACT_SURFACE_FILE), so two versions of the platform's parts can be
 * compared without their sources (contract-compat.ts), by the canary tooling and by an operator before a pin.
 * Not for Workers or browsers: it converts every schema (tooling and tests only).
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import * as contracts from './index.ts';
import { API_OWNERS, SHARED_APIS } from './api-owners.ts';
import { EVENT_CONSUMERS, EVENT_PRODUCERS, EVENT_SCHEMAS, type EventName } from './events.ts';
import { INTERNAL, INTERNAL_CALLERS, type InternalName } from './internal.ts';
import { ISLANDS } from './islands.ts';
import { PAGES, type RouteOwner } from './routes.ts';
import { SLOTS, type SlotName } from './slots.ts';
import type { RemoteName } from './tenant.ts';

/** The file name of a build's surface, in its bundle folder. */
export const CONTRACT_SURFACE_FILE = 'contracts.json';

/** A JSON Schema as @valibot/to-json-schema writes it (draft-07 objects). */
export type JsonSchema = { [key: string]: unknown };

export type ContractSurface = {
  format: 1;
  /** Every exported `*Schema` by name, and every event payload as `event:<name>` (the snapshot of json-schema.test.ts). */
  schemas: Record<string, JsonSchema>;
  events: { producers: Record<RouteOwner, readonly EventName[]>; consumers: Record<RouteOwner, readonly EventName[]> };
  islands: Record<RemoteName, readonly string[]>;
  pages: Record<RouteOwner, readonly string[]>;
  slots: Record<string, { remote: RemoteName; page: string; params: JsonSchema }>;
  apiOwners: ReadonlyArray<readonly [string, RemoteName]>;
  sharedApis: Record<string, { owner: RemoteName; path: string; answer: JsonSchema; readers: readonly RouteOwner[] }>;
  internal: Record<string, { owner: string; path: string; callers: readonly string[]; query?: JsonSchema; body?: JsonSchema; answer: JsonSchema }>;
};

const isSchema = (x: unknown): x is v.GenericSchema => typeof x === 'object' && x !== null && (x as { kind?: unknown }).kind === 'schema';
const json = (schema: v.GenericSchema): JsonSchema => toJsonSchema(schema, { errorMode: 'ignore' }) as JsonSchema;
const sorted = <T>(entries: Array<[string, T]>) => entries.sort(([a], [b]) => a.localeCompare(b));

/** Every exported `*Schema` of contracts, sorted by name. */
export function exportedSchemas(): Array<[string, v.GenericSchema]> {
  return sorted(Object.entries(contracts as Record<string, unknown>).filter((e): e is [string, v.GenericSchema] => /^[A-Z]\w*Schema$/.test(e[0]) && isSchema(e[1])));
}

/** The JSON Schema snapshot: every exported schema, then every event payload (`event:<name>`). */
export function schemaSnapshot(): Record<string, JsonSchema> {
  const snapshot: Record<string, JsonSchema> = {};
  for (const [name, schema] of exportedSchemas()) snapshot[name] = json(schema);
  for (const [name, schema] of sorted(Object.entries(EVENT_SCHEMAS) as Array<[string, v.GenericSchema]>)) snapshot[`event:${name}`] = json(schema);
  return snapshot;
}

/** This build's contract surface. */
export function contractSurface(): ContractSurface {
  const slots: ContractSurface['slots'] = {};
  for (const [name, slot] of Object.entries(SLOTS) as Array<[SlotName, (typeof SLOTS)[SlotName]]>) slots[name] = { remote: slot.remote, page: slot.page, params: json(slot.params) };
  const sharedApis: ContractSurface['sharedApis'] = {};
  for (const [name, api] of Object.entries(SHARED_APIS)) sharedApis[name] = { owner: api.owner, path: api.path, answer: json(api.answer), readers: api.readers };
  const internal: ContractSurface['internal'] = {};
  for (const [name, endpoint] of Object.entries(INTERNAL) as Array<[InternalName, { owner: string; path: string; answer: v.GenericSchema; query?: v.GenericSchema; body?: v.GenericSchema }]>) {
    internal[name] = {
      owner: endpoint.owner,
      path: endpoint.path,
      callers: INTERNAL_CALLERS[name],
      answer: json(endpoint.answer),
      ...(endpoint.query ? { query: json(endpoint.query) } : {}),
      ...(endpoint.body ? { body: json(endpoint.body) } : {}),
    };
  }
  return {
    format: 1,
    schemas: schemaSnapshot(),
    events: { producers: EVENT_PRODUCERS, consumers: EVENT_CONSUMERS },
    islands: ISLANDS,
    pages: PAGES,
    slots,
    apiOwners: API_OWNERS,
    sharedApis,
    internal,
  };
}
