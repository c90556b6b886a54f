/**
 * Fragment slots (ARCHITECTURE.md "a fragment can contain slots"): another remote's fragment inside a page. Every slot
 * a part may fill is declared here once — its owner (remote and fragment page) and its params (a valibot schema of
 * flat strings) — and used from here by both sides: the host builds the slot with `slotFor`, the owner reads its query
 * with `readSlotParams`. The shell fetches `GET /fragments/<page>?<params>` from the owner and pastes the answer at
 * the host's `slotMarker(id)`.
 */
import * as v from 'valibot';
import { CAR_TYPES } from './entities/car.ts';
import { FragmentSlotSchema, type FragmentSlot } from './fragments.ts';
import { LeadFormSlotParamsSchema } from './lead-forms.ts';
import { LocationBlockParamsEntries } from './location-block.ts';
import type { RemoteName } from './tenant.ts';

const Num = v.optional(v.pipe(v.string(), v.regex(/^-?\d+(\.\d+)?$/, 'A number')));
const Text = (max: number) => v.optional(v.pipe(v.string(), v.maxLength(max)));

/**
 * Params of mf-finance's calculator slot on the car page (contracts/finance-calculator.ts `calculatorSlotParams`):
 * the car, and the figures of its first eligible lender (spec §5 Finance eligibility), so the calculator opens on that
 * lender's rate, term and fee; and the page's own figures (`carFinanceFigures`: amount, rate, term, fee), which the
 * calculator opens on, so it agrees with the estimate the sidebar and sticky header quote (issue 13).
 */
export const CalculatorSlotParamsSchema = v.object({
  car_id: Text(100),
  price: Num,
  car_type: v.optional(v.picklist(CAR_TYPES)),
  make: Text(100),
  dealership_slug: Text(100),
  year: Num,
  lender: Text(100),
  lender_interest: Num,
  lender_term_years: Num,
  lender_fee: Num,
  lender_deposit: Num,
  lender_balloon: Num,
  /** Opening values the host supplies (spec §5 "default amount = supplied default if >0"): the car page's figures. */
  default_amount: Num,
  default_interest: Num,
  default_term_years: Num,
  default_fee: Num,
});

/**
 * Params of mf-search's stock strip (the home page's featured-stock carousels): which cars (new arrivals: the newest
 * in stock; specials: reduced or offer-priced; type: one stock type, newest first; finance: the finance page's 'Get
 * Finance Now' promo, spec §2 "featured in-stock used cars with more than one photo", newest first, 6 by default), an
 * optional heading, how many.
 */
export const StockStripSlotParamsSchema = v.object({
  strip: v.picklist(['new-arrivals', 'specials', 'type', 'finance']),
  car_type: v.optional(v.picklist(CAR_TYPES)),
  heading: Text(80),
  limit: v.optional(v.pipe(v.string(), v.regex(/^(?:[4-9]|1[0-2])$/, 'Between 4 and 12 cars'))),
  /** Only this make (manufacturer slug, e.g. `isuzu-ute`) and model (slug, e.g. `mu-x`): brand and model pages. */
  make: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'A make slug'), v.maxLength(60))),
  model: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'A model slug'), v.maxLength(60))),
});

/**
 * Params of mf-search's similar-cars slot (spec §2: the car page's similar-cars carousel): the car they are similar to.
 * The slot brings its own markup and stylesheet wherever it renders; its island (SimilarCarsIslandPropsSchema) loads
 * the cars when it nears the viewport.
 */
export const SimilarCarsSlotParamsSchema = v.object({ slug: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,199}$/, 'A car slug')) });

/**
 * Params of mf-locations' locations summary (the home page's locations section, spec §2 Location block; the entries
 * and their rules are location-block.ts's, shared with the tenant's home section): which locations, filtered how, laid
 * out as cards or the 'Our Locations' carousel, at most how many. Every param is optional: none gives the section as
 * it was (all locations, primary first, at most 4). The car page names its car's location with the `map` variant and
 * the `reviews` list (spec §2 anchors `#vehicle-map`, `#reviews`).
 */
export const LocationsSummarySlotParamsSchema = v.object(LocationBlockParamsEntries);

/**
 * Params of mf-locations' reviews summary (the home page's `reviews` section, 'What our customers say'): none. The
 * owner of the location reviews decides everything it shows (the site's locations, spec §5's Reviews block rule, the
 * newest reviews of 4 stars and more), so the host only places it.
 */
export const ReviewsSummarySlotParamsSchema = v.object({});

/**
 * Params of mf-search's quick search (the home page's "find your next car" form): an optional heading. mf-search
 * fills the choices from the tenant's stock (the makes, models, body types and stock types it has, with counts).
 */
export const QuickSearchSlotParamsSchema = v.object({ heading: Text(80) });

type SlotContract = { remote: RemoteName; page: string; params: v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined> };

/** Every slot of the platform: who fills it and what it is told. */
export const SLOTS = {
  /** The finance calculator in the car page (mf-vehicle hosts it; `#finance-calculator`, spec §2). */
  financeCalculator: { remote: 'mf-finance', page: 'finance-calculator', params: CalculatorSlotParamsSchema },
  /** A lead form of mf-account's kit in any page (contracts/lead-forms.ts). */
  leadForm: { remote: 'mf-account', page: 'lead-form', params: LeadFormSlotParamsSchema },
  /** Featured stock on the home page (mf-search). */
  stockStrip: { remote: 'mf-search', page: 'stock-strip', params: StockStripSlotParamsSchema },
  /** The home page's quick search (mf-search): a GET form to the search page with the stock's own choices. */
  quickSearch: { remote: 'mf-search', page: 'quick-search', params: QuickSearchSlotParamsSchema },
  /** Similar cars on the car page (mf-search), with its own styles. */
  similarCars: { remote: 'mf-search', page: 'similar-cars', params: SimilarCarsSlotParamsSchema },
  /** The locations on the home page, and the car's location on the car page (`#vehicle-map`, `#reviews`) (mf-locations). */
  locationsSummary: { remote: 'mf-locations', page: 'locations-summary', params: LocationsSummarySlotParamsSchema },
  /** The home page's reviews summary, 'What our customers say' (mf-locations: it owns the location reviews and their rules). */
  reviewsSummary: { remote: 'mf-locations', page: 'reviews-summary', params: ReviewsSummarySlotParamsSchema },
} as const satisfies Record<string, SlotContract>;
export type SlotName = keyof typeof SLOTS;
export type SlotParamsInput<N extends SlotName> = v.InferInput<(typeof SLOTS)[N]['params']>;
export type SlotParams<N extends SlotName> = v.InferOutput<(typeof SLOTS)[N]['params']>;

/**
 * A slot for a fragment's head (`head.slots`), its params checked against the slot's contract: a host that passes
 * what the owner would refuse fails loudly in its own tests, never silently in a shopper's page.
 * @example slotFor('leadForm', 'enquire', { form: 'enquire', id: 'fv-enquire-form', layout: 'dialog', ...leadFormCarParams(car) })
 */
export function slotFor<N extends SlotName>(name: N, id: string, params: SlotParamsInput<N>): FragmentSlot {
  const contract: SlotContract = SLOTS[name];
  const parsed = v.parse(contract.params, params) as Record<string, unknown>;
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) if (typeof value === 'string' && value !== '') flat[key] = value;
  return v.parse(FragmentSlotSchema, { id, remote: contract.remote, page: contract.page, params: flat });
}

/**
 * The owner's side: the slot's params from its fragment request's query (the last value of a repeated key wins;
 * unknown keys are ignored). A failure means the host and the owner disagree: answer the slot with nothing.
 */
export function readSlotParams<N extends SlotName>(name: N, query: URLSearchParams): v.SafeParseResult<(typeof SLOTS)[N]['params']> {
  return v.safeParse(SLOTS[name].params, Object.fromEntries(query)) as v.SafeParseResult<(typeof SLOTS)[N]['params']>;
}
