/**
 * Every call one Worker makes to another over a service binding (ARCHITECTURE.md "Data"), declared once: who owns the
 * endpoint, its path, its query (a valibot schema the owner validates with and the caller builds from) and its answer
 * (a valibot schema the caller checks). Owners mount their routes at `INTERNAL.<name>.path`; callers go through
 * `callInternal`, never a URL literal. Browser-facing APIs that another Worker also calls (a payment's state, which cars
 * are reserved, the session) are listed too, so their answers are checked the same way.
 */
import * as v from 'valibot';
import { FinanceCreateCustomerAnswerSchema, FinanceCreateCustomerRequestSchema, YOUX_API, FinanceQuickQuoteRequestSchema, FinanceQuickQuoteResponseSchema, SendCodeRequestSchema, VerifyCodeRequestSchema } from './api.ts';
import { AccountSummarySchema, ACCOUNT_API, SavedSearchUrlSchema } from './account.ts';
import { CarSchema } from './entities/car.ts';
import { IdSchema, SlugSchema } from './entities/common.ts';
import { MarketPriceResultSchema } from './entities/market-price.ts';
import { DeliveryEstimateSchema } from './entities/vdp.ts';
import { SendCodeResponseSchema, SessionResponseSchema, SIGN_IN_API } from './sign-in.ts';
import { SPIN_API, SpinStatusSchema } from './spin.ts';
import { PurgeAnswerSchema, PurgeRequestSchema } from './page-cache.ts';
import { TENANT_HEADER } from './tenant.ts';
import { TRADE_IN_API, TradeInJourneyStateSchema, TradeInTaxonomyQuerySchema, TradeInTaxonomySchema } from './trade-in.ts';
import type { RouteOwner } from './routes.ts';

/** The Workers that own internal endpoints. */
export type InternalOwner = 'mf-search' | 'edge-api';

const Postcode = v.pipe(v.string(), v.regex(/^\d{4}$/, 'Invalid postcode. Please enter a 4-digit number.'));
const NumberText = (min: number, max: number) => v.pipe(v.string(), v.transform(Number), v.number(), v.minValue(min), v.maxValue(max));

/** The longest car slug looked up: SlugSchema has no bound, and a stock slug (year, make, model, badge, id) is far shorter. */
export const MAX_CAR_SLUG_LENGTH = 200;

/** A car slug as the lookup takes it (bounded, lowercase slug). */
const CarSlug = v.pipe(v.string(), v.maxLength(MAX_CAR_SLUG_LENGTH), SlugSchema);

/**
 * `GET /internal/car?slug=` or `GET /internal/car?id=` (mf-search): one car of the tenant, its stock visibility
 * applied. Exactly one of the two: the vehicle page and the writes know the slug, while finance links carry the car's
 * id (spec §2: `/finance?car_id=`). Strict objects, so a query naming both (or neither) is refused.
 */
export const CarQuerySchema = v.union([v.strictObject({ slug: CarSlug }), v.strictObject({ id: IdSchema })]);
export const CarAnswerSchema = v.object({ car: CarSchema });

/** `GET /internal/sitemap` (mf-search): every in-stock car page of the tenant. */
export const SearchSitemapSchema = v.object({ paths: v.array(v.string()) });

/** `GET /internal/autogauge` (edge-api's autograb port): the market valuation of the car the query describes. */
export const AutogaugeQuerySchema = v.object({
  car_id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  make: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  model: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  badge: v.optional(v.pipe(v.string(), v.maxLength(200))),
  year: NumberText(1900, 2100),
  km: v.optional(NumberText(0, 10_000_000)),
  price: NumberText(0, 100_000_000),
  nvic: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,20}$/, 'nvic must be letters and digits.'))),
  state: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z]{2,3}$/, 'state must be a state code such as NSW.'))),
});

/** `GET /internal/delivery?postcode=&origin=` (edge-api's delivery port); 404 when the port has no estimate. */
export const DeliveryQuerySchema = v.object({ postcode: Postcode, origin: Postcode });

/** `GET /api/payments/reserved?car_ids=a,b` (edge-api): which of these cars hold a paid reservation. */
export const ReservedCarsSchema = v.object({ reserved: v.array(v.string()) });
/** edge-api accepts at most this many ids per call. */
export const RESERVED_LOOKUP_MAX = 100;
/** A car id the reserved-cars lookup takes (plain characters: ids travel comma-separated in the query). */
export const RESERVED_LOOKUP_ID = /^[A-Za-z0-9_.:-]{1,100}$/;

/**
 * `car_ids=a,b,c` (or repeated `car_ids=`) -> distinct ids in order; null when one is malformed or there are more than
 * RESERVED_LOOKUP_MAX. What edge-api answers to, and what a caller's query must pass.
 */
export function parseReservedCarIds(values: readonly string[]): string[] | null {
  const ids = [...new Set(values.flatMap((value) => value.split(',')).map((id) => id.trim()).filter(Boolean))];
  if (ids.length > RESERVED_LOOKUP_MAX || ids.some((id) => !RESERVED_LOOKUP_ID.test(id))) return null;
  return ids;
}
export const ReservedCarsQuerySchema = v.object({
  car_ids: v.pipe(v.string(), v.check((list) => parseReservedCarIds([list]) !== null, `car_ids is a comma-separated list of at most ${RESERVED_LOOKUP_MAX} car ids.`)),
});

/** `GET /api/payments/intents/:id` (edge-api): a payment's state, no personal data. */
export const PaymentStateSchema = v.object({
  payment_id: v.string(),
  status: v.picklist(['requires_payment', 'paid', 'failed', 'refunded']),
  car_id: v.nullable(v.string()),
  car_slug: v.nullable(v.string()),
  amount_cents: v.number(),
  currency: v.literal('aud'),
});
export type PaymentState = v.InferOutput<typeof PaymentStateSchema>;

/**
 * `GET /internal/stock-digest?since=<version>` (mf-search): what alerts compare between two stock imports, read from the
 * stock store (not an isolate's index). `version` names the tenant's current import (its meta's `updated_at`); `cars`
 * is left out when it equals `since` (nothing changed). Each car: id, price (0 when on application), status as a
 * shopper sees it, and its name and slug for the message.
 */
export const StockDigestQuerySchema = v.object({ since: v.optional(v.pipe(v.string(), v.maxLength(100))) });
export const StockDigestCarSchema = v.object({
  id: IdSchema,
  price: v.number(),
  status: v.picklist(['available', 'reserved', 'sold']),
  name: v.string(),
  slug: v.string(),
});
export type StockDigestCar = v.InferOutput<typeof StockDigestCarSchema>;
export const StockDigestSchema = v.object({ version: v.nullable(v.string()), cars: v.optional(v.array(StockDigestCarSchema)) });
export type StockDigest = v.InferOutput<typeof StockDigestSchema>;

/** The most saved searches and car ids one `searchMatches` call takes. */
export const SEARCH_MATCHES_MAX_SEARCHES = 2000;
export const SEARCH_MATCHES_MAX_CARS = 20_000;
/**
 * `POST /internal/search-matches` (mf-search, the owner of what a search URL means): which of `car_ids` each saved
 * search (a `/search...` URL with its refinements) would list today. Ids not in stock match nothing.
 */
export const SearchMatchesRequestSchema = v.object({
  searches: v.pipe(v.array(v.object({ id: IdSchema, url: SavedSearchUrlSchema })), v.maxLength(SEARCH_MATCHES_MAX_SEARCHES)),
  car_ids: v.pipe(v.array(IdSchema), v.maxLength(SEARCH_MATCHES_MAX_CARS)),
});
export type SearchMatchesRequest = v.InferOutput<typeof SearchMatchesRequestSchema>;
export const SearchMatchesSchema = v.object({ matches: v.array(v.object({ id: IdSchema, car_ids: v.array(IdSchema) })) });
export type SearchMatches = v.InferOutput<typeof SearchMatchesSchema>;

/** The longest place a locator search takes (a suburb name with its state, or a postcode). */
export const GEOCODE_QUERY_MAX = 60;

/**
 * `GET /internal/geocode?q=` (edge-api's geocoding port, spec §7 Geocoding: restricted to Australia): a 4-digit postcode
 * or a suburb name (optionally with its state, 'Springwood QLD') -> one point. 404 `{ error: GEOCODE_ERRORS.notFound }`
 * (a postcode no state owns, or a suburb the port does not know), 400 for a query outside the rule below (its text in
 * `error`), 503 `{ error: GEOCODE_ERRORS.unavailable }` when the provider fails. Callers check the query with
 * `locatorQuery` first, so the shopper sees spec §8's words without a lookup.
 */
export const GeocodeQuerySchema = v.object({ q: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(GEOCODE_QUERY_MAX)) });
export const GeocodeAnswerSchema = v.object({
  lat: v.pipe(v.number(), v.minValue(-90), v.maxValue(90)),
  lng: v.pipe(v.number(), v.minValue(-180), v.maxValue(180)),
  /** What was found, for the shopper: 'Springwood QLD 4127'. */
  label: v.pipe(v.string(), v.maxLength(120)),
  postcode: v.nullable(v.pipe(v.string(), v.regex(/^\d{4}$/))),
  state: v.nullable(v.pipe(v.string(), v.maxLength(3))),
  /** True when the point stands in for the place (a postcode not in the table: the nearest listed one of its state). */
  approximate: v.boolean(),
});
export type GeocodeAnswer = v.InferOutput<typeof GeocodeAnswerSchema>;

/** The geocoding texts (spec §7: an empty answer throws 'Invalid postcode'; §8 the postcode field's words). */
export const GEOCODE_ERRORS = {
  empty: 'Please enter a postcode or suburb.',
  postcode: 'Invalid postcode. Please enter a 4-digit number.',
  notFound: 'Invalid postcode',
  suburb: 'We could not find that suburb. Please try its postcode.',
  unavailable: 'We could not look up that place just now. Please try again, or browse the list below.',
} as const;

/**
 * The locator's search box (spec §5 Postcode field: exactly 4 digits; a suburb name otherwise): what to look up, or the
 * text to show without a lookup. Digits only -> a postcode (exactly 4, else the postcode error); letters -> a suburb
 * (letters, spaces, apostrophes, hyphens and full stops, with an optional state code and postcode after it).
 * @example locatorQuery(' 4127 ') // { ok: true, kind: 'postcode', q: '4127' }
 * @example locatorQuery('412')    // { ok: false, error: 'Invalid postcode. Please enter a 4-digit number.' }
 */
export function locatorQuery(input: string | null | undefined): { ok: true; kind: 'postcode' | 'suburb'; q: string } | { ok: false; error: string } {
  const q = (input ?? '').trim().replace(/\s+/g, ' ');
  if (!q) return { ok: false, error: GEOCODE_ERRORS.empty };
  if (/^[\d\s]+$/.test(q)) {
    const digits = q.replace(/\s/g, '');
    return /^\d{4}$/.test(digits) ? { ok: true, kind: 'postcode', q: digits } : { ok: false, error: GEOCODE_ERRORS.postcode };
  }
  if (q.length > GEOCODE_QUERY_MAX || !/^[\p{L}][\p{L}\s'.-]*(?:,?\s*(?:NSW|VIC|QLD|SA|WA|TAS|NT|ACT))?(?:\s+\d{4})?$/iu.test(q)) return { ok: false, error: GEOCODE_ERRORS.suburb };
  return { ok: true, kind: 'suburb', q };
}

type Endpoint = { owner: InternalOwner; path: string; answer: v.GenericSchema; query?: v.GenericSchema; body?: v.GenericSchema };

/** The registry. `path` may hold one `:id` segment, filled from `params.id`. */
export const INTERNAL = {
  car: { owner: 'mf-search', path: '/internal/car', query: CarQuerySchema, answer: CarAnswerSchema },
  sitemap: { owner: 'mf-search', path: '/internal/sitemap', answer: SearchSitemapSchema },
  stockDigest: { owner: 'mf-search', path: '/internal/stock-digest', query: StockDigestQuerySchema, answer: StockDigestSchema },
  searchMatches: { owner: 'mf-search', path: '/internal/search-matches', body: SearchMatchesRequestSchema, answer: SearchMatchesSchema },
  /** `GET /api/me` (the shopper's cookie forwarded): the signed-in shopper's own data for mf-account's pages; 401 signed out. */
  account: { owner: 'edge-api', path: ACCOUNT_API.summary, answer: AccountSummarySchema },
  marketPrice: { owner: 'edge-api', path: '/internal/autogauge', query: AutogaugeQuerySchema, answer: MarketPriceResultSchema },
  delivery: { owner: 'edge-api', path: '/internal/delivery', query: DeliveryQuerySchema, answer: DeliveryEstimateSchema },
  /** The dealer locator's place lookup (edge-api's geocoding port). */
  geocode: { owner: 'edge-api', path: '/internal/geocode', query: GeocodeQuerySchema, answer: GeocodeAnswerSchema },
  reservedCars: { owner: 'edge-api', path: '/api/payments/reserved', query: ReservedCarsQuerySchema, answer: ReservedCarsSchema },
  payment: { owner: 'edge-api', path: '/api/payments/intents/:id', answer: PaymentStateSchema },
  /** The trade-in journey's public state (contracts trade-in.ts), for the journey pages. */
  tradeInJourney: { owner: 'edge-api', path: TRADE_IN_API.journey, answer: v.object({ journey: TradeInJourneyStateSchema }) },
  /** The manual entry's make / model / year / badge lists (the journey pages render them for shoppers without JavaScript). */
  tradeInTaxonomy: { owner: 'edge-api', path: TRADE_IN_API.taxonomy, query: TradeInTaxonomyQuerySchema, answer: TradeInTaxonomySchema },
  session: { owner: 'edge-api', path: SIGN_IN_API.session, answer: SessionResponseSchema },
  /** `GET /api/spin-to-win` (the shopper's cookie forwarded): their spin of the current campaign; 401 signed out, 404 no campaign. */
  spin: { owner: 'edge-api', path: SPIN_API, answer: SpinStatusSchema },
  /** `POST /internal/youx/quote` (edge-api's YouX port, the one rate card): 502 `{ error }` when the provider fails. */
  quickQuote: { owner: 'edge-api', path: '/internal/youx/quote', body: FinanceQuickQuoteRequestSchema, answer: FinanceQuickQuoteResponseSchema },
  /**
   * The sign-in endpoints, called by mf-finance's pre-approval journey on the shopper's behalf (their address headers
   * and cookies forwarded, so edge-api's limits and known-device rules apply as if the browser had called):
   * `POST /api/auth/otp` texts a code (edge-api records event 36), `POST /api/auth/verify` checks it and answers the
   * session cookie in `set-cookie` (event 37). Failures carry `{ error }` in spec §8's words.
   */
  sendCode: { owner: 'edge-api', path: SIGN_IN_API.sendCode, body: SendCodeRequestSchema, answer: SendCodeResponseSchema },
  verifyCode: { owner: 'edge-api', path: SIGN_IN_API.verify, body: VerifyCodeRequestSchema, answer: SessionResponseSchema },
  /**
   * `POST /api/youx/create-customer` (spec §7; edge-api's YouX port): with the session of the phone the customer
   * names, records the Finance Enquiry lead (lead outbox, event 9) and creates the YouX customer in parallel -> 200
   * `{ redirectUrl }`. 401 no session, 403 another phone, 400 a body outside the contract, 429 too many, 503 `{ error:
   * 'Lead submission failed' }` (the lead was not recorded), 502 `{ error: 'Failed to create YouX customer' }` (the
   * lead was recorded; the provider failed or gave no redirect URL).
   */
  createCustomer: { owner: 'edge-api', path: YOUX_API.createCustomer, body: FinanceCreateCustomerRequestSchema, answer: FinanceCreateCustomerAnswerSchema },
  /** `POST /internal/cache/purge` (edge-api's page-cache purge port, contracts page-cache.ts): an import changed these cars. */
  purgePages: { owner: 'edge-api', path: '/internal/cache/purge', body: PurgeRequestSchema, answer: PurgeAnswerSchema },
} as const satisfies Record<string, Endpoint>;
export type InternalName = keyof typeof INTERNAL;

/**
 * Who calls each endpoint (kept truthful by internal.test.ts, which scans every part's sources for `callInternal(…,
 * '<name>'`, `fetchCar(`, `fetchCarById(` and `loadReservedIds(`): the canary's contract check holds a caller and an owner of
 * different versions to the same contract (contract-compat.ts).
 */
export const INTERNAL_CALLERS = {
  car: ['mf-vehicle', 'edge-api', 'mf-finance', 'mf-account'],
  sitemap: ['shell'],
  stockDigest: ['edge-api'],
  searchMatches: ['edge-api'],
  account: ['mf-account'],
  marketPrice: ['mf-vehicle'],
  delivery: ['mf-vehicle'],
  geocode: ['mf-locations'],
  reservedCars: ['mf-search', 'mf-vehicle', 'mf-account'],
  payment: ['mf-vehicle'],
  tradeInJourney: ['mf-vehicle'],
  tradeInTaxonomy: ['mf-vehicle'],
  session: ['shell', 'mf-finance'],
  spin: ['shell'],
  quickQuote: ['mf-finance'],
  sendCode: ['mf-finance'],
  verifyCode: ['mf-finance'],
  createCustomer: ['mf-finance'],
  purgePages: ['mf-search'],
} as const satisfies Record<InternalName, ReadonlyArray<RouteOwner | 'edge-api'>>;
type QueryOf<N extends InternalName> = (typeof INTERNAL)[N] extends { query: infer Q extends v.GenericSchema } ? v.InferInput<Q> : Record<string, string | string[]>;
type BodyOf<N extends InternalName> = (typeof INTERNAL)[N] extends { body: infer B extends v.GenericSchema } ? v.InferInput<B> : never;
export type InternalAnswer<N extends InternalName> = v.InferOutput<(typeof INTERNAL)[N]['answer']>;

/** A service binding (a Worker's `Fetcher`) or anything with its `fetch`. */
export type ServiceBinding = { fetch(input: string, init?: RequestInit): Promise<Response> };

export type InternalCall<N extends InternalName> = {
  tenant: string;
  query?: QueryOf<N>;
  params?: { id: string };
  /** The JSON body of a POST endpoint (checked against its contract before it is sent). */
  body?: BodyOf<N>;
  /** Extra request headers (the session check forwards the shopper's cookie). */
  headers?: Record<string, string>;
  timeoutMs?: number;
};

/**
 * What the owner answered: `ok` with the answer checked against the contract (a 2xx), or the status of any other
 * answer (its body discarded). An unreachable owner or a timeout throws (the caller decides: a deferred part returns
 * null, a critical part fails the page); so does a 2xx whose body breaks the contract (`InternalAnswerError`).
 */
export type InternalResult<N extends InternalName> =
  | { ok: true; status: number; data: InternalAnswer<N>; headers: Headers }
  | { ok: false; status: number; error?: string; retryAfter?: number };

export class InternalAnswerError extends Error {
  override name = 'InternalAnswerError';
}

/** The URL of an internal call (the host names the owner; a service binding ignores it). */
export function internalUrl<N extends InternalName>(name: N, call: Pick<InternalCall<N>, 'query' | 'params'> = {}): string {
  const endpoint: Endpoint = INTERNAL[name];
  const path = endpoint.path.replace(':id', encodeURIComponent(call.params?.id ?? ''));
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((call.query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) query.append(key, String(item));
    else query.set(key, String(value));
  }
  const search = query.toString();
  return `https://${endpoint.owner}.internal${path}${search ? `?${search}` : ''}`;
}

/** The longest error text kept from a refusal (the owners' messages are one sentence). */
const MAX_ERROR_LENGTH = 500;

/** A refusal's `{ error }` text (when it is JSON with one) and its Retry-After seconds; anything else is dropped. */
async function errorOf(res: Response): Promise<{ error?: string; retryAfter?: number }> {
  const retry = Number(res.headers.get('retry-after'));
  const out: { error?: string; retryAfter?: number } = Number.isInteger(retry) && retry > 0 ? { retryAfter: retry } : {};
  if (!/^application\/json\b/i.test(res.headers.get('content-type') ?? '')) {
    await res.body?.cancel();
    return out;
  }
  const body: unknown = await res.json().catch(() => null);
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error === 'string' && error.length > 0) out.error = error.slice(0, MAX_ERROR_LENGTH);
  return out;
}

/**
 * One call to another Worker: the tenant header set, the answer checked against its contract.
 * @example const answer = await callInternal(c.env.SEARCH, 'car', { tenant, query: { slug } });
 */
export async function callInternal<N extends InternalName>(binding: ServiceBinding, name: N, call: InternalCall<N>): Promise<InternalResult<N>> {
  const endpoint: Endpoint = INTERNAL[name];
  // The tenant header is set last on a Headers object, so no caller header (in any case) can name another tenant.
  const headers = new Headers(call.headers);
  headers.set(TENANT_HEADER, call.tenant);
  const init: RequestInit = { headers };
  if (endpoint.body) {
    init.method = 'POST';
    headers.set('content-type', 'application/json');
    init.body = JSON.stringify(v.parse(endpoint.body, call.body));
  }
  if (call.timeoutMs !== undefined) init.signal = AbortSignal.timeout(call.timeoutMs);
  const res = await binding.fetch(internalUrl(name, call), init);
  if (!res.ok) return { ok: false, status: res.status, ...(await errorOf(res)) };
  const parsed = v.safeParse(INTERNAL[name].answer as v.GenericSchema, await res.json());
  if (!parsed.success) throw new InternalAnswerError(`${INTERNAL[name].owner} answered ${name} outside its contract: ${v.flatten(parsed.issues).root?.join('; ') ?? Object.keys(v.flatten(parsed.issues).nested ?? {}).join(', ')}`);
  return { ok: true, status: res.status, data: parsed.output as InternalAnswer<N>, headers: res.headers };
}

/**
 * The car of this tenant with this slug, as mf-search's read model has it (stock visibility applied): null when it is
 * not one (unknown, or not a slug at all); throws when mf-search fails, is unreachable or breaks the contract. The car
 * lookup of the platform (mf-vehicle's pages, edge-api's writes that name a car); fetchCarById is the same by id.
 */
export async function fetchCar(search: ServiceBinding, tenant: string, slug: string, timeoutMs?: number): Promise<v.InferOutput<typeof CarSchema> | null> {
  if (!v.is(CarQuerySchema, { slug })) return null;
  return carAnswer(await callInternal(search, 'car', { tenant, query: { slug }, ...(timeoutMs !== undefined ? { timeoutMs } : {}) }));
}

/**
 * The car of this tenant with this id (`/internal/car?id=`), with fetchCar's meaning: null when it is not one (unknown,
 * or no id at all: empty or longer than IdSchema allows); throws when mf-search fails, is unreachable or breaks the
 * contract. For links that carry the car's id rather than its slug (mf-finance's `/finance?car_id=`, spec §2).
 */
export async function fetchCarById(search: ServiceBinding, tenant: string, id: string, timeoutMs?: number): Promise<v.InferOutput<typeof CarSchema> | null> {
  if (!v.is(CarQuerySchema, { id })) return null;
  return carAnswer(await callInternal(search, 'car', { tenant, query: { id }, ...(timeoutMs !== undefined ? { timeoutMs } : {}) }));
}

/** A car lookup's answer: the car, null for a 404 (unknown) or 400 (refused query), or a throw for anything else. */
function carAnswer(answer: InternalResult<'car'>): v.InferOutput<typeof CarSchema> | null {
  if (answer.ok) return answer.data.car;
  if (answer.status === 404 || answer.status === 400) return null;
  throw new Error(`mf-search answered ${answer.status} for a car`);
}
