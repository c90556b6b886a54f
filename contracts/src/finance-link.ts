/**
 * The finance link and the finance page's query (spec §2 Finance: "/finance ... Links carry preferredDealership,
 * vehiclePriceBudget, car_id, car_type and vin and end with #finance-form."; spec §2 Finance page "Query parameters
 * read: car_id, vin, nvic, year, preferredDealership, car_type, vehiclePriceBudget or price, loanTerm,
 * selfAssessedCreditScore or credit_score, whoIsHelping").
 * One builder for every part that links a car to finance (search cards, the car page; issue 15: two copies had drifted
 * apart in parameter order and trimming), and one reader for mf-finance, so what a link writes is what the page reads.
 */
import * as v from 'valibot';
import { CREDIT_SCORES } from './api.ts';
import { DEFAULT_FINANCE_LINK } from './constants.ts';
import { CAR_TYPES } from './entities/car.ts';
import { SlugSchema } from './entities/common.ts';

/** The anchor every finance link ends with: the page scrolls to its form (spec §2). */
export const FINANCE_FORM_ANCHOR = '#finance-form';

/** What a finance link needs of a car (a `Car` fits). */
export type FinanceLinkCar = {
  id: string;
  car_type: string;
  vin?: string | null;
  dealership_slug?: string | null;
};

/**
 * A car's finance link: `/finance?car_id=..&vehiclePriceBudget=..&car_type=..&vin=..&preferredDealership=..#finance-form`
 * (spec §2). Parameters always come in this order, so the same car gives the same link on every page (and in caches);
 * empty values are left out, and the budget only when the page shows a price for the car.
 * @param budget the price the page shows for the car (offer or list price, whole dollars); 0, negative or absent leaves
 *   `vehiclePriceBudget` out (a subscription, preorder or unpriced car), so the finance page opens on its own default.
 * @example financeHref({ id: '7', car_type: 'used', vin: null, dealership_slug: 'x-motors' }, 31990)
 *   // '/finance?car_id=7&vehiclePriceBudget=31990&car_type=used&preferredDealership=x-motors#finance-form'
 */
export function financeHref(car: FinanceLinkCar, budget?: number | null): string {
  const params = new URLSearchParams();
  const put = (name: string, value: string | null | undefined) => {
    const text = value?.trim();
    if (text) params.set(name, text);
  };
  put('car_id', String(car.id));
  // Whole dollars: the finance page reads the budget as digits only (financeQueryOf).
  if (typeof budget === 'number' && Number.isFinite(budget) && Math.round(budget) > 0) put('vehiclePriceBudget', String(Math.round(budget)));
  put('car_type', car.car_type);
  put('vin', car.vin);
  put('preferredDealership', car.dealership_slug);
  const query = params.toString();
  return `${DEFAULT_FINANCE_LINK}${query ? `?${query}` : ''}${FINANCE_FORM_ANCHOR}`;
}

// The finance page's query --------------------------------------------------------------------------------------

const Digits = (max: number) => v.pipe(v.string(), v.regex(/^\d{1,12}$/), v.transform(Number), v.number(), v.safeInteger(), v.maxValue(max));

/** One field of the query each: a bad value fails its own schema and is dropped, never the whole query. */
const FIELDS = {
  car_id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  /** VIN or chassis number: letters and digits (a VIN is 17; older chassis numbers are shorter). */
  vin: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,20}$/), v.toUpperCase()),
  nvic: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,20}$/), v.toUpperCase()),
  year: v.pipe(Digits(2100), v.minValue(1900)),
  preferredDealership: v.pipe(v.string(), v.maxLength(100), SlugSchema),
  car_type: v.pipe(v.string(), v.toLowerCase(), v.picklist(CAR_TYPES)),
  /** Digits only (spec §5 quick estimate "purchase price digits only"); not clamped: the page that uses it decides. */
  vehiclePriceBudget: Digits(100_000_000),
  /** Years, as the quick quote takes them (1-7). */
  loanTerm: v.pipe(Digits(7), v.minValue(1)),
  selfAssessedCreditScore: v.pipe(v.string(), v.toUpperCase(), v.picklist(CREDIT_SCORES)),
  whoIsHelping: v.pipe(v.string(), v.minLength(1), v.maxLength(100), v.regex(/^[^\p{Cc}]*$/u)),
} as const;

/**
 * The finance page's query once read (`financeQueryOf`): every field optional, each present one valid. Field names are
 * the spec's (the quick-quote request's); `vehiclePriceBudget` also takes `price`, `selfAssessedCreditScore` also
 * takes `credit_score`.
 */
export const FinanceQuerySchema = v.object({
  car_id: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(100))),
  vin: v.optional(v.pipe(v.string(), v.regex(/^[A-Z0-9]{1,20}$/))),
  nvic: v.optional(v.pipe(v.string(), v.regex(/^[A-Z0-9]{1,20}$/))),
  year: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1900), v.maxValue(2100))),
  preferredDealership: v.optional(v.pipe(v.string(), v.maxLength(100), SlugSchema)),
  car_type: v.optional(v.picklist(CAR_TYPES)),
  vehiclePriceBudget: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000_000))),
  loanTerm: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(7))),
  selfAssessedCreditScore: v.optional(v.picklist(CREDIT_SCORES)),
  whoIsHelping: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(100))),
});
export type FinanceQuery = v.InferOutput<typeof FinanceQuerySchema>;

/** Query names read for each field, first valid one wins (spec §2 "vehiclePriceBudget or price", "selfAssessedCreditScore or credit_score"). */
const ALIASES: { [K in keyof typeof FIELDS]: readonly string[] } = {
  car_id: ['car_id'],
  vin: ['vin'],
  nvic: ['nvic'],
  year: ['year'],
  preferredDealership: ['preferredDealership'],
  car_type: ['car_type'],
  vehiclePriceBudget: ['vehiclePriceBudget', 'price'],
  loanTerm: ['loanTerm'],
  selfAssessedCreditScore: ['selfAssessedCreditScore', 'credit_score'],
  whoIsHelping: ['whoIsHelping'],
};

export type FinanceQueryInput = URLSearchParams | string | Record<string, string | null | undefined>;

/**
 * Reads the finance page's query (spec §2 Finance page) into a typed object. A link or a shopper may send anything, so
 * a bad value is dropped, never thrown: the page still opens, just without it. Values are trimmed; the first value of
 * a repeated name counts; `vehiclePriceBudget` (else `price`) is digits only and not clamped here (the calculator and the
 * quick estimate clamp to their own ranges); the credit score is case-insensitive (`great` -> `GREAT`).
 * @example financeQueryOf('?car_id=7&price=31990&credit_score=decent&loanTerm=9') // { car_id: '7', vehiclePriceBudget: 31990, selfAssessedCreditScore: 'DECENT' }
 */
export function financeQueryOf(input: FinanceQueryInput): FinanceQuery {
  const get: (name: string) => string | null | undefined =
    input instanceof URLSearchParams ? (name) => input.get(name)
      : typeof input === 'string' ? ((q) => (name: string) => q.get(name))(new URLSearchParams(input))
        : (name) => (Object.hasOwn(input, name) ? input[name] : undefined);
  const out: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(FIELDS) as Array<[keyof typeof FIELDS, v.GenericSchema<string, unknown>]>) {
    for (const name of ALIASES[field]) {
      const raw = get(name)?.trim();
      if (!raw) continue;
      const parsed = v.safeParse(schema, raw);
      if (parsed.success) {
        out[field] = parsed.output;
        break;
      }
    }
  }
  // The output schema is the type's guarantee; every field was checked above, so this never drops anything.
  return v.parse(FinanceQuerySchema, out);
}
