/**
 * Twilio Programmable Messaging (SMS_ADAPTER=twilio): sign-in codes (spec §7) texted for real.
 *
 * Wire format (documented by Twilio, https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource):
 *   POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json   (base https://api.twilio.com)
 *   Authorization: Basic base64(AccountSid:AuthToken)
 *   Content-Type: application/x-www-form-urlencoded
 *   To=<E.164>&Body=<text>&From=<sender number or alphanumeric id>   (or MessagingServiceSid=MG... instead of From)
 *   -> 201 JSON message resource `{ sid: 'SM...', status: 'queued' | 'accepted', ... }`  => SmsReceipt `{ id: sid }`
 *   -> 4xx/5xx JSON `{ code, message, more_info, status }` (e.g. 400 code 21211 invalid 'To', 401 code 20003 bad credentials)
 * Twilio's `message` quotes the phone number, and the body holds the code: neither ever goes into an error or a log,
 * only the HTTP status and Twilio's error code do. No retries: the Messages API has no idempotency key, so a retry
 * after a timeout could text the shopper twice; the shopper asks again instead (auth.ts answers 503).
 */
import * as v from 'valibot';
import { isHttpUrl } from '../adapter-name.ts';
import { MAX_SMS_LENGTH } from './embedded.ts';
import type { SmsMessage, SmsPort, SmsReceipt } from './port.ts';

export const TWILIO_API_BASE = 'https://api.twilio.com';
export const TWILIO_API_VERSION = '2010-04-01';
/** A sign-in screen waits on this call: past 10 s the shopper is better off asking again. */
export const TWILIO_TIMEOUT_MS = 10_000;

export type TwilioSmsOptions = {
  /** Env TWILIO_ACCOUNT_SID (var): 'AC' + 32 hex digits. */
  accountSid: string;
  /** Env TWILIO_AUTH_TOKEN (Worker secret, `wrangler secret put TWILIO_AUTH_TOKEN`). */
  authToken: string;
  /** Env TWILIO_FROM (var): an E.164 sender number or an alphanumeric sender id (1-11 letters/digits/spaces, one letter at least). */
  from?: string;
  /** Env TWILIO_MESSAGING_SERVICE_SID (var): 'MG' + 32 hex; when set it is sent instead of From (Twilio picks the sender from the service's pool). */
  messagingServiceSid?: string;
  /** Env TWILIO_API_BASE: Twilio's public base by default, a local server in tests. */
  apiBase?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/** Twilio refused the message or gave no usable answer. Carries only the HTTP status and Twilio's code, never the phone or body. */
export class TwilioSmsError extends Error {
  override name = 'TwilioSmsError';
  constructor(
    message: string,
    /** HTTP status of Twilio's answer; null when there was none (network error, timeout). */
    readonly status: number | null = null,
    /** Twilio's error code (https://www.twilio.com/docs/api/errors), e.g. 21211 invalid 'To'. */
    readonly twilioCode: number | null = null,
  ) {
    super(message);
  }
}

const ACCOUNT_SID = /^AC[0-9a-f]{32}$/i;
const MESSAGING_SERVICE_SID = /^MG[0-9a-f]{32}$/i;
const E164 = /^\+[1-9]\d{6,14}$/;
// Twilio's alphanumeric sender id: up to 11 characters of A-Z, a-z, 0-9 and space, at least one letter.
const ALPHANUMERIC_SENDER = /^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/;

/**
 * A recipient in E.164 for Twilio: an Australian mobile in local form (spec §5 keeps AU numbers as 04xxxxxxxx; 05 is
 * the other mobile range) becomes +61 without the trunk 0, an international number stays. Spaces, dashes, dots and
 * brackets are ignored. Anything else throws (without echoing the number), before any request.
 * @example toE164('0412 345 678') // '+61412345678'
 */
export function toE164(phone: string): string {
  const compact = phone.trim().replace(/[\s().-]/g, '');
  if (/^0[45]\d{8}$/.test(compact)) return `+61${compact.slice(1)}`;
  // '+610412...' keeps the trunk 0 after the country code: not a number Twilio can route.
  if (E164.test(compact) && !compact.startsWith('+610')) return compact;
  throw new TwilioSmsError('Invalid phone number: an SMS needs an Australian mobile (04xxxxxxxx) or an international +number.');
}

const MessageAnswerSchema = v.object({
  // SM for SMS (MM when Twilio sends it as MMS).
  sid: v.pipe(v.string(), v.regex(/^(SM|MM)[0-9a-f]{32}$/i)),
  status: v.pipe(v.string(), v.minLength(1)),
  error_code: v.nullish(v.union([v.number(), v.string()])),
});
const ErrorAnswerSchema = v.object({ code: v.nullish(v.number()), status: v.optional(v.number()) });
/** Statuses of a message Twilio will not send: a 201 carrying one is still a failure. */
const FAILED_STATUSES = new Set(['failed', 'undelivered', 'canceled']);

export class TwilioSms implements SmsPort {
  private readonly apiBase: string;
  private readonly timeoutMs: number;
  private readonly fetcher: typeof fetch;
  private readonly sender: { From: string } | { MessagingServiceSid: string };

  constructor(private readonly options: TwilioSmsOptions) {
    if (!options.accountSid) throw new Error('TWILIO_ACCOUNT_SID is not set: the twilio sms adapter needs the Twilio account SID.');
    if (!ACCOUNT_SID.test(options.accountSid)) throw new Error('TWILIO_ACCOUNT_SID is not a Twilio account SID (AC followed by 32 hex digits).');
    if (!options.authToken) throw new Error('TWILIO_AUTH_TOKEN is not set: the twilio sms adapter needs the Twilio auth token secret.');
    const service = options.messagingServiceSid?.trim();
    const from = options.from?.trim();
    if (service) {
      if (!MESSAGING_SERVICE_SID.test(service)) throw new Error('TWILIO_MESSAGING_SERVICE_SID is not a Twilio messaging service SID (MG followed by 32 hex digits).');
      this.sender = { MessagingServiceSid: service };
    } else if (from) {
      if (!E164.test(from) && !ALPHANUMERIC_SENDER.test(from)) {
        throw new Error('TWILIO_FROM is neither an E.164 number (+61...) nor an alphanumeric sender id (up to 11 letters, digits or spaces).');
      }
      this.sender = { From: from };
    } else {
      throw new Error('TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID is not set: the twilio sms adapter needs a sender.');
    }
    const apiBase = options.apiBase || TWILIO_API_BASE;
    if (!isHttpUrl(apiBase)) throw new Error(`TWILIO_API_BASE="${apiBase}" is not a URL.`);
    this.apiBase = apiBase.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? TWILIO_TIMEOUT_MS;
    this.fetcher = options.fetch ?? ((input, init) => fetch(input, init));
  }

  async send({ tenant, to, body }: SmsMessage): Promise<SmsReceipt> {
    const recipient = toE164(to);
    if (body.length === 0 || body.length > MAX_SMS_LENGTH) throw new TwilioSmsError(`SMS body must be 1-${MAX_SMS_LENGTH} characters.`);
    const { accountSid, authToken } = this.options;
    const url = `${this.apiBase}/${TWILIO_API_VERSION}/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
    const form = new URLSearchParams({ To: recipient, Body: body, ...this.sender });
    // Tenant only, never the phone or the body (it holds the code).
    const what = `Twilio message for tenant ${tenant}`;
    const signal = AbortSignal.timeout(this.timeoutMs);

    let response: Response;
    let text: string;
    try {
      response = await this.fetcher(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${btoa(`${accountSid}:${authToken}`)}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
        signal,
      });
      text = await response.text();
    } catch (err) {
      throw new TwilioSmsError(`${what}: Twilio unreachable (${err instanceof Error ? err.name : 'error'})`);
    }

    let answer: unknown;
    let json = true;
    try {
      answer = JSON.parse(text);
    } catch {
      json = false;
    }
    if (!response.ok) {
      const error = json ? v.safeParse(ErrorAnswerSchema, answer) : null;
      const code = error?.success ? (error.output.code ?? null) : null;
      throw new TwilioSmsError(`${what}: Twilio answered ${response.status}${code !== null ? ` (Twilio error ${code})` : json ? '' : ' without JSON'}`, response.status, code);
    }
    if (!json) throw new TwilioSmsError(`${what}: Twilio answered ${response.status} without JSON`, response.status);
    const parsed = v.safeParse(MessageAnswerSchema, answer);
    if (!parsed.success) {
      // Paths and messages of the schema only: the answer itself echoes To and Body.
      throw new TwilioSmsError(`${what}: Twilio answered an unexpected body (${parsed.issues.map((i) => `${v.getDotPath(i) ?? '(root)'}: ${i.expected ?? 'invalid'}`).join('; ')})`, response.status);
    }
    if (FAILED_STATUSES.has(parsed.output.status)) {
      const code = typeof parsed.output.error_code === 'number' ? parsed.output.error_code : Number(parsed.output.error_code) || null;
      throw new TwilioSmsError(`${what}: Twilio created message ${parsed.output.sid} as ${parsed.output.status}${code !== null ? ` (Twilio error ${code})` : ''}`, response.status, code);
    }
    return { id: parsed.output.sid };
  }
}
