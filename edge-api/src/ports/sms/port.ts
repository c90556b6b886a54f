export type SmsMessage = {
  tenant: string;
  /** Recipient in local form (spec §5: leading 61 -> 0), e.g. 0412345678. */
  to: string;
  body: string;
};

export type SmsReceipt = { id: string };

/**
 * Sends a text message (OTP codes, spec §7 one-time-code sign-in). A real adapter (an SMS gateway's HTTP API,
 * credentials from secrets) comes with the sign-in issue and implements this same method.
 */
export interface SmsPort {
  send(message: SmsMessage): Promise<SmsReceipt>;
}
