/**
 * The sign-in calls to edge-api (contracts/src/sign-in.ts SIGN_IN_API, same origin through the shell's /api proxy),
 * each given up after SIGN_IN_REQUEST_TIMEOUT_MS (spec §9: 15,000 ms). Answers are read with the contract schemas;
 * a failure is the server's `error` text, or spec §8's fallback. Nothing here throws.
 */
import * as v from 'valibot';
import {
  SendCodeResponseSchema,
  SessionResponseSchema,
  SIGN_IN_API,
  SIGN_IN_MESSAGES,
  SIGN_IN_REQUEST_TIMEOUT_MS,
  type SendCodeResponse,
  type SessionUser,
} from '@forecourt/contracts/sign-in';
import type { SendCodeBody, VerifyCodeBody } from './model.ts';

export type ApiFailure = {
  ok: false;
  status: number;
  message: string;
  /** edge-api's message per request field (400), e.g. `{ phone: 'Invalid phone number.' }`. */
  fields?: Record<string, string>;
  retryAfter?: number;
};
export type ApiResult<T> = { ok: true; data: T } | ApiFailure;

export type SignInApiOptions = {
  fetch?: typeof fetch;
  /** Defaults to SIGN_IN_REQUEST_TIMEOUT_MS. */
  timeoutMs?: number;
};

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

async function call(path: string, init: { method: 'GET' | 'POST'; body?: unknown }, options: SignInApiOptions): Promise<{ res: Response; body: unknown } | null> {
  const doFetch = options.fetch ?? fetch;
  try {
    const res = await doFetch(path, {
      method: init.method,
      headers: init.body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(options.timeoutMs ?? SIGN_IN_REQUEST_TIMEOUT_MS),
    });
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {
      body = null;
    }
    return { res, body };
  } catch {
    // Network failure or timeout.
    return null;
  }
}

function failure(answer: { res: Response; body: unknown } | null, fallback: string): ApiFailure {
  if (!answer) return { ok: false, status: 0, message: fallback };
  const { res, body } = answer;
  const text = isRecord(body) && typeof body.error === 'string' && body.error.trim() ? body.error.trim() : fallback;
  const result: ApiFailure = { ok: false, status: res.status, message: text };
  if (isRecord(body) && isRecord(body.fields)) {
    const fields = Object.fromEntries(Object.entries(body.fields).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== ''));
    if (Object.keys(fields).length) result.fields = fields;
  }
  // edge-api says when to ask again in Retry-After and in the body's retry_after (the same seconds).
  const retry = Number(res.headers.get('retry-after') ?? (isRecord(body) ? body.retry_after : NaN));
  if (res.status === 429 && Number.isFinite(retry) && retry > 0) result.retryAfter = retry;
  return result;
}

/** POST /api/auth/otp: texts a code to the phone. 200 `{ ok, expires_in }`; 400/429/503 `{ error }`. */
export async function requestCode(body: SendCodeBody, options: SignInApiOptions = {}): Promise<ApiResult<SendCodeResponse>> {
  const answer = await call(SIGN_IN_API.sendCode, { method: 'POST', body }, options);
  if (answer?.res.ok) {
    const parsed = v.safeParse(SendCodeResponseSchema, answer.body);
    if (parsed.success) return { ok: true, data: parsed.output };
  }
  // A 2xx that is not the contract's answer has no text worth showing.
  return failure(answer?.res.ok ? { res: answer.res, body: null } : answer, SIGN_IN_MESSAGES.unknown);
}

/** POST /api/auth/verify: 200 `{ user }` and the session cookie; 400 the invalid-code text; 429 too many tries. */
export async function verifyCode(body: VerifyCodeBody, options: SignInApiOptions = {}): Promise<ApiResult<SessionUser>> {
  const answer = await call(SIGN_IN_API.verify, { method: 'POST', body }, options);
  if (answer?.res.ok) {
    const parsed = v.safeParse(SessionResponseSchema, answer.body);
    if (parsed.success) return { ok: true, data: parsed.output.user };
  }
  return failure(answer?.res.ok ? { res: answer.res, body: null } : answer, SIGN_IN_MESSAGES.unknownVerification);
}

/** GET /api/auth/session: the signed-in shopper, or null (401, failure, or an answer that is not a session). */
export async function readSession(options: SignInApiOptions = {}): Promise<SessionUser | null> {
  const answer = await call(SIGN_IN_API.session, { method: 'GET' }, options);
  if (!answer?.res.ok) return null;
  const parsed = v.safeParse(SessionResponseSchema, answer.body);
  return parsed.success ? parsed.output.user : null;
}

/** POST /api/auth/sign-out: ok once edge-api cleared the session cookie. */
export async function signOut(options: SignInApiOptions = {}): Promise<ApiResult<true>> {
  const answer = await call(SIGN_IN_API.signOut, { method: 'POST' }, options);
  if (answer?.res.ok) return { ok: true, data: true };
  return failure(answer, SIGN_IN_MESSAGES.unknown);
}
