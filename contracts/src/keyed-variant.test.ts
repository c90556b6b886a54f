import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { keyedVariant } from './keyed-variant.ts';
import { HomeSectionSchema } from './tenant.ts';

const options = () =>
  [
    v.object({ kind: v.literal('plain') }),
    v.object({ kind: v.literal('sized'), size: v.pipe(v.number(), v.integer(), v.minValue(1)) }),
    v.object({ kind: v.literal('named'), name: v.optional(v.pipe(v.string(), v.minLength(1)), 'none') }),
  ] as const;

const INPUTS: unknown[] = [
  { kind: 'plain' },
  { kind: 'sized', size: 3 },
  { kind: 'named' },
  { kind: 'named', name: 'x', extra: true },
  // Refused: a bad field of the named option, an unknown or missing key, no object at all.
  { kind: 'sized', size: 0 },
  { kind: 'sized' },
  { kind: 'named', name: '' },
  { kind: 'nope' },
  { kind: 7 },
  {},
  { size: 3 },
  null,
  'plain',
  [],
];

/** What a parse gives, issues as their messages and paths. */
const outcome = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? { output: result.output } : { issues: result.issues.map((issue) => ({ message: issue.message, path: v.getDotPath(issue) })) };
};

describe('keyedVariant', () => {
  it('parses as v.variant does: the same outputs, the same issues', () => {
    for (const input of INPUTS) expect(outcome(keyedVariant('kind', options()), input), JSON.stringify(input)).toEqual(outcome(v.variant('kind', options()), input));
  });

  it('runs only the option the key names: no other option’s key is checked', () => {
    const [plain, sized, named] = options();
    const checks = [plain, named].map((option) => vi.spyOn(option.entries.kind, '~run'));
    expect(v.parse(keyedVariant('kind', [plain, sized, named]), { kind: 'sized', size: 2 })).toEqual({ kind: 'sized', size: 2 });
    for (const check of checks) expect(check).not.toHaveBeenCalled();
    // So does its Standard Schema interface (what validators of other libraries call).
    expect(keyedVariant('kind', [plain, sized, named])['~standard'].validate({ kind: 'sized', size: 2 })).toMatchObject({ value: { kind: 'sized', size: 2 } });
    for (const check of checks) expect(check).not.toHaveBeenCalled();
    // valibot's own variant checks the first option's key before it reaches the second.
    v.parse(v.variant('kind', [plain, sized, named]), { kind: 'sized', size: 2 });
    expect(checks[0]).toHaveBeenCalled();
  });

  it('leaves options it cannot tell apart by their literal key to valibot’s order (shared literal, picklist key)', () => {
    const shared = [v.object({ kind: v.literal('a'), n: v.number() }), v.object({ kind: v.literal('a'), s: v.string() })] as const;
    const picklist = [v.object({ kind: v.picklist(['a', 'b']), n: v.number() }), v.object({ kind: v.literal('a'), s: v.string() })] as const;
    for (const input of [{ kind: 'a', s: 'x' }, { kind: 'a', n: 1 }, { kind: 'b', n: 1 }, { kind: 'a' }]) {
      expect(outcome(keyedVariant('kind', shared), input)).toEqual(outcome(v.variant('kind', shared), input));
      expect(outcome(keyedVariant('kind', picklist), input)).toEqual(outcome(v.variant('kind', picklist), input));
    }
    expect(v.parse(keyedVariant('kind', shared), { kind: 'a', s: 'x' })).toEqual({ kind: 'a', s: 'x' });
  });

  it('describes the same JSON Schema as v.variant (the contract snapshot does not move)', () => {
    expect(toJsonSchema(keyedVariant('kind', options()), { errorMode: 'ignore' })).toEqual(toJsonSchema(v.variant('kind', options()), { errorMode: 'ignore' }));
  });

  it('home sections: each kind parsed, unknown kinds and bad fields refused as before', () => {
    const plainVariant = v.variant('kind', HomeSectionSchema.options);
    for (const input of [
      { kind: 'hero' },
      { kind: 'shop-by' },
      { kind: 'stock-strip', strip: 'type', car_type: 'new', heading: 'New cars' },
      { kind: 'stock-strip', strip: 'sideways' },
      { kind: 'locations', params: { show: 'sales', layout: 'carousel' } },
      { kind: 'locations', params: { show: 'id' } },
      { kind: 'banner' },
      { strip: 'specials' },
    ]) {
      expect(outcome(HomeSectionSchema, input), JSON.stringify(input)).toEqual(outcome(plainVariant, input));
    }
    expect(v.parse(HomeSectionSchema, { kind: 'hero', extra: 1 })).toEqual({ kind: 'hero' });
  });
});
