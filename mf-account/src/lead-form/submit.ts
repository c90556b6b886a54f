/**
 * Sending a lead to edge-api (`POST /api/leads`, the contract of issue 4) and reading its answer:
 * 201/200 `{ lead_id }` is success; any other answer is the server's text, or spec §8's fallback
 * 'An unexpected error occured' (spec spelling) when there is no usable text.
 */
import type { LeadPayloadInput, LeadUserDataSchema } from '@forecourt/contracts/api';
import type * as v from 'valibot';
import type { FieldErrors, LeadFieldName } from './model.ts';
import { VISIBLE_FIELDS } from './model.ts';

export const UNEXPECTED_ERROR = 'An unexpected error occured';

export type LeadRequestBody = {
  payload: LeadPayloadInput;
  userData: v.InferInput<typeof LeadUserDataSchema>;
  lead_id: string;
  turnstile_token?: string;
};

export type SubmitResult =
  | { ok: true; leadId: string; duplicate: boolean }
  | { ok: false; message: string; fields: FieldErrors; retryAfter?: number };

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Reads an answer of POST /api/leads into a result; never throws. */
export async function readLeadResponse(res: Response): Promise<SubmitResult> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  if (res.ok && isRecord(body) && typeof body.lead_id === 'string' && body.lead_id) {
    return { ok: true, leadId: body.lead_id, duplicate: body.duplicate === true };
  }
  const fields: FieldErrors = {};
  if (isRecord(body) && isRecord(body.fields)) {
    for (const [k, message] of Object.entries(body.fields)) {
      // Field paths may be nested ('payload.email'); the form knows its own field names only.
      const name = k.split('.').pop() as LeadFieldName;
      if ((VISIBLE_FIELDS as readonly string[]).includes(name) && typeof message === 'string' && message) fields[name] = message;
    }
  }
  const text = isRecord(body) && typeof body.error === 'string' && body.error.trim() ? body.error.trim() : UNEXPECTED_ERROR;
  const result: SubmitResult = { ok: false, message: text, fields };
  const retry = Number(res.headers.get('retry-after'));
  if (res.status === 429 && Number.isFinite(retry) && retry > 0) result.retryAfter = retry;
  return result;
}

/**
 * Posts a lead as JSON (same origin, so the shell sets the tenant). A network failure is the unexpected error:
 * the form keeps its lead_id, so trying again can never create a second lead.
 */
export async function postLead(body: LeadRequestBody, options: { action?: string; fetch?: typeof fetch } = {}): Promise<SubmitResult> {
  const doFetch = options.fetch ?? fetch;
  try {
    const res = await doFetch(options.action ?? '/api/leads', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
    return await readLeadResponse(res);
  } catch {
    return { ok: false, message: UNEXPECTED_ERROR, fields: {} };
  }
}

export { isTurnstileTestSiteKey, TURNSTILE_TEST_TOKEN } from '@forecourt/contracts/turnstile';
