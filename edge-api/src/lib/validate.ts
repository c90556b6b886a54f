/**
 * How edge-api words a refused input: every answer that turns valibot issues into text goes through `issueField` and
 * `issueText`, so an error names the field and what is expected and never quotes what the caller sent. valibot's own
 * messages do (`Invalid type: Expected ("a" | "b") but received "<the caller's text>"`), and so does the dot path of
 * an issue inside a record or about an unknown key (the key is the caller's).
 */
import { vValidator } from '@hono/valibot-validator';
import type { ValidationTargets } from 'hono';
import * as v from 'valibot';
import { REQUIRED_FIELD_MESSAGE } from '@forecourt/contracts/api';

/** Replaces the default text of an issue when it returns a string (e.g. to name a field's allowed values). */
export type IssueMessage = (issue: v.BaseIssue<unknown>, path: string | null) => string | undefined;

/** valibot's default message (`Invalid <label>: Expected <expected> but received <received>`), or null for a schema's own. */
function defaultLabel(issue: v.BaseIssue<unknown>): string | null {
  const label = /^Invalid ([^:]*): /.exec(issue.message)?.[1];
  if (label === undefined) return null;
  const text = `Invalid ${label}: ${issue.expected ? `Expected ${issue.expected} but r` : 'R'}eceived ${issue.received}`;
  return issue.message === text ? label : null;
}

type Node = { type: string; entries?: Record<string, unknown>; item?: unknown; items?: unknown[]; options?: unknown[]; wrapped?: unknown };

/** The schema a key leads to inside `schema`, or null when the key is not one of the schema's own (the caller chose it). */
function childOf(schema: Node, key: unknown): Node[] | null {
  switch (schema.type) {
    case 'object': case 'loose_object': case 'strict_object': case 'object_with_rest':
      return typeof key === 'string' && schema.entries && Object.hasOwn(schema.entries, key) ? [schema.entries[key] as Node] : null;
    case 'array':
      return typeof key === 'number' ? [schema.item as Node] : null;
    case 'tuple': case 'loose_tuple': case 'strict_tuple': case 'tuple_with_rest':
      return typeof key === 'number' && schema.items && key < schema.items.length ? [schema.items[key] as Node] : null;
    default:
      return null;
  }
}

/** The schemas `schema` may be once optional/nullable wrappers and unions are looked through. */
function shapes(schema: Node): Node[] {
  if (schema.wrapped) return shapes(schema.wrapped as Node);
  if ((schema.type === 'union' || schema.type === 'variant' || schema.type === 'intersect') && schema.options) return (schema.options as Node[]).flatMap(shapes);
  return [schema];
}

/**
 * The field an issue is about, named by the schema's own keys only: the dot path up to the first key the schema does
 * not declare (a record's key, an unknown key of a strict or loose object: the caller chose it), null for the whole
 * input.
 */
export function issueField(issue: v.BaseIssue<unknown>, schema: v.GenericSchema): string | null {
  const keys: string[] = [];
  let at: Node[] = [schema as unknown as Node];
  for (const item of issue.path ?? []) {
    const next = at.flatMap(shapes).flatMap((s) => childOf(s, item.key) ?? []);
    if (next.length === 0) break;
    keys.push(String(item.key));
    at = next;
  }
  return keys.length > 0 ? keys.join('.') : null;
}

/**
 * An issue's text without the input: a schema's own message as it is (they name the rule, e.g. 'Invalid phone
 * number.'), valibot's default reworded to what is expected ('Invalid type: Expected ("valuation").'), a missing
 * value the spec §8 'This is a required field.', an unknown key 'Unknown field.'.
 */
export function issueText(issue: v.BaseIssue<unknown>): string {
  const label = defaultLabel(issue);
  if (label === null) return issue.message;
  if (issue.expected === 'never' && issue.path?.at(-1)?.origin === 'key') return 'Unknown field.';
  if (issue.input === undefined && issue.kind === 'schema') return REQUIRED_FIELD_MESSAGE;
  return issue.expected ? `Invalid ${label}: Expected ${issue.expected}.` : `Invalid ${label}.`;
}

/** One readable line per issue, e.g. `event_id: Unknown analytics event id, expected one of 4, 9, ...`, joined by '; '. */
export function formatIssues(issues: readonly v.BaseIssue<unknown>[], schema: v.GenericSchema, message?: IssueMessage): string {
  return issues.map((issue) => {
    const path = issueField(issue, schema);
    const text = message?.(issue, path) ?? issueText(issue);
    return path ? `${path}: ${text}` : text;
  }).join('; ');
}

/** valibot validator whose failure is a 400 `{ error }` naming every issue. */
export const validate = <T extends v.GenericSchema, Target extends keyof ValidationTargets>(target: Target, schema: T, message?: IssueMessage) =>
  vValidator(target, schema, (result, c) => {
    if (!result.success) return c.json({ error: `Invalid request: ${formatIssues(result.issues, schema, message)}` }, 400);
  });
