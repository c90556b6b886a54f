/**
 * Texting a one-time code (spec §7 One-time-code sign-in, README "Sign-in" > "Limits"): the one path every code takes,
 * sign-in's `POST /api/auth/otp` and the trade-in journey's verify step alike, so no caller can skip a limit or text a
 * number the sign-in would refuse. In order: the phone must be an Australian mobile (auth/requests.ts smsPhone: no
 * landline, 13/1300 or international number, the toll-fraud route), the client-address limits (otpAddressChecks), the
 * phone's send claim (cool-down, back-off, spacing across sites; a known device skips the last two), the code saved,
 * the text sent (a failed send releases the claim: nothing was texted), the send recorded.
 * Logs name the tenant, the caller and the error only, never a phone or a code.
 */
import { OTP_TTL_MS, SIGN_IN_MESSAGES } from '@forecourt/contracts/sign-in';
import { describeError } from '../leads/http.ts';
import { hitRateLimits, otpAddressChecks } from '../leads/rate-limit.ts';
import { selectSms } from '../ports/sms/select.ts';
import type { AppEnv } from '../types.ts';
import { generateCode, isKnownDevice, otpHashKey } from './code.ts';
import { claimCodeSend, recordCodeSent, saveCode } from './otp.ts';
import { SMS_PHONE_MESSAGE, smsPhone, type CodeProfile } from './requests.ts';

const OTP_TTL_MINUTES = Math.round(OTP_TTL_MS / 60_000);
/** Keeps the SMS within a few segments whatever the site's name. */
const MAX_SITE_NAME_IN_SMS = 60;

/** The text message of a code, e.g. '123456 is your Outback Motors code. It expires in 10 minutes.' */
export function codeMessage(code: string, siteName: string): string {
  const name = siteName.trim().slice(0, MAX_SITE_NAME_IN_SMS).trim() || 'sign-in';
  return `${code} is your ${name} code. It expires in ${OTP_TTL_MINUTES} minutes.`;
}

export type CodeSendInput = {
  env: AppEnv['Bindings'];
  tenant: string;
  siteName: string;
  /** The phone as entered; refused unless smsPhone accepts it. */
  phone: string;
  profile: CodeProfile;
  /** The request's headers (client address and browser for the address limits). */
  headers: Headers;
  /** The browser's known-device cookie, if any (skips the back-off for a phone it has verified). */
  knownDeviceCookie?: string | undefined;
  now: number;
  /** Names the caller in logs ('POST /api/auth/otp', 'trade-in'). */
  caller: string;
};

export type CodeSendOutcome =
  | { ok: true; phone: string }
  | { ok: false; status: 400 | 429 | 503; error: string; fields?: Record<string, string>; retryAfter?: number };

/** Texts a new code to `phone` under every sign-in rule (see the module comment); storage failing is a 503. */
export async function sendOneTimeCode(input: CodeSendInput): Promise<CodeSendOutcome> {
  const { env, tenant, now } = input;
  const phone = smsPhone(input.phone);
  if (!phone) return { ok: false, status: 400, error: SMS_PHONE_MESSAGE, fields: { phone: SMS_PHONE_MESSAGE } };
  const log = (what: string, err: unknown) => console.error(`edge-api ${input.caller}: ${what} for tenant ${tenant}: ${describeError(err)}`);
  try {
    const key = otpHashKey(env);
    // Per client (address + browser) and per address: a script trying many phones.
    const byAddress = await hitRateLimits(env.DB, tenant, await otpAddressChecks(input.headers), now);
    if (!byAddress.ok) return { ok: false, status: 429, error: SIGN_IN_MESSAGES.tooManyAttempts, retryAfter: byAddress.retryAfterSeconds };
    // Per phone: cool-down, back-off on this site, spacing across all sites; a browser that verified it skips the last two.
    const knownDevice = await isKnownDevice(key, tenant, phone, input.knownDeviceCookie, now);
    const claim = await claimCodeSend(env.DB, tenant, phone, knownDevice, now);
    if (!claim.ok) return { ok: false, status: 429, error: SIGN_IN_MESSAGES.tooManyAttempts, retryAfter: claim.retryAfterSeconds };
    const code = generateCode();
    try {
      await saveCode(env.DB, key, tenant, phone, code, input.profile, now);
      await selectSms(env).send({ tenant, to: phone, body: codeMessage(code, input.siteName) });
    } catch (err) {
      // Nothing was texted: the send is not counted, so the shopper may ask again at once. The code row (if any)
      // stays, harmless: nobody has the code.
      log('SMS not sent', err);
      await claim.release().catch((e: unknown) => log('send not released', e));
      return { ok: false, status: 503, error: SIGN_IN_MESSAGES.unknown, retryAfter: 5 };
    }
    // Recorded once the SMS port took the message ("code sent"); the code works even if this write fails.
    await recordCodeSent(env.DB, tenant, phone, input.profile, now).catch((err: unknown) => log('code sent but not recorded', err));
    return { ok: true, phone };
  } catch (err) {
    log('code send failed', err);
    return { ok: false, status: 503, error: SIGN_IN_MESSAGES.unknown, retryAfter: 5 };
  }
}
