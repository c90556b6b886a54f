import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { AnalyticsEventSchema } from '@forecourt/contracts/analytics';
import { MiscellaneousRequestSchema, PhoneRevealLeadSchema, REQUIRED_FIELD_MESSAGE } from '@forecourt/contracts/api';
import { formatIssues, issueField, issueText } from './validate.ts';

/** Text a caller writes into a request; it must never come back in an error. */
const MARKER = 'Pay by bank transfer to BSB 062-000 ZQX7';
const issuesOf = (schema: v.GenericSchema, input: unknown) => {
  const parsed = v.safeParse(schema, input);
  if (parsed.success) throw new Error('expected the input to fail');
  return parsed.issues;
};

describe('formatIssues never quotes the input, and names the field and what is expected', () => {
  it.each([
    ['/api/analytics event_id', AnalyticsEventSchema, { event_id: MARKER, page: '/' }, /^event_id: Invalid type: Expected \(4 \| 9 \|[^]*\)\.$/],
    ['/api/miscellaneous column_name', MiscellaneousRequestSchema, { lead_id: 'x', column_name: MARKER, value: 'x' }, /^column_name: Invalid type: Expected "valuation"\.$/],
    ['/api/leads/phone-reveal car_type', v.pick(PhoneRevealLeadSchema, ['car_type']), { car_type: MARKER }, /^car_type: Invalid type: Expected \("new" \|[^]*\)\.$/],
  ] as const)('%s', (_, schema, input, expected) => {
    const text = formatIssues(issuesOf(schema, input), schema);
    expect(text).not.toContain('ZQX7');
    expect(text).not.toMatch(/received/i);
    expect(text).toMatch(expected);
  });

  it('words every default message without the input (types, validations, unions)', () => {
    const schema = v.object({
      page: v.pipe(v.string(), v.startsWith('/')),
      code: v.pipe(v.string(), v.regex(/^\d{6}$/)),
      email: v.pipe(v.string(), v.email()),
      count: v.number(),
      either: v.union([v.number(), v.boolean()]),
    });
    const issues = issuesOf(schema, { page: MARKER, code: MARKER, email: MARKER, count: MARKER, either: MARKER });
    const text = formatIssues(issues, schema);
    expect(text).not.toContain('ZQX7');
    expect(text).toBe('page: Invalid start: Expected "/".; code: Invalid format: Expected /^\\d{6}$/.; email: Invalid email.; count: Invalid type: Expected number.; either: Invalid type: Expected (number | boolean).');
  });

  it('names a field by the schema’s keys only: a record key or an unknown key is the caller’s, never quoted', () => {
    const meta = issuesOf(AnalyticsEventSchema, { event_id: 4, page: '/', meta: { [MARKER]: { nested: true } } });
    expect(meta.map((issue) => issueField(issue, AnalyticsEventSchema))).toEqual(['meta']);
    expect(formatIssues(meta, AnalyticsEventSchema)).toBe('meta: Invalid type: Expected (string | number | boolean | null).');
    const strict = v.object({ inner: v.optional(v.strictObject({ a: v.optional(v.string()) })) });
    expect(formatIssues(issuesOf(strict, { inner: { [MARKER]: 1 } }), strict)).toBe('inner: Unknown field.');
    const nested = v.object({ list: v.array(v.object({ n: v.number() })) });
    expect(formatIssues(issuesOf(nested, { list: [{ n: 1 }, { n: MARKER }] }), nested)).toBe('list.1.n: Invalid type: Expected number.');
  });

  it('keeps a schema’s own message and gives a missing field the spec §8 text', () => {
    const schema = v.object({ call_id: v.pipe(v.string(), v.uuid('call_id must be a UUID.')), name: v.string() });
    const issues = issuesOf(schema, { call_id: MARKER });
    expect(issues.map(issueText)).toEqual(['call_id must be a UUID.', REQUIRED_FIELD_MESSAGE]);
    expect(formatIssues(issues, schema)).toBe(`call_id: call_id must be a UUID.; name: ${REQUIRED_FIELD_MESSAGE}`);
  });

  it('lets a route name the allowed values instead', () => {
    const text = formatIssues(issuesOf(AnalyticsEventSchema, { event_id: MARKER, page: '/' }), AnalyticsEventSchema, (_, path) => (path === 'event_id' ? 'Unknown analytics event id.' : undefined));
    expect(text).toBe('event_id: Unknown analytics event id.');
  });
});
