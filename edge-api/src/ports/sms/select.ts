import { adapterName } from '../adapter-name.ts';
import type { SmsPort } from './port.ts';
import { EmbeddedSms } from './embedded.ts';
import { TwilioSms } from './twilio.ts';

/** Adapters of the sms port: the local D1 outbox (local runs only), or Twilio Programmable Messaging ('twilio'). */
export const SMS_ADAPTERS = ['embedded', 'twilio'] as const;

export const EMBEDDED_SMS_OUTSIDE_LOCAL_RUN =
  'SMS_ADAPTER is "embedded" outside a local run: set SMS_ADAPTER=twilio and its settings (texts would never reach a phone).';

export type SmsEnv = {
  SMS_ADAPTER?: string;
  DB: D1Database;
  /** 'on' only in local runs (dev/platform.mjs, edge-api's worker tests), never in wrangler.jsonc. */
  DEV_PAGES?: string;
  /** Twilio account SID (var), needed by 'twilio'. */
  TWILIO_ACCOUNT_SID?: string;
  /** Worker secret (`wrangler secret put TWILIO_AUTH_TOKEN`), needed by 'twilio'. */
  TWILIO_AUTH_TOKEN?: string;
  /** Sender number (E.164) or alphanumeric sender id (var); 'twilio' needs it or TWILIO_MESSAGING_SERVICE_SID. */
  TWILIO_FROM?: string;
  /** Messaging service SID (var), sent instead of From when set. */
  TWILIO_MESSAGING_SERVICE_SID?: string;
  /** Override of https://api.twilio.com (tests against a local server). */
  TWILIO_API_BASE?: string;
};

/**
 * Picks the sms adapter named by env.SMS_ADAPTER (default 'embedded'). 'twilio' without its settings throws naming
 * the missing one; 'embedded' throws outside a local run, since it keeps sign-in codes in clear in D1 and texts nobody.
 */
export function selectSms(env: SmsEnv, options: { fetch?: typeof fetch } = {}): SmsPort {
  switch (adapterName('SMS_ADAPTER', env.SMS_ADAPTER, SMS_ADAPTERS)) {
    case 'embedded':
      if (env.DEV_PAGES !== 'on') throw new Error(EMBEDDED_SMS_OUTSIDE_LOCAL_RUN);
      return new EmbeddedSms(env.DB);
    case 'twilio':
      return new TwilioSms({
        accountSid: env.TWILIO_ACCOUNT_SID?.trim() ?? '',
        authToken: env.TWILIO_AUTH_TOKEN?.trim() ?? '',
        ...(env.TWILIO_FROM ? { from: env.TWILIO_FROM } : {}),
        ...(env.TWILIO_MESSAGING_SERVICE_SID ? { messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID } : {}),
        ...(env.TWILIO_API_BASE ? { apiBase: env.TWILIO_API_BASE } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
  }
}
