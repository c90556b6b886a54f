/**
 * HTTP payloads between the browser, the remotes and edge-api: spec §3 (lead, finance quote, customer creation)
 * and §7 (calls). Schemas only; edge-api owns the endpoints. Both sides validate with these.
 */
import * as v from 'valibot';
import { CAR_STATUSES, CAR_TYPES, CarSchema, YouxQuoteSchema } from './entities/car.ts';
import { HrefSchema, IdSchema, SlugSchema } from './entities/common.ts';
import { DeliveryEstimateSchema } from './entities/vdp.ts';
import { MarketPriceResultSchema } from './entities/market-price.ts';

export const REQUIRED_FIELD_MESSAGE = 'This is a required field.';
export const CODE_LENGTH_MESSAGE = 'Code must be 6 digits.';
export const POSTCODE_MESSAGE = 'Invalid postcode. Please enter a 4-digit number.';
export const TERMS_MESSAGE = 'You must agree to the terms of use before submitting the form.';

/** Default enquiry category (spec §5 Enquiry). */
export const DEFAULT_LEAD_CATEGORY = 'General Enquiry';

/**
 * Categories the platform's forms send (spec §3 Lead payload, issue 4). Any other non-empty category is accepted
 * too (a tenant's own category select) and handled like General Enquiry.
 */
export const LEAD_CATEGORIES = {
  GENERAL: DEFAULT_LEAD_CATEGORY,
  TEST_DRIVE: 'Test Drive',
  REQUEST_PHOTOS: 'Request Photos',
  FINANCE: 'Finance Enquiry',
  TRADE_IN: 'Trade-In Valuation',
  SELL_MY_CAR: 'Sell My Car',
  /** Rewritten to General Enquiry / Career Enquiry before it is stored (spec §4 Careers rewrite). */
  CAREERS: 'Careers Enquiry',
  SERVICE: 'Service Enquiry',
  PARTS: 'Parts Enquiry',
  FLEET: 'Fleet Enquiry',
  OFFERS: 'Offer Enquiry',
} as const;
/** Subcategory of a rewritten careers enquiry (spec §4 Careers rewrite). */
export const CAREER_SUBCATEGORY = 'Career Enquiry';
/** Subcategory of the trade-in offer-accepted follow-up (spec §7 Lead submission). */
export const OFFER_ACCEPTED_SUBCATEGORY = '3. Offer Accepted';
/** Hidden request text of the Request Photos form (spec §5 Request Photos). */
export const REQUEST_PHOTOS_TEXT = 'Please send photos for this car';

/** Australian states and territories (trade-in rego lookup). */
export const AU_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;

const Phone = v.pipe(v.string(), v.trim(), v.regex(/^\+?[\d\s()-]{8,20}$/, 'Invalid phone number.'));
const Postcode = v.pipe(v.string(), v.regex(/^\d{4}$/, POSTCODE_MESSAGE));
const Optional = <T extends v.GenericSchema>(s: T) => v.optional(s);

/** What the visitor did before the lead: pages seen and marketing query parameters (utm_*, gclid...). */
export const LeadAttributesSchema = v.object({
  visited_pages: v.optional(v.array(v.pipe(v.string(), v.maxLength(2048))), []),
  linked_query_params: v.optional(v.record(v.string(), v.string()), {}),
});
export type LeadAttributes = v.InferOutput<typeof LeadAttributesSchema>;

/** Lead/enquiry payload, spec §3. Per-site required fields are added by `createLeadPayloadSchema`. */
export const LeadPayloadSchema = v.object({
  category: v.optional(v.pipe(v.string(), v.minLength(1, REQUIRED_FIELD_MESSAGE)), DEFAULT_LEAD_CATEGORY),
  /** Choice inside the category (category select on multi-purpose forms). */
  category_choice: Optional(v.string()),
  subcategory: Optional(v.string()),
  name: v.pipe(v.string(), v.trim(), v.minLength(1, REQUIRED_FIELD_MESSAGE)),
  last_name: Optional(v.pipe(v.string(), v.trim())),
  email: v.pipe(v.string(), v.trim(), v.minLength(1, REQUIRED_FIELD_MESSAGE), v.email('Invalid email address.')),
  phone: v.pipe(Phone, v.minLength(1, REQUIRED_FIELD_MESSAGE)),
  postcode: Optional(Postcode),
  message: Optional(v.pipe(v.string(), v.maxLength(5000))),
  Rego: Optional(v.string()),
  /** Location id chosen in the form (hidden on the vehicle page's contact dialog). */
  location: Optional(v.string()),
  dealership_slug: Optional(SlugSchema),
  manufacturer_slug: Optional(SlugSchema),
  stock_number: Optional(v.string()),
  'Vehicle Make': Optional(v.string()),
  'Vehicle Model': Optional(v.string()),
  opt_in: v.optional(v.boolean(), true),
  terms_conditions: Optional(v.boolean()),
  page_id: Optional(v.string()),
  additional_services: v.optional(v.array(v.string()), []),
  lead_attributes: v.optional(LeadAttributesSchema, {}),
  car_id: Optional(IdSchema),
  car_type: Optional(v.picklist(CAR_TYPES)),
  vehicle_status: Optional(v.picklist(CAR_STATUSES)),
  autogauge_enabled: Optional(v.boolean()),
  /** Test-drive booking time (not required, spec §5): the form's local date and time, `YYYY-MM-DDTHH:mm`. */
  dateTime: Optional(v.pipe(v.string(), v.regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'Please choose a valid date and time.'))),
  /** The car's own tag (e.g. 'Test Drive Only'): picks the test-drive analytics id (spec §7). */
  car_tag: Optional(v.string()),
  /** Hidden request text (Request Photos: 'Please send photos for this car', spec §5). */
  request_text: Optional(v.string()),
  /** Trade-in rego lookup (spec §7 Lead submission): registration and its state, sent together. */
  rego: Optional(v.string()),
  regoState: Optional(v.picklist(AU_STATES)),
  /** Trade-in valuation adjustment answers (spec §3 browser-stored trade-in valuation). */
  adjustmentAnswers: Optional(v.record(v.string(), v.union([v.string(), v.number(), v.boolean()]))),
  /** Trade-in offer shown to the shopper. */
  offer_price: Optional(v.number()),
});
export type LeadPayload = v.InferOutput<typeof LeadPayloadSchema>;
export type LeadPayloadInput = v.InferInput<typeof LeadPayloadSchema>;

export type LeadFormRules = {
  /** Comments required unless the site or caller makes them optional (spec §5). */
  messageRequired?: boolean;
  /** Postcode required on one site. */
  postcodeRequired?: boolean;
  /** Terms checkbox required on some sites. */
  termsRequired?: boolean;
  /** Location and dealership selects are required when shown. */
  locationRequired?: boolean;
  dealershipRequired?: boolean;
};

const present = (x: unknown) => typeof x === 'string' ? x.trim().length > 0 : x !== undefined && x !== null;

/**
 * The lead schema with one site's required fields (spec §5 Enquiry).
 * @example createLeadPayloadSchema({ messageRequired: true, termsRequired: site.features.terms_required })
 */
export function createLeadPayloadSchema(rules: LeadFormRules = {}) {
  const { messageRequired = true, postcodeRequired = false, termsRequired = false, locationRequired = false, dealershipRequired = false } = rules;
  return v.pipe(
    LeadPayloadSchema,
    v.forward(v.check((p) => !messageRequired || present(p.message), REQUIRED_FIELD_MESSAGE), ['message']),
    v.forward(v.check((p) => !postcodeRequired || present(p.postcode), REQUIRED_FIELD_MESSAGE), ['postcode']),
    v.forward(v.check((p) => !termsRequired || p.terms_conditions === true, TERMS_MESSAGE), ['terms_conditions']),
    v.forward(v.check((p) => !locationRequired || present(p.location), REQUIRED_FIELD_MESSAGE), ['location']),
    v.forward(v.check((p) => !dealershipRequired || present(p.dealership_slug), REQUIRED_FIELD_MESSAGE), ['dealership_slug']),
  );
}

/**
 * 'Careers Enquiry' is sent as General Enquiry / Career Enquiry and tracked as event 51 (spec §4 Multi-step lead form).
 * Returns the payload to send and the analytics event id to record, or null to use the form's own id.
 */
export function normaliseLeadCategory<T extends { category: string; subcategory?: string | undefined }>(payload: T): { payload: T; eventId: 51 | null } {
  if (payload.category !== 'Careers Enquiry') return { payload, eventId: null };
  return { payload: { ...payload, category: DEFAULT_LEAD_CATEGORY, subcategory: 'Career Enquiry' }, eventId: 51 };
}

/** Browser context sent with every lead (spec §7 Lead submission). */
export const LeadUserDataSchema = v.object({
  url: HrefSchema,
  source: v.optional(v.literal('Website'), 'Website'),
  user_agent: v.optional(v.string(), ''),
  car_id: Optional(IdSchema),
  car_dealership_id: Optional(IdSchema),
  lead_attributes: v.optional(LeadAttributesSchema, {}),
});
export type LeadUserData = v.InferOutput<typeof LeadUserDataSchema>;

export const LeadSubmissionSchema = v.object({ payload: LeadPayloadSchema, userData: LeadUserDataSchema });
export type LeadSubmission = v.InferOutput<typeof LeadSubmissionSchema>;

/**
 * POST /api/leads body (issue 4): `lead_id` is a UUID the form generates when it opens, so a retry or a double
 * click never creates two leads; `turnstile_token` is the Turnstile widget's response when the site uses it.
 */
export const LeadRequestSchema = v.object({
  payload: LeadPayloadSchema,
  userData: LeadUserDataSchema,
  lead_id: v.pipe(v.string(), v.uuid('lead_id must be a UUID.')),
  turnstile_token: v.optional(v.pipe(v.string(), v.maxLength(2048))),
});
export type LeadRequest = v.InferOutput<typeof LeadRequestSchema>;
export type LeadRequestInput = v.InferInput<typeof LeadRequestSchema>;

/**
 * Lead answer: a lead_id on success (`duplicate` when it was a retry or merged into a recent lead of the same
 * shopper and car), otherwise an error text shown to the visitor and, for bad input, one message per field.
 */
export const LeadResponseSchema = v.union([
  v.object({ lead_id: IdSchema, duplicate: v.optional(v.boolean()) }),
  v.object({ error: v.string(), fields: v.optional(v.record(v.string(), v.string())) }),
]);
export type LeadResponse = v.InferOutput<typeof LeadResponseSchema>;

/** Trade-in valuation adjustments follow-up (spec §7 Lead submission). */
export const ValuationAdjustmentsSchema = v.object({
  id: IdSchema,
  adjustmentAnswers: v.record(v.string(), v.union([v.string(), v.number(), v.boolean()])),
});
export const RegoLookupSchema = v.object({
  rego: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z0-9]{1,9}$/, 'Invalid registration.')),
  regoState: v.picklist(AU_STATES),
});
export type RegoLookup = v.InferOutput<typeof RegoLookupSchema>;
export const OfferAcceptedSchema = v.object({
  category: v.string(),
  subcategory: v.literal('3. Offer Accepted'),
  lead_id: IdSchema,
  form_completed: v.boolean(),
  offer_accepted: v.boolean(),
});

/** Category of the phone-reveal lead call delivered to the dealer's CRM (spec §7 Phone-reveal lead call). */
export const PHONE_REVEAL_CATEGORY = 'Phone Reveal';


/** POST /api/miscellaneous: a valuation response kept with its lead (spec §7, `column_name` valuation). */
export const MISCELLANEOUS_COLUMNS = ['valuation'] as const;
export const MiscellaneousRequestSchema = v.looseObject({
  lead_id: IdSchema,
  column_name: v.picklist(MISCELLANEOUS_COLUMNS),
});
export type MiscellaneousRequest = v.InferOutput<typeof MiscellaneousRequestSchema>;

// Finance (YouX) ------------------------------------------------------------

export const CREDIT_SCORES = ['GREAT', 'DECENT', 'POOR'] as const;
export type CreditScore = (typeof CREDIT_SCORES)[number];

const LoanTerm = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(7));
const Year = v.pipe(v.number(), v.integer(), v.minValue(1900), v.maxValue(2100));

/** POST /api/youx/quote (spec §3, §7). */
export const FinanceQuickQuoteRequestSchema = v.object({
  selfAssessedCreditScore: v.optional(v.picklist(CREDIT_SCORES), 'GREAT'),
  purchasePrice: v.pipe(v.number(), v.minValue(1)),
  loanTerm: v.optional(LoanTerm, 5),
  year: Optional(Year),
  vin: v.nullish(v.string()),
  nvic: v.nullish(v.string()),
  whoIsHelping: Optional(v.string()),
});
export type FinanceQuickQuoteRequest = v.InferOutput<typeof FinanceQuickQuoteRequestSchema>;

export const FinanceQuickQuoteResponseSchema = YouxQuoteSchema;
/** Spec §8: the one message of a failed quick quote (edge-api's YouX port and mf-finance's route both answer it). */
export const QUICK_QUOTE_FAILED = 'Failed to get YouX quick quote';
/** Spec §8: the message of a failed YouX customer creation. */
export const CREATE_CUSTOMER_FAILED = 'Failed to create YouX customer';
export type FinanceQuickQuoteResponse = v.InferOutput<typeof FinanceQuickQuoteResponseSchema>;

export const ErrorResponseSchema = v.object({ error: v.string() });
export type ErrorResponse = v.InferOutput<typeof ErrorResponseSchema>;

/** Customer fields for POST /api/youx/create-customer. */
export const FinanceCustomerCreationSchema = v.object({
  nvic: v.nullish(v.string()),
  vin: v.nullish(v.string()),
  selfAssessedCreditScore: v.picklist(CREDIT_SCORES),
  purchasePrice: v.pipe(v.number(), v.minValue(1)),
  year: Optional(Year),
  loanTerm: LoanTerm,
  phoneNumber: Phone,
  firstName: v.pipe(v.string(), v.trim(), v.minLength(1, REQUIRED_FIELD_MESSAGE)),
  lastName: v.pipe(v.string(), v.trim(), v.minLength(1, REQUIRED_FIELD_MESSAGE)),
  email: v.pipe(v.string(), v.trim(), v.email('Invalid email address.')),
  subscribe: v.optional(v.boolean(), false),
  postCode: Postcode,
});
export type FinanceCustomerCreation = v.InferOutput<typeof FinanceCustomerCreationSchema>;

export const FinanceCreateCustomerRequestSchema = v.object({
  data: FinanceCustomerCreationSchema,
  /** The full lead, created in parallel (spec §4 Finance popup journey). */
  additionalData: LeadSubmissionSchema,
  /**
   * The lead's id, a UUID the form makes when it opens (as POST /api/leads' `lead_id`): a retried final submit never
   * records a second lead. Without it edge-api derives one from the request, so only an identical retry is one lead.
   */
  lead_id: v.optional(v.pipe(v.string(), v.uuid('lead_id must be a UUID.'))),
});
/** edge-api's YouX paths the browser (and mf-finance, on its behalf) calls. */
export const YOUX_API = { createCustomer: '/api/youx/create-customer' } as const;
/**
 * Where a lender continues a finance application: an https address (or, in local runs, an http one on a `*.localhost`
 * host: the embedded YouX sends the shopper to the site's own success page). Nothing else is followed or linked.
 */
export const LenderUrlSchema = v.pipe(
  v.string(),
  v.maxLength(2000),
  v.url(),
  v.check((url) => {
    if (!URL.canParse(url)) return false;
    const { protocol, hostname } = new URL(url);
    return protocol === 'https:' || (protocol === 'http:' && (hostname === 'localhost' || hostname.endsWith('.localhost')));
  }, 'An https address.'),
);
/** The success answer of POST /api/youx/create-customer: where the shopper goes to finish with the lender. */
export const FinanceCreateCustomerAnswerSchema = v.object({ redirectUrl: LenderUrlSchema });
export const FinanceCreateCustomerResponseSchema = v.union([
  v.object({ redirectUrl: v.pipe(v.string(), v.url()) }),
  ErrorResponseSchema,
]);

// Watchlist, sign-in, rate limits -------------------------------------------

/** POST /api/watchlist/save-car and /api/watchlist/remove-car. */
export const WatchlistChangeRequestSchema = v.object({ phone_number: Phone, car_id: IdSchema });
export type WatchlistChangeRequest = v.InferOutput<typeof WatchlistChangeRequestSchema>;
export const WatchlistSaveRequestSchema = WatchlistChangeRequestSchema;
export const WatchlistRemoveRequestSchema = WatchlistChangeRequestSchema;
export const WatchlistChangeResponseSchema = v.object({ success: v.boolean(), error: Optional(v.string()) });
export type WatchlistChangeResponse = v.InferOutput<typeof WatchlistChangeResponseSchema>;
/** edge-api's server watchlist paths (spec §7) and the signed-in shopper's list of saved car ids. */
export const WATCHLIST_API = { save: '/api/watchlist/save-car', remove: '/api/watchlist/remove-car', list: '/api/watchlist' } as const;
/** GET /api/watchlist: the signed-in shopper's saved car ids on this site, newest first. */
export const WatchlistIdsResponseSchema = v.object({ ids: v.array(IdSchema) });
export type WatchlistIdsResponse = v.InferOutput<typeof WatchlistIdsResponseSchema>;

/** POST /api/rate-limit: a not-ok answer blocks sending a code. */
export const RateLimitRequestSchema = v.object({ phone: Phone });
export const RateLimitResponseSchema = v.object({
  ok: v.boolean(),
  /** Seconds until another attempt is allowed. */
  retry_after: Optional(v.pipe(v.number(), v.minValue(0))),
  error: Optional(v.string()),
});
export type RateLimitResponse = v.InferOutput<typeof RateLimitResponseSchema>;

/** GET /api/check-if-contact-exists?phone_number= (spec §7). */
export const CHECK_CONTACT_API = '/api/check-if-contact-exists';
/**
 * What edge-api answers there: whether the phone has an account on this site, and only for a phone the caller has
 * proven (its own session's, or one this browser verified: the known-device cookie); any other phone is a 401/403
 * `{ error }`, so the call cannot tell whether a stranger's phone is a shopper's (edge-api README).
 */
export const ContactExistsResponseSchema = v.object({ exists: v.boolean() });
export type ContactExistsResponse = v.InferOutput<typeof ContactExistsResponseSchema>;
export const CheckContactQuerySchema = v.object({ phone_number: Phone });
export const CheckContactResponseSchema = v.union([
  v.object({
    data: v.nullable(v.object({
      id: IdSchema,
      first_name: v.nullish(v.string()),
      last_name: v.nullish(v.string()),
      email: v.nullish(v.string()),
    })),
  }),
  ErrorResponseSchema,
]);

/** One-time-code sign-in: send (phone + profile metadata) and verify (6-digit token, type sms). */
export const SendCodeRequestSchema = v.object({
  phone: Phone,
  first_name: Optional(v.string()),
  last_name: Optional(v.string()),
  email: Optional(v.pipe(v.string(), v.email())),
  website: Optional(v.string()),
  dealership_slug: Optional(SlugSchema),
});
export const VerifyCodeRequestSchema = v.object({
  phone: Phone,
  token: v.pipe(v.string(), v.regex(/^\d{6}$/, CODE_LENGTH_MESSAGE)),
  type: v.optional(v.literal('sms'), 'sms'),
});
export type VerifyCodeRequest = v.InferOutput<typeof VerifyCodeRequestSchema>;

/**
 * Phone to local form: a leading 61 (or +61) becomes 0 (spec §5 Phone verification).
 * @example normalisePhone('+61 412 345 678') // '0412345678'
 */
export function normalisePhone(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '').replace(/^\+/, '');
  return digits.startsWith('61') ? `0${digits.slice(2)}` : digits;
}

// Vehicle page calls --------------------------------------------------------

/** GET {api}/cars/{slug}/view.json?photos_count=&updated_at=&website_id= */
export const ViewJsonQuerySchema = v.object({
  photos_count: Optional(v.pipe(v.string(), v.transform(Number), v.number(), v.integer(), v.minValue(0))),
  updated_at: Optional(v.string()),
  website_id: v.string(),
});
export const ViewJsonResponseSchema = v.object({
  views: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** Fresher values of the car's fields, when the page's copy is stale. */
  car_fields: v.optional(v.partial(CarSchema), {}),
});
export type ViewJsonResponse = v.InferOutput<typeof ViewJsonResponseSchema>;

/** Phone-reveal lead call. */
export const PhoneRevealRequestSchema = v.object({ car_id: IdSchema, dealership_id: IdSchema, website_id: v.string() });

/**
 * POST /api/leads/phone-reveal body: the spec's fields (§7 Phone-reveal lead call: car_id, dealership_id, website_id;
 * path not shown) plus `call_id`, a UUID the button makes per reveal so a retried request records one call, the car's
 * slug to check it against the stock, and the context analytics 25 needs. `website_id` and `dealership_id` are
 * informative: the server records the request's own tenant and the car's dealership from the stock.
 */
export const PhoneRevealLeadSchema = v.object({
  ...PhoneRevealRequestSchema.entries,
  website_id: v.pipe(v.string(), v.maxLength(100)),
  call_id: v.pipe(v.string(), v.uuid('call_id must be a UUID.')),
  /** The car's slug, so edge-api can check the car against the stock (an unknown car records nothing). */
  car_slug: SlugSchema,
  car_type: v.optional(v.picklist(CAR_TYPES)),
  /** Path of the page the number was revealed on. */
  page: v.optional(v.pipe(v.string(), v.startsWith('/', 'page must be a path.'), v.maxLength(2048))),
});
export type PhoneRevealLead = v.InferOutput<typeof PhoneRevealLeadSchema>;

/** Delivery cost by postcode. */
export const DeliveryRequestSchema = v.object({ postcode: Postcode });
export const DeliveryResponseSchema = v.union([DeliveryEstimateSchema, ErrorResponseSchema]);

/** GET {api}/{car path}/autogauge */
export const AutogaugeResponseSchema = MarketPriceResultSchema;
