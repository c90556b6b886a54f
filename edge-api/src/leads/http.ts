/** Request-reading helpers of the leads routes: every bad body becomes a clear 4xx, never an exception. */
import type { Context } from 'hono';

export const INVALID_JSON_MESSAGE = 'Invalid JSON body.';
export const JSON_ONLY_MESSAGE = 'Unsupported content type: send application/json.';
export const JSON_OR_FORM_MESSAGE = 'Unsupported content type: send application/json or application/x-www-form-urlencoded.';
/** spec §8 'Lead submission failed': storage did not answer, nothing was stored, the same lead_id may be retried. */
export const LEAD_FAILED_MESSAGE = 'Lead submission failed';
export const LEAD_NOT_FOUND_MESSAGE = 'Lead not found.';

const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;

export type Body =
  | { ok: true; kind: 'json'; value: unknown }
  | { ok: true; kind: 'form'; form: URLSearchParams }
  | { ok: false; status: 400 | 415; error: string };

/** Reads a JSON body (or, when allowed, a urlencoded form); a wrong type is 415, unparsable JSON 400. */
export async function readBody(c: Context, options: { form?: boolean } = {}): Promise<Body> {
  const type = c.req.header('content-type') ?? '';
  const isJson = JSON_TYPE.test(type);
  const isForm = options.form === true && FORM_TYPE.test(type);
  if (!isJson && !isForm) return { ok: false, status: 415, error: options.form ? JSON_OR_FORM_MESSAGE : JSON_ONLY_MESSAGE };
  const text = await c.req.text();
  if (isForm) return { ok: true, kind: 'form', form: new URLSearchParams(text) };
  try {
    return { ok: true, kind: 'json', value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, status: 400, error: INVALID_JSON_MESSAGE };
  }
}

/** The Worker's ExecutionContext, or null where there is none (a test calling app.request without one). */
export function executionCtxOf(c: Context): ExecutionContext | null {
  try {
    return c.executionCtx as ExecutionContext;
  } catch {
    return null;
  }
}

/** Error details for the log only: the error's name and message, never request data (no lead PII in logs). */
export const describeError = (err: unknown) => (err instanceof Error ? `${err.name}: ${err.message}` : 'unknown error');

/** A UUID-shaped id derived from its parts: the same follow-up sent twice gets the same id (idempotent). */
export async function derivedId(...parts: string[]): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(parts.join('\u0000')));
  const hex = [...new Uint8Array(digest)].slice(0, 16).map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** JSON with sorted keys, so equal answers hash the same whatever order the browser sent them in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
