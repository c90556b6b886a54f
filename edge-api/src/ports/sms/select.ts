import { adapterName } from '../adapter-name.ts';
import type { SmsPort } from './port.ts';
import { EmbeddedSms } from './embedded.ts';

/** Adapters of the sms port. The SMS gateway's HTTP adapter ('http') lands with the sign-in issue. */
export const SMS_ADAPTERS = ['embedded'] as const;

/** Picks the sms adapter named by env.SMS_ADAPTER (default 'embedded'). */
export function selectSms(env: { SMS_ADAPTER?: string; DB: D1Database }): SmsPort {
  switch (adapterName('SMS_ADAPTER', env.SMS_ADAPTER, SMS_ADAPTERS)) {
    case 'embedded':
      return new EmbeddedSms(env.DB);
  }
}
