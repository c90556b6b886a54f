/**
 * The instant pre-approval journey (spec §2 Finance page popup variant, §4 Finance popup journey, §5 quick estimate,
 * §8 texts, §9 ranges): its 4 steps, the quick-estimate rules, the details' validation, the application the journey
 * carries from step to step, and what the final submit sends (the Finance Enquiry lead and the YouX customer). Pure:
 * used by the server (routes/preapproval.ts, the step pages) and by the island (islands/PreApproval.tsx), so both
 * check a step by the same rules.
 */
import * as v from 'valibot';
import { CODE_LENGTH_MESSAGE, CREDIT_SCORES, LenderUrlSchema, REQUIRED_FIELD_MESSAGE, TERMS_MESSAGE, type CreditScore } from '@forecourt/contracts/api';
import { QUICK_ESTIMATE } from '@forecourt/contracts/constants';
import { formatAud, priceDisplay } from '@forecourt/contracts/display';
import { financeQueryOf } from '@forecourt/contracts/finance-link';
import { yearsText } from './terms.ts';

/** The heading of the journey (spec §2 Finance page, popup variant). */
export const PREAPPROVAL_HEADING = 'Instant Finance pre-approval with no impact on your credit score.';
/** The 4 steps, in order (spec §2). */
export const PREAPPROVAL_STEPS = ['Quick Estimate', 'Your Details', 'Instant pre-approval', 'Apply to lender'] as const;
export type StepNumber = 1 | 2 | 3 | 4;
export const LAST_STEP: StepNumber = 4;

/** Spec §8 texts the journey shows. */
export const PREAPPROVAL_MESSAGES = {
  advance: 'An unknown error occurred while advancing step.',
  youx: 'Failed to create customer with YouX',
  noRedirect: 'Failed to create customer or no redirect URL received.',
  submit: 'An error occurred when submitting this form',
  tooMany: 'Too many verification attempts. Please try again later.',
  invalidCode: 'The verification code is invalid. Please try again.',
  verification: 'An unknown error occurred during verification.',
  /** Not a spec text: the application cookie is gone (30 minutes passed, or another browser). */
  expired: 'Your application has expired. Please start again.',
} as const;
export type PreapprovalError = keyof typeof PREAPPROVAL_MESSAGES;
export const isPreapprovalError = (key: string | null | undefined): key is PreapprovalError => !!key && Object.hasOwn(PREAPPROVAL_MESSAGES, key);

/** The credit-history choices (spec §5: Great, Decent, Poor; default GREAT). */
export const CREDIT_LABELS: Record<CreditScore, string> = { GREAT: 'Great', DECENT: 'Decent', POOR: 'Poor' };

export { LOAN_TERMS, yearsText } from './terms.ts';

/** A step number from a query or form value: 1 unless it is 1-4. */
export function stepOf(value: string | null | undefined): StepNumber {
  const n = Number(value);
  return n === 2 || n === 3 || n === 4 ? n : 1;
}

// Quick estimate (spec §5 "Finance quick-estimate", §9) ----------------------------------------------------------------

export type Estimate = { price: number; term: number; credit: CreditScore };
export const DEFAULT_ESTIMATE: Estimate = { price: QUICK_ESTIMATE.defaultPrice, term: QUICK_ESTIMATE.defaultTerm, credit: 'GREAT' };

/** Purchase price: digits only (spec §5), so '$45,990.00' is read as 45990 (cents dropped). */
export function priceDigits(text: string): string {
  return text.replace(/\.\d*$/, '').replace(/\D/g, '');
}

/** Purchase price clamped to 10,000-200,000 (spec §5, on blur); nothing typed is the default 30,000. */
export function clampPrice(text: string | number | null | undefined): number {
  const digits = priceDigits(String(text ?? ''));
  if (!digits) return QUICK_ESTIMATE.defaultPrice;
  return Math.min(QUICK_ESTIMATE.maxPrice, Math.max(QUICK_ESTIMATE.minPrice, Number(digits.slice(0, 9))));
}

/** Loan term: whole years 1-7 (spec §5), default 5. */
export function termOf(value: string | number | null | undefined): number {
  const n = Math.round(Number(value));
  return Number.isFinite(n) && n >= QUICK_ESTIMATE.minTerm && n <= QUICK_ESTIMATE.maxTerm ? n : QUICK_ESTIMATE.defaultTerm;
}

/**
 * The estimate a form or query carries (spec §2: `vehiclePriceBudget` or `price`, `loanTerm`, `selfAssessedCreditScore`
 * or `credit_score`), read by contracts' one finance-query reader (`financeQueryOf`), then held to the quick estimate's
 * ranges and defaults (spec §5, §9). The price field may come as typed ('45,990').
 */
export function estimateFrom(get: (name: string) => string | null | undefined): Estimate {
  const digits = (name: string) => {
    const raw = get(name);
    return raw == null ? undefined : priceDigits(raw) || undefined;
  };
  const q = financeQueryOf({
    vehiclePriceBudget: digits('vehiclePriceBudget'), price: digits('price'), loanTerm: get('loanTerm'),
    selfAssessedCreditScore: get('selfAssessedCreditScore'), credit_score: get('credit_score'),
  });
  return { price: clampPrice(q.vehiclePriceBudget), term: termOf(q.loanTerm), credit: q.selfAssessedCreditScore ?? 'GREAT' };
}

/** The amount to finance for a car: the price its page shows (an offer wins, spec §4); 0 when it shows none. */
export function carBudget(car: Parameters<typeof priceDisplay>[0]): number {
  const shown = priceDisplay(car);
  return shown.kind === 'price' || shown.kind === 'offer' ? shown.amount : 0;
}

/** The query that carries an estimate from step to step (and a Get Finance link's budget into step 1). */
export function estimateQuery(e: Estimate): Record<string, string> {
  return { vehiclePriceBudget: String(e.price), loanTerm: String(e.term), selfAssessedCreditScore: e.credit };
}

// The car the finance is for (spec §2 Finance page query) -------------------------------------------------------------

/** What the journey keeps of the car a Get Finance link named; all optional. */
export type CarContext = Partial<Record<'car_id' | 'vin' | 'nvic' | 'year' | 'car_type' | 'preferredDealership' | 'whoIsHelping', string>>;
export const CAR_CONTEXT_KEYS = ['car_id', 'vin', 'nvic', 'year', 'car_type', 'preferredDealership', 'whoIsHelping'] as const;
const CONTEXT_VALUE = /^[A-Za-z0-9 _.:-]{1,100}$/;

/**
 * The car context of a query or form, read by contracts' `financeQueryOf` (vin and nvic letters and digits, a year, a
 * car type, a dealership slug); the car id and who is helping must also be plain tokens here, since they travel into
 * forms, the lead and YouX.
 */
export function carContextFrom(get: (name: string) => string | null | undefined): CarContext {
  const q = financeQueryOf(Object.fromEntries(CAR_CONTEXT_KEYS.map((k) => [k, get(k)])));
  const out: CarContext = {};
  if (q.car_id && CONTEXT_VALUE.test(q.car_id)) out.car_id = q.car_id;
  if (q.vin) out.vin = q.vin;
  if (q.nvic) out.nvic = q.nvic;
  if (q.year) out.year = String(q.year);
  if (q.car_type) out.car_type = q.car_type;
  if (q.preferredDealership) out.preferredDealership = q.preferredDealership;
  if (q.whoIsHelping && CONTEXT_VALUE.test(q.whoIsHelping)) out.whoIsHelping = q.whoIsHelping;
  return out;
}

// Your details ---------------------------------------------------------------------------------------------------------

export type Details = { firstName: string; lastName: string; email: string; phone: string; postCode: string; subscribe: boolean };
export type DetailsDraft = Partial<Omit<Details, 'subscribe'>> & { subscribe?: boolean };
export const DETAIL_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'postCode'] as const;
export type DetailField = (typeof DETAIL_FIELDS)[number];
export const DETAIL_LABELS: Record<DetailField, string> = { firstName: 'First name', lastName: 'Last name', email: 'Email', phone: 'Mobile number', postCode: 'Postcode' };

/** Spec §8's texts (contracts). */
export const REQUIRED_MESSAGE = REQUIRED_FIELD_MESSAGE;
export const MOBILE_MESSAGE = 'Please enter an Australian mobile number (we text a code to it).';
export const EMAIL_MESSAGE = 'Invalid email address.';
export const POSTCODE_MESSAGE = 'Invalid postcode. Please enter a 4-digit number.';

/** An Australian mobile in local form (0412345678) from what was typed (+61 4.., 61 4.., spaces), or null. */
export function mobileOf(text: string): string | null {
  const digits = text.replace(/[\s()-]/g, '').replace(/^\+?61/, '0');
  return /^0[45]\d{8}$/.test(digits) ? digits : null;
}

const Required = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1, REQUIRED_MESSAGE), v.maxLength(max, `Must be at most ${max} characters.`));
const DetailsSchema = v.object({
  firstName: Required(100),
  lastName: Required(100),
  email: v.pipe(v.string(), v.trim(), v.minLength(1, REQUIRED_MESSAGE), v.maxLength(254, EMAIL_MESSAGE), v.email(EMAIL_MESSAGE)),
  phone: v.pipe(v.string(), v.trim(), v.minLength(1, REQUIRED_MESSAGE), v.check((p) => mobileOf(p) !== null, MOBILE_MESSAGE), v.transform((p) => mobileOf(p)!)),
  postCode: v.pipe(v.string(), v.trim(), v.minLength(1, REQUIRED_MESSAGE), v.regex(/^\d{4}$/, POSTCODE_MESSAGE)),
  subscribe: v.optional(v.boolean(), false),
});

export type Checked<T> = { ok: true; value: T } | { ok: false; fields: Partial<Record<DetailField, string>> };

/** The details, checked: each refusal names its field, in the order of the form. */
export function checkDetails(draft: DetailsDraft): Checked<Details> {
  const input = { ...Object.fromEntries(DETAIL_FIELDS.map((f) => [f, draft[f] ?? ''])), subscribe: draft.subscribe === true };
  const parsed = v.safeParse(DetailsSchema, input);
  if (parsed.success) return { ok: true, value: parsed.output };
  const fields: Partial<Record<DetailField, string>> = {};
  for (const issue of parsed.issues) {
    const key = issue.path?.[0]?.key as DetailField | undefined;
    if (key && !fields[key]) fields[key] = issue.message;
  }
  return { ok: false, fields };
}

/** The details a form carries (text fields, `subscribe` a checkbox). */
export function detailsFrom(get: (name: string) => string | null | undefined): DetailsDraft {
  const draft: DetailsDraft = {};
  for (const f of DETAIL_FIELDS) draft[f] = (get(f) ?? '').slice(0, 300);
  draft.subscribe = ['on', 'true', '1', 'yes'].includes((get('subscribe') ?? '').toLowerCase());
  return draft;
}

/** The phone as the journey shows it once a code went to it: 0412 ••• 678. */
export const maskedPhone = (phone: string) => (phone.length >= 7 ? `${phone.slice(0, 4)} ••• ${phone.slice(-3)}` : phone);

// The verification code -----------------------------------------------------------------------------------------------

export const CODE_MESSAGE = CODE_LENGTH_MESSAGE;
/** Applying sends the shopper's details to a lender: they agree to it (the lead carries `terms_conditions`). */
export const TERMS_TEXT = TERMS_MESSAGE;
/** The 6-digit code (spec §9), spaces allowed as typed. */
export function codeOf(text: string | null | undefined): string | null {
  const digits = (text ?? '').replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

// The application the journey carries ---------------------------------------------------------------------------------

/**
 * What the journey remembers between steps, in an HttpOnly cookie of the shopper's own browser (APPLICATION_COOKIE):
 * the estimate, the details as typed (a draft until checked), the car, the lead id the final submit sends (so a retry
 * never makes a second lead), and how far it got. The server re-checks it on every read; a forged cookie can only
 * change the forger's own application, and the final submit still needs the texted code of its phone.
 */
export type Application = {
  estimate: Estimate;
  details: DetailsDraft;
  car: CarContext;
  leadId: string;
  /** A code was texted to `details.phone`. */
  codeSent: boolean;
  /** When (ms): going back to fix a detail within the code's life sends no second text (edge-api's back-off). */
  codeSentAt?: number;
  /** The code was verified (the shopper is signed in as that phone): a retried final submit skips the check. */
  verified: boolean;
  /**
   * Where the lender continues the application, once it was made. A plain form cannot be sent on to another site (the
   * shell's CSP `form-action 'self'` covers a form's redirects), so the page shows it as a link instead.
   */
  redirectUrl?: string;
  /** The personalised quote step 3 showed (kept, so showing the step again costs no provider call). */
  quote?: { weeklyRepaymentAmount: number; advertisedRate: number; comparisonRate: number };
};

/** `__Host-`: Secure, Path=/, no Domain; the shopper's browser only. */
export const APPLICATION_COOKIE = '__Host-fc_finance_application';
/** How long an application waits between steps. */
export const APPLICATION_TTL_SECONDS = 30 * 60;
const MAX_COOKIE_LENGTH = 3000;

const ApplicationSchema = v.object({
  estimate: v.object({ price: v.number(), term: v.number(), credit: v.picklist(CREDIT_SCORES) }),
  details: v.object({
    firstName: v.optional(v.string()), lastName: v.optional(v.string()), email: v.optional(v.string()),
    phone: v.optional(v.string()), postCode: v.optional(v.string()), subscribe: v.optional(v.boolean()),
  }),
  car: v.record(v.string(), v.string()),
  leadId: v.pipe(v.string(), v.uuid()),
  codeSent: v.boolean(),
  codeSentAt: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  verified: v.boolean(),
  redirectUrl: v.optional(LenderUrlSchema),
  quote: v.optional(v.object({ weeklyRepaymentAmount: v.number(), advertisedRate: v.number(), comparisonRate: v.number() })),
});

const toBase64Url = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (text: string) => new TextDecoder().decode(Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)));

export function encodeApplication(app: Application): string {
  return toBase64Url(JSON.stringify(app));
}

/** The application a cookie holds, re-checked (ranges clamped, unknown car keys dropped), or null. */
export function decodeApplication(value: string | null | undefined): Application | null {
  if (!value || value.length > MAX_COOKIE_LENGTH) return null;
  try {
    const parsed = v.safeParse(ApplicationSchema, JSON.parse(fromBase64Url(value)));
    if (!parsed.success) return null;
    const a = parsed.output;
    return {
      estimate: { price: clampPrice(a.estimate.price), term: termOf(a.estimate.term), credit: a.estimate.credit },
      details: a.details,
      car: carContextFrom((k) => a.car[k]),
      leadId: a.leadId,
      codeSent: a.codeSent,
      ...(a.codeSentAt !== undefined ? { codeSentAt: a.codeSentAt } : {}),
      verified: a.verified,
      ...(a.redirectUrl ? { redirectUrl: a.redirectUrl } : {}),
      ...(a.quote ? { quote: a.quote } : {}),
    };
  } catch {
    return null;
  }
}

/** The Set-Cookie value keeping an application (or clearing it with `null`). */
export function applicationCookie(app: Application | null): string {
  if (!app) return `${APPLICATION_COOKIE}=; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=0`;
  return `${APPLICATION_COOKIE}=${encodeApplication(app)}; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=${APPLICATION_TTL_SECONDS}`;
}

/** The application cookie's value in a Cookie header. */
export function applicationFromCookieHeader(header: string | null | undefined): Application | null {
  for (const part of (header ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === APPLICATION_COOKIE) return decodeApplication(rest.join('='));
  }
  return null;
}

/**
 * The step an application may show: a step needs the ones before it done (details checked for 3, a code sent for 4);
 * asking for a later one shows the furthest it reached.
 */
export function reachableStep(asked: StepNumber, app: Application | null): StepNumber {
  if (asked <= 2) return asked;
  if (!app || !checkDetails(app.details).ok) return 2;
  if (asked === 4 && !app.codeSent) return 3;
  return asked;
}

// What the final submit sends ----------------------------------------------------------------------------------------

export const CREDIT_SENTENCE: Record<CreditScore, string> = { GREAT: 'great', DECENT: 'decent', POOR: 'poor' };

/** The lead's message: what the shopper asked for, in the dealer's words. */
export function applicationMessage(e: Estimate, quote?: { weeklyRepaymentAmount: number; advertisedRate: number; comparisonRate: number } | null): string {
  const asked = `Instant finance pre-approval: ${formatAud(e.price)} over ${yearsText(e.term)}, ${CREDIT_SENTENCE[e.credit]} credit history.`;
  return quote ? `${asked} Estimate ${formatAud(Math.round(quote.weeklyRepaymentAmount))} a week at ${quote.advertisedRate}% (comparison ${quote.comparisonRate}%).` : asked;
}
