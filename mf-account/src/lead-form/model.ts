/**
 * The lead-form kit's pure model: which fields a form has, what they say, and how they are checked with the rules
 * shared with the server (contracts' LeadPayloadSchema / createLeadPayloadSchema, spec §5 Enquiry and §8 messages).
 * No browser APIs: host remotes import it to server-render the no-JavaScript form.
 */
import * as v from 'valibot';
import {
  createLeadPayloadSchema,
  DEFAULT_LEAD_CATEGORY,
  LeadPayloadSchema,
  REQUIRED_FIELD_MESSAGE,
  TERMS_MESSAGE,
  type LeadFormRules,
  type LeadPayloadInput,
} from '@forecourt/contracts/api';
import type { FeatureFlags } from '@forecourt/contracts/tenant';
import { CAR_STATUSES, CAR_TYPES } from '@forecourt/contracts/entities/car';

/** Fields a shopper fills in. */
export const VISIBLE_FIELDS = ['name', 'last_name', 'email', 'phone', 'postcode', 'location', 'dateTime', 'message', 'terms_conditions', 'opt_in'] as const;
export type LeadFieldName = (typeof VISIBLE_FIELDS)[number];

/** Context the host puts in hidden fields (never typed by the shopper). */
export const HIDDEN_FIELDS = ['location', 'dealership_slug', 'manufacturer_slug', 'stock_number', 'car_id', 'car_type', 'vehicle_status', 'car_tag', 'page_id', 'message'] as const;
export type LeadHiddenName = (typeof HIDDEN_FIELDS)[number];

export type FieldKind = 'text' | 'email' | 'tel' | 'textarea' | 'select' | 'checkbox' | 'datetime-local';

export type FieldDef = {
  label: string;
  kind: FieldKind;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
  maxLength?: number;
  /** Native pattern for the no-JavaScript form (the JavaScript form shows the spec's messages instead). */
  pattern?: string;
};

export const FIELD_DEFS: Record<LeadFieldName, FieldDef> = {
  name: { label: 'First name', kind: 'text', autoComplete: 'given-name', maxLength: 100 },
  last_name: { label: 'Last name', kind: 'text', autoComplete: 'family-name', maxLength: 100 },
  email: { label: 'Email', kind: 'email', autoComplete: 'email', inputMode: 'email', maxLength: 254 },
  phone: { label: 'Phone', kind: 'tel', autoComplete: 'tel', inputMode: 'tel', maxLength: 20 },
  // Spec §5 Postcode field: exactly 4 digits, input limited to 4 characters, no thousand separator.
  postcode: { label: 'Postcode', kind: 'text', autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 4, pattern: '\\d{4}' },
  location: { label: 'Preferred location', kind: 'select' },
  // Spec §5 Test-drive form: dateTime, not required (a native date and time picker, local time).
  dateTime: { label: 'Preferred date and time', kind: 'datetime-local' },
  message: { label: 'Comments', kind: 'textarea', maxLength: 5000 },
  terms_conditions: { label: 'I agree to the terms of use', kind: 'checkbox' },
  opt_in: { label: 'Keep me up to date with news and offers', kind: 'checkbox' },
};

export type SelectOption = { value: string; label: string };
export type LeadStep = { title: string; fields: LeadFieldName[] };

/** What a car-related form knows about its car: analytics, userData and the /success page's car context. */
export type LeadCar = {
  id: string;
  name: string;
  slug?: string;
  car_type?: (typeof CAR_TYPES)[number];
  vehicle_status?: (typeof CAR_STATUSES)[number];
  dealership_id?: string;
};

/**
 * Everything a lead form is: plain JSON, so it travels as island props from the host's server to the browser.
 * @example leadFormConfig({ id: 'fl-contact', features: config.features, steps: CONTACT_STEPS, ... })
 */
export type LeadFormConfig = {
  /** Island root id; every field id starts with it. */
  id: string;
  /** Accessible name of the form (the host's visible heading text). */
  title: string;
  category: string;
  subcategory?: string;
  steps: LeadStep[];
  rules: LeadFormRules;
  hidden: Partial<Record<LeadHiddenName, string>>;
  options: Partial<Record<'location', SelectOption[]>>;
  car?: LeadCar;
  /** Analytics event id (spec §7); default: the enquiry id of the car's type, 22 without a car. */
  eventId?: number;
  /** Turnstile site key when the tenant protects its forms (see README: local runs use the test key path). */
  turnstileSiteKey?: string;
  /** Collection notice (privacy) and terms of use pages. */
  privacyHref: string;
  termsHref: string;
  /** Who collects the details, for the collection notice. */
  collector: string;
  submitLabel: string;
  /** Where the form posts (JSON from the island, urlencoded without JavaScript). */
  action: string;
  /**
   * Lead id of the server-rendered (no-JavaScript) form, when its host renders one per shopper. Absent in shared
   * pages (the lead-form slot: the car page is the same for everyone and cached whole): edge-api then mints the id
   * when the form is posted, from the submission itself, so a resubmitted page is still one lead. The island always
   * mints its own.
   */
  leadId?: string;
  /** The server's message after a failed no-JavaScript post (`?lead_error=`), shown in the destructive alert. */
  serverError?: string;
  /**
   * Values the form opens with, which the shopper may change (a parts enquiry's message naming the part). What the
   * shopper typed, or their remembered details, come first.
   */
  prefill?: Partial<Record<'message', string>>;
};

/**
 * The spec §5 Enquiry rules of a tenant: message required unless the site makes it optional, postcode required on
 * one site, terms checkbox required on some sites.
 */
export function rulesFromFeatures(features: Pick<FeatureFlags, 'enquiry_message_optional' | 'enquiry_postcode_required' | 'terms_required'>, extra: Partial<LeadFormRules> = {}): LeadFormRules {
  return {
    messageRequired: !features.enquiry_message_optional,
    postcodeRequired: features.enquiry_postcode_required,
    termsRequired: features.terms_required,
    ...extra,
  };
}

export type LeadFormInput = Omit<LeadFormConfig, 'rules' | 'hidden' | 'options' | 'privacyHref' | 'termsHref' | 'submitLabel' | 'action' | 'category' | 'steps'> & {
  features: Pick<FeatureFlags, 'enquiry_message_optional' | 'enquiry_postcode_required' | 'terms_required'>;
  steps: LeadStep[];
  category?: string;
  hidden?: LeadFormConfig['hidden'];
  options?: LeadFormConfig['options'];
  rules?: Partial<LeadFormRules>;
  privacyHref?: string;
  termsHref?: string;
  submitLabel?: string;
  action?: string;
};

/**
 * A form's full config from the tenant's features and the host's choices: fields the tenant does not use are dropped
 * (postcode only when required, terms only when required, a location select only with several locations).
 */
export function leadFormConfig(input: LeadFormInput): LeadFormConfig {
  const { features, rules: extraRules, ...rest } = input;
  const options = input.options ?? {};
  const hidden = input.hidden ?? {};
  const rules = rulesFromFeatures(features, { ...extraRules, locationRequired: Boolean(options.location?.length) || extraRules?.locationRequired });
  const keep = (f: LeadFieldName) => {
    if (f === 'postcode') return Boolean(rules.postcodeRequired);
    if (f === 'terms_conditions') return Boolean(rules.termsRequired);
    if (f === 'location') return Boolean(options.location?.length) && !hidden.location;
    return true;
  };
  const steps = input.steps.map((s) => ({ ...s, fields: s.fields.filter(keep) })).filter((s) => s.fields.length > 0);
  return {
    ...rest,
    category: input.category ?? DEFAULT_LEAD_CATEGORY,
    steps,
    rules,
    hidden,
    options,
    privacyHref: input.privacyHref ?? '/privacy-policy',
    termsHref: input.termsHref ?? '/terms-and-conditions',
    submitLabel: input.submitLabel ?? 'Send enquiry',
    action: input.action ?? '/api/leads',
  };
}

/** Values as the form holds them: text fields as strings, checkboxes as booleans. */
export type LeadValues = Partial<Record<LeadFieldName, string | boolean>>;

/** A form's starting values: opt_in true (spec §3 Lead payload: opt_in default true), terms unticked. */
export function initialValues(config: Pick<LeadFormConfig, 'steps'>, ...sources: LeadValues[]): LeadValues {
  const values: LeadValues = {};
  for (const step of config.steps) {
    for (const f of step.fields) values[f] = FIELD_DEFS[f].kind === 'checkbox' ? f === 'opt_in' : '';
  }
  for (const source of sources) {
    for (const [k, value] of Object.entries(source)) {
      if (!(k in values)) continue;
      const f = k as LeadFieldName;
      const isBox = FIELD_DEFS[f].kind === 'checkbox';
      if (isBox ? typeof value === 'boolean' : typeof value === 'string' && value !== '') values[f] = value;
    }
  }
  return values;
}

const str = (x: unknown) => (typeof x === 'string' ? x.trim() : '');

/** The lead payload the form sends: hidden context, then the shopper's values; empty optional text is left out. */
export function toPayload(config: Pick<LeadFormConfig, 'category' | 'subcategory' | 'hidden' | 'steps'>, values: LeadValues): LeadPayloadInput {
  const payload: Record<string, unknown> = { category: config.category };
  if (config.subcategory) payload.subcategory = config.subcategory;
  for (const [k, value] of Object.entries(config.hidden)) if (value) payload[k] = value;
  for (const step of config.steps) {
    for (const f of step.fields) {
      const value = values[f];
      if (FIELD_DEFS[f].kind === 'checkbox') payload[f] = value === true;
      else if (str(value)) payload[f] = str(value);
      // A required text left empty is sent as '' so the schema answers 'This is a required field.'.
      else if (f === 'name' || f === 'email' || f === 'phone') payload[f] = '';
    }
  }
  return payload as LeadPayloadInput;
}

/** Fields LeadPayloadSchema itself requires (not wrapped in v.optional). */
const baseRequired = (f: LeadFieldName) => LeadPayloadSchema.entries[f].type !== 'optional';

/** Whether a field must be filled in on this form (drives `aria-required` and the required marker). */
export function isRequired(f: LeadFieldName, rules: LeadFormRules): boolean {
  if (baseRequired(f)) return true;
  if (f === 'message') return rules.messageRequired !== false;
  if (f === 'postcode') return Boolean(rules.postcodeRequired);
  if (f === 'terms_conditions') return Boolean(rules.termsRequired);
  if (f === 'location') return Boolean(rules.locationRequired);
  return false;
}

export type FieldErrors = Partial<Record<LeadFieldName, string>>;

/**
 * The first message for each field of `fields` (one step, or the whole form), with the spec's texts:
 * 'This is a required field.', 'Invalid postcode. Please enter a 4-digit number.', the terms message, and the
 * schema's own format messages. The full per-site schema is applied too, so the client never accepts what the
 * server would refuse.
 */
export function validateFields(config: Pick<LeadFormConfig, 'rules' | 'category' | 'subcategory' | 'hidden' | 'steps'>, values: LeadValues, fields: readonly LeadFieldName[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const f of fields) {
    const value = values[f];
    if (isRequired(f, config.rules) && (FIELD_DEFS[f].kind === 'checkbox' ? value !== true : !str(value))) {
      errors[f] = f === 'terms_conditions' ? TERMS_MESSAGE : REQUIRED_FIELD_MESSAGE;
      continue;
    }
    if (FIELD_DEFS[f].kind === 'checkbox' || !str(value)) continue;
    const result = v.safeParse(LeadPayloadSchema.entries[f], str(value));
    if (!result.success) errors[f] = result.issues[0].message;
  }
  const full = v.safeParse(createLeadPayloadSchema(config.rules), toPayload(config, values));
  if (!full.success) {
    for (const issue of full.issues) {
      const key = v.getDotPath(issue)?.split('.')[0] as LeadFieldName | undefined;
      if (key && fields.includes(key) && !errors[key]) errors[key] = issue.message;
    }
  }
  return errors;
}

/** Fields of the whole form, in order. */
export const allFields = (config: Pick<LeadFormConfig, 'steps'>): LeadFieldName[] => config.steps.flatMap((s) => s.fields);

/** DOM id of a field, unique on the page because it starts with the form's island id. */
export const fieldId = (formId: string, f: string) => `${formId}-${f.replace(/_/g, '-')}`;
