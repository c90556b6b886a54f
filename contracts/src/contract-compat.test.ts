import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { checkContractCompat, formatCompatIssues, schemaAccepts } from './contract-compat.ts';
import { contractSurface, type ContractSurface, type JsonSchema } from './contract-surface.ts';

const json = (schema: v.GenericSchema) => toJsonSchema(schema, { errorMode: 'ignore' }) as JsonSchema;
const clone = (s: ContractSurface): ContractSurface => structuredClone(s);

describe('schemaAccepts (reader, writer)', () => {
  it('takes identical schemas and writers that promise more', () => {
    const reader = json(v.object({ a: v.string(), b: v.optional(v.number()) }));
    expect(schemaAccepts(reader, reader)).toEqual([]);
    expect(schemaAccepts(reader, json(v.object({ a: v.pipe(v.string(), v.maxLength(5)), b: v.number(), c: v.boolean() })))).toEqual([]);
    expect(schemaAccepts(json(v.number()), json(v.pipe(v.number(), v.integer())))).toEqual([]);
    expect(schemaAccepts(json(v.nullable(v.string())), json(v.string()))).toEqual([]);
  });

  it('names a renamed or removed required field', () => {
    const reasons = schemaAccepts(json(v.object({ favourites: v.array(v.string()) })), json(v.object({ items: v.array(v.string()) })));
    expect(reasons).toEqual(['payload.favourites: required by the reader, not sent by the writer (removed or renamed)']);
    expect(schemaAccepts(json(v.object({ a: v.string() })), json(v.object({ a: v.optional(v.string()) })))).toEqual(['payload.a: required by the reader, optional for the writer']);
  });

  it('names widened types, values and limits', () => {
    expect(schemaAccepts(json(v.object({ n: v.number() })), json(v.object({ n: v.nullable(v.number()) })))).toEqual(['payload.n: the writer may send null, the reader takes only number']);
    expect(schemaAccepts(json(v.picklist(['a', 'b'])), json(v.picklist(['a', 'b', 'c'])))).toEqual(['payload: the writer may send "c", which the reader refuses']);
    expect(schemaAccepts(json(v.pipe(v.string(), v.maxLength(10))), json(v.pipe(v.string(), v.maxLength(20))))).toEqual(['payload: the reader takes at most 10 characters, the writer allows 20']);
    expect(schemaAccepts(json(v.pipe(v.string(), v.regex(/^\d{4}$/))), json(v.string()))[0]).toMatch(/requires pattern/);
    expect(schemaAccepts(json(v.array(v.object({ id: v.string() }))), json(v.array(v.object({ id: v.number() }))))).toEqual(['payload[].id: the writer may send number, the reader takes only string']);
    expect(schemaAccepts(json(v.strictObject({ a: v.string() })), json(v.object({ a: v.string(), b: v.string() })))).toEqual(['payload.b: the writer may send it, the reader refuses unknown keys']);
  });

  it('takes a writer union only when the reader takes every branch', () => {
    expect(schemaAccepts(json(v.union([v.string(), v.number()])), json(v.number()))).toEqual([]);
    expect(schemaAccepts(json(v.string()), json(v.union([v.string(), v.number()])))).toEqual(['payload: the writer may send number, the reader takes only string']);
  });
});

describe('checkContractCompat', () => {
  const stable = contractSurface();

  it('finds nothing between a build and itself, for every part', () => {
    for (const part of ['shell', 'mf-search', 'mf-vehicle', 'mf-locations', 'mf-finance', 'mf-account'] as const) {
      expect(checkContractCompat({ stable, canary: stable, part }), part).toEqual([]);
    }
  });

  it('catches an event field renamed in the canary that stable listeners read', () => {
    const canary = clone(stable);
    const schema = canary.schemas['event:favourites.changed.v1']! as { properties: Record<string, unknown>; required: string[] };
    schema.properties.items = schema.properties.favourites;
    delete schema.properties.favourites;
    schema.required = schema.required.map((k) => (k === 'favourites' ? 'items' : k));
    const issues = checkContractCompat({ stable, canary, part: 'mf-search' });
    expect(issues).toEqual([
      {
        surface: 'event',
        name: 'favourites.changed.v1',
        message: 'mf-search emits it, mf-vehicle, mf-account (stable) listen: payload.favourites: required by the reader, not sent by the writer (removed or renamed)',
      },
      // mf-search listens for it too (its cards' hearts), so the other direction breaks as well.
      {
        surface: 'event',
        name: 'favourites.changed.v1',
        message: 'mf-vehicle, mf-account (stable) emit it, mf-search listens: payload.items: required by the reader, not sent by the writer (removed or renamed)',
      },
    ]);
    expect(formatCompatIssues(issues)).toContain('- event favourites.changed.v1: mf-search emits it');
    // The same change is harmless for a part that neither emits nor listens for it.
    expect(checkContractCompat({ stable, canary, part: 'mf-locations' })).toEqual([]);
  });

  it('catches removed events, islands, slots, pages, APIs and internal endpoints other parts still use', () => {
    const canary = clone(stable);
    delete canary.schemas['event:compare.changed.v1'];
    canary.islands = { ...canary.islands, 'mf-search': canary.islands['mf-search'].filter((i) => i !== 'SimilarCars') };
    canary.pages = { ...canary.pages, 'mf-search': canary.pages['mf-search'].filter((p) => p !== 'offers') };
    delete canary.sharedApis.compare;
    delete canary.internal.car;
    const names = checkContractCompat({ stable, canary, part: 'mf-search' }).map((i) => `${i.surface} ${i.name}`);
    expect(names).toEqual(['event compare.changed.v1', 'island mf-search/SimilarCars', 'page mf-search offers', 'api /api/search/compare', 'internal car']);

    const account = clone(stable);
    delete account.slots.leadForm;
    expect(checkContractCompat({ stable, canary: account, part: 'mf-account' }).map((i) => i.message)).toEqual(['mf-account serves it to stable hosts, the canary no longer defines it']);
  });

  it('checks both directions of an internal endpoint: the owner’s answer and a caller’s reading of it', () => {
    const canary = clone(stable);
    (canary.internal.quickQuote!.answer as { required: string[] }).required.push('lender');
    (canary.internal.quickQuote!.answer as { properties: Record<string, unknown> }).properties.lender = { type: 'string' };
    // mf-finance (a caller) now needs a field the stable edge-api never sends.
    expect(checkContractCompat({ stable, canary, part: 'mf-finance' }).map((i) => i.message)).toEqual([
      "the canary mf-finance reads the stable edge-api's answer: answer.lender: required by the reader, not sent by the writer (removed or renamed)",
    ]);
  });
});
