export type SmsMessage = {
  tenant: string;
  /** Recipient in local form (spec §5: leading 61 -> 0), e.g. 0412345678. */
  to: string;
  body: string;
};

export type SmsReceipt = { id: string };

/**
 * Sends a text message (OTP codes, spec §7 one-time-code sign-in). Adapters: embedded.ts (D1 outbox, local runs only)
 * and twilio.ts (Twilio Programmable Messaging, auth token from a secret); select.ts picks one from SMS_ADAPTER.
 */
export interface SmsPort {
  send(message: SmsMessage): Promise<SmsReceipt>;
}
