/**
 * Validation of POST /api/leads (spec §5 rules and §8 messages, per-tenant options), shared by the JSON and the
 * no-JavaScript form paths. Answers either a lead ready to store or `{ error, fields }` with one message per field.
 */
import * as v from 'valibot';
import {
  LeadRequestSchema, LeadUserDataSchema, REQUIRED_FIELD_MESSAGE, RegoLookupSchema, TERMS_MESSAGE, createLeadPayloadSchema,
  type LeadPayload, type LeadUserData,
} from '@forecourt/contracts/api';
import type { AnalyticsEventId } from '@forecourt/contracts/analytics';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { issueField, issueText } from '../lib/validate.ts';
import { INVALID_PHONE_MESSAGE, normaliseLeadPhone } from './phone.ts';
import { applyCategoryRules, leadFormRules, normaliseEmail } from './rules.ts';

/** spec §8: heading of the client's error list; the server's error text starts with it and lists the fields. */
export const FIX_ERRORS_HEADING = 'Please fix the following errors:';
export const NOT_AN_OBJECT_MESSAGE = 'Invalid request: expected a JSON object.';
export const TOO_LONG_MESSAGE = 'Too long.';
export const TOO_MANY_MESSAGE = 'Too many entries.';

/** Longest accepted text per payload field; other strings 500 (the 64 KiB body limit caps the rest). */
const MAX_LENGTH: Record<string, number> = { name: 100, last_name: 100, email: 254, message: 5000, request_text: 1000 };
const DEFAULT_MAX_LENGTH = 500;
const MAX_ENTRIES: Record<string, number> = { additional_services: 20, visited_pages: 100, linked_query_params: 50, adjustmentAnswers: 100 };
/** The user agent is context, not input: kept up to this length, never refused. */
export const MAX_USER_AGENT = 512;

export type FieldErrors = Record<string, string>;
export type LeadRejection = { ok: false; error: string; fields: FieldErrors };

/** A validated lead, rules applied (careers rewrite, Request Photos text, phone in local form). */
export type ValidLead = {
  ok: true;
  leadId: string;
  payload: LeadPayload;
  userData: LeadUserData;
  turnstileToken: string | undefined;
  eventId: AnalyticsEventId;
  carId: string | null;
  contactPhone: string;
  contactEmail: string;
};

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The error text of a rejection: the spec's heading, then `field: message` for each field. */
export function rejection(fields: FieldErrors): LeadRejection {
  const list = Object.entries(fields).map(([field, message]) => `${field}: ${message}`).join('; ');
  return { ok: false, error: `${FIX_ERRORS_HEADING} ${list}`, fields };
}

/** Field name of an issue as the forms name their inputs: payload fields bare, others by dotted path. */
function fieldOf(issue: v.BaseIssue<unknown>, schema: v.GenericSchema): string {
  const path = issueField(issue, schema) ?? '';
  return path.startsWith('payload.') ? path.slice('payload.'.length) : path || 'body';
}

/** A missing value reads 'This is a required field.' (spec §8) rather than valibot's type error. */
const messageOf = (issue: v.BaseIssue<unknown>) => (issue.input === undefined ? REQUIRED_FIELD_MESSAGE : issueText(issue));

/** Blank texts count as not given: an empty optional field passes, an empty required one is 'required'. */
const withoutBlanks = (payload: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(payload).filter(([, x]) => !(typeof x === 'string' && x.trim() === '')));

/** Over-long texts and over-full lists, checked before the schema so a huge body gets a short answer. */
export function sizeIssues(body: Record<string, unknown>): FieldErrors {
  const fields: FieldErrors = {};
  const payload = isRecord(body.payload) ? body.payload : {};
  for (const [key, value] of Object.entries(payload)) {
    if (typeof value === 'string' && value.length > (MAX_LENGTH[key] ?? DEFAULT_MAX_LENGTH)) fields[key] = TOO_LONG_MESSAGE;
    if (Array.isArray(value) && value.length > (MAX_ENTRIES[key] ?? 50)) fields[key] = TOO_MANY_MESSAGE;
    if (key === 'additional_services' && Array.isArray(value) && value.some((s) => typeof s === 'string' && s.length > 200)) fields[key] = TOO_LONG_MESSAGE;
    if (key === 'adjustmentAnswers' && isRecord(value)) {
      if (Object.keys(value).length > MAX_ENTRIES.adjustmentAnswers!) fields[key] = TOO_MANY_MESSAGE;
      else if (Object.entries(value).some(([k, a]) => k.length > 200 || (typeof a === 'string' && a.length > DEFAULT_MAX_LENGTH))) fields[key] = TOO_LONG_MESSAGE;
    }
  }
  const attributes = [['lead_attributes', isRecord(payload.lead_attributes) ? payload.lead_attributes : null], ['userData.lead_attributes', isRecord(body.userData) && isRecord(body.userData.lead_attributes) ? body.userData.lead_attributes : null]] as const;
  for (const [name, attrs] of attributes) {
    if (!attrs) continue;
    if (Array.isArray(attrs.visited_pages) && attrs.visited_pages.length > MAX_ENTRIES.visited_pages!) fields[`${name}.visited_pages`] = TOO_MANY_MESSAGE;
    const params = attrs.linked_query_params;
    if (isRecord(params)) {
      if (Object.keys(params).length > MAX_ENTRIES.linked_query_params!) fields[`${name}.linked_query_params`] = TOO_MANY_MESSAGE;
      else if (Object.entries(params).some(([k, p]) => k.length > 200 || (typeof p === 'string' && p.length > DEFAULT_MAX_LENGTH))) fields[`${name}.linked_query_params`] = TOO_LONG_MESSAGE;
    }
  }
  return fields;
}

/** The category the shopper chose (for the form's rules), the spec's default when absent. */
const categoryOf = (body: Record<string, unknown>) =>
  isRecord(body.payload) && typeof body.payload.category === 'string' && body.payload.category.trim() ? body.payload.category.trim() : 'General Enquiry';

/**
 * Validates a lead request for one tenant: the contracts' schema with the site's required fields (spec §5 Enquiry),
 * the phone through libphonenumber (local form), trade-in rego with its state, then the category rules.
 */
export function validateLeadRequest(body: unknown, site: Pick<SiteConfig, 'features'>): ValidLead | LeadRejection {
  if (!isRecord(body)) return { ok: false, error: NOT_AN_OBJECT_MESSAGE, fields: {} };
  let req: Record<string, unknown> = body;
  const tooBig = sizeIssues(req);
  if (Object.keys(tooBig).length > 0) return rejection(tooBig);
  if (isRecord(req.payload)) req = { ...req, payload: withoutBlanks(req.payload) };
  if (isRecord(req.userData) && typeof req.userData.user_agent === 'string') {
    req = { ...req, userData: { ...req.userData, user_agent: req.userData.user_agent.slice(0, MAX_USER_AGENT) } };
  }
  const category = categoryOf(req);
  const schema = v.object({
    ...LeadRequestSchema.entries,
    payload: createLeadPayloadSchema(leadFormRules(category, site.features)),
    userData: LeadUserDataSchema,
  });
  const parsed = v.safeParse(schema, req);
  const fields: FieldErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.issues) fields[fieldOf(issue, schema)] ??= messageOf(issue);
    // valibot skips the site's required-field checks while other fields are invalid: name them all at once anyway.
    const raw = isRecord(req.payload) ? req.payload : {};
    const rules = leadFormRules(category, site.features);
    if (rules.messageRequired && raw.message === undefined) fields.message ??= REQUIRED_FIELD_MESSAGE;
    if (rules.postcodeRequired && raw.postcode === undefined) fields.postcode ??= REQUIRED_FIELD_MESSAGE;
    if (rules.termsRequired && raw.terms_conditions !== true) fields.terms_conditions ??= TERMS_MESSAGE;
    return rejection(fields);
  }
  const { payload, userData, lead_id, turnstile_token } = parsed.output;
  const phone = normaliseLeadPhone(payload.phone);
  if (!phone) fields.phone = INVALID_PHONE_MESSAGE;
  if (payload.rego !== undefined || payload.regoState !== undefined) {
    const rego = v.safeParse(RegoLookupSchema, { rego: payload.rego ?? '', regoState: payload.regoState });
    if (!rego.success) for (const issue of rego.issues) fields[fieldOf(issue, RegoLookupSchema)] ??= messageOf(issue);
    else payload.rego = rego.output.rego;
  }
  if (!phone || Object.keys(fields).length > 0) return rejection(fields);
  const { payload: ruled, eventId } = applyCategoryRules({ ...payload, category: payload.category.trim(), phone });
  return {
    ok: true,
    leadId: lead_id.toLowerCase(),
    payload: ruled,
    userData,
    turnstileToken: turnstile_token,
    eventId,
    carId: ruled.car_id ?? userData.car_id ?? null,
    contactPhone: phone,
    contactEmail: normaliseEmail(ruled.email),
  };
}
