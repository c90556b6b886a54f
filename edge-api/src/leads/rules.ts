/** Pure business rules of lead submission (issue 4, spec §4 / §5 / §7), unit-tested in rules.test.ts. */
import { ANALYTICS_EVENTS, enquiryEventId, testDriveEventId, type AnalyticsEventId } from '@forecourt/contracts/analytics';
import {
  CAREER_SUBCATEGORY, LEAD_CATEGORIES, OFFER_ACCEPTED_SUBCATEGORY, REQUEST_PHOTOS_TEXT, normaliseLeadCategory,
  type LeadFormRules, type LeadPayload,
} from '@forecourt/contracts/api';
import type { FeatureFlags } from '@forecourt/contracts/tenant';

/** Forms whose message is optional whatever the site says (spec §5 Test-drive, Request Photos; vehicle-detail forms). */
const MESSAGE_OPTIONAL_CATEGORIES: ReadonlySet<string> = new Set([
  LEAD_CATEGORIES.TEST_DRIVE, LEAD_CATEGORIES.REQUEST_PHOTOS, LEAD_CATEGORIES.FINANCE, LEAD_CATEGORIES.TRADE_IN, LEAD_CATEGORIES.SELL_MY_CAR,
]);

/**
 * Required fields of one form on one site (spec §5 Enquiry): message required unless the site
 * (`enquiry_message_optional`) or the form makes it optional; postcode required on some sites; terms on some sites.
 */
export function leadFormRules(category: string, features: Pick<FeatureFlags, 'enquiry_message_optional' | 'enquiry_postcode_required' | 'terms_required'>): LeadFormRules {
  return {
    messageRequired: !features.enquiry_message_optional && !MESSAGE_OPTIONAL_CATEGORIES.has(category),
    postcodeRequired: features.enquiry_postcode_required,
    termsRequired: features.terms_required,
  };
}

/**
 * What is stored and sent to the CRM for a submitted payload: the careers rewrite (spec §4: 'Careers Enquiry' ->
 * General Enquiry / Career Enquiry, event 51) and Request Photos' hidden text (spec §5, default 'Please send photos for this car').
 */
export function applyCategoryRules(payload: LeadPayload): { payload: LeadPayload; eventId: AnalyticsEventId } {
  const { payload: rewritten, eventId: careers } = normaliseLeadCategory(payload);
  const out: LeadPayload = rewritten.category === LEAD_CATEGORIES.REQUEST_PHOTOS && !rewritten.request_text?.trim()
    ? { ...rewritten, request_text: REQUEST_PHOTOS_TEXT }
    : rewritten;
  return { payload: out, eventId: careers ?? leadEventId(out) };
}

/**
 * Analytics id of a submitted lead (spec §7): offer accepted 18, finance enquiry 9, test drive 48 used / 17 new,
 * demo or 'Test Drive Only' (17 without a car), other enquiries 15 used / 14 new or demo / 22 default form (no car).
 * Careers 51: rewritten here by applyCategoryRules, or already General Enquiry / Career Enquiry from the form.
 */
export function leadEventId(payload: Pick<LeadPayload, 'category' | 'subcategory' | 'car_type' | 'car_tag'>): AnalyticsEventId {
  if (payload.subcategory === OFFER_ACCEPTED_SUBCATEGORY) return ANALYTICS_EVENTS.OFFER_ACCEPTED;
  // A form that already rewrote a careers enquiry (the lead-form kit does) is still a careers enquiry.
  if (payload.category === LEAD_CATEGORIES.GENERAL && payload.subcategory === CAREER_SUBCATEGORY) return ANALYTICS_EVENTS.CAREER_ENQUIRY;
  if (payload.category === LEAD_CATEGORIES.FINANCE) return ANALYTICS_EVENTS.FINANCE_ENQUIRY;
  if (payload.category === LEAD_CATEGORIES.TEST_DRIVE) {
    return payload.car_type ? testDriveEventId({ car_type: payload.car_type, tag: payload.car_tag ?? null }) : ANALYTICS_EVENTS.NEW_TEST_DRIVE;
  }
  return enquiryEventId(payload.car_type ?? null);
}

/** Duplicate rule (issue 4): same phone or email and same car within 10 minutes is merged into the earlier lead. */
export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

export type DuplicateKey = { carId: string | null; phone: string | null; email: string | null; createdAt: number };

/** True when `later` repeats `earlier` (spec numbers above). A lead without a car never merges: distinct questions. */
export function isDuplicateLead(earlier: DuplicateKey, later: DuplicateKey): boolean {
  if (!later.carId || earlier.carId !== later.carId) return false;
  const sameContact = (later.phone !== null && earlier.phone === later.phone) || (later.email !== null && earlier.email === later.email);
  const age = later.createdAt - earlier.createdAt;
  return sameContact && age >= 0 && age <= DUPLICATE_WINDOW_MS;
}

/** Email as compared by the duplicate rule: trimmed, lowercased. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** A page path for analytics from the lead's page URL (absolute or root-relative); '/' when it is not a URL. */
export function pagePath(url: string): string {
  try {
    const path = new URL(url, 'https://forecourt.invalid').pathname;
    return path.startsWith('/') && path.length <= 2048 ? path : '/';
  } catch {
    return '/';
  }
}
