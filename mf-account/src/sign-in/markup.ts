/**
 * What the sign-in forms' markup shares (PhoneForm, CodeForm, the page and the island, so the server-rendered page and
 * the island read the same): element ids, the spec's texts (§4 Phone verification) and the line saying where the code
 * went. Both forms always post urlencoded to edge-api (method, action, hidden redirect/type/back); the island takes the
 * submit over with JSON when it can, and lets it through when it cannot.
 */
import { maskPhone, type PhoneField } from './model.ts';

/** Who draws a form: the server (the no-JavaScript page) or the island (controlled inputs, its own checks). */
export type FormMode = 'server' | 'island';

export const SIGN_IN_ID = 'fa-sign-in';
export const fieldId = (name: PhoneField | 'token') => `${SIGN_IN_ID}-${name}`;
export const PHONE_FORM_ID = `${SIGN_IN_ID}-phone-form`;
export const CODE_FORM_ID = `${SIGN_IN_ID}-code-form`;
export const RESEND_FORM_ID = `${SIGN_IN_ID}-resend-form`;

/** Spec §4 Phone verification texts. */
export const SENDING_LABEL = 'Sending...';
export const RESEND_LABEL = 'Resend Code';
export const CODE_SENT = 'Code sent!';
export const VERIFYING_LABEL = 'Verifying...';
/** When the number a code went to is not known here (e.g. after a reload): step 1 again. */
export const NEW_CODE_LABEL = 'Send a new code or use another number';

/** Where the code went, masked (spec §4: help 'Code sent!'). */
export function sentToText(phone: string | null): string {
  return phone ? `We sent a code to ${maskPhone(phone)}.` : 'We sent a code to your mobile.';
}
