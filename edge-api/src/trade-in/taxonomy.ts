/**
 * The trade-in journey's vehicle taxonomy (taxonomy-data.ts, generated from the demo stock catalogue): the lists of
 * "enter it by hand" (makes, a make's models, a model's years and badges: `GET TRADE_IN_API.taxonomy`) and the
 * lookups of the embedded rego lookup and valuation adapters. One table, so what a shopper can pick is what the
 * embedded valuation knows.
 */
import type { TradeInTaxonomy } from '@forecourt/contracts/trade-in';
import { TAXONOMY_ROWS, type TaxonomyRow } from './taxonomy-data.ts';

/** The oldest car the lists offer: older ones are past every dealer's online-estimate age (spec §9: 7 or 10 years). */
export const TAXONOMY_MAX_AGE_YEARS = 20;

export type TaxonomyModel = {
  make: string;
  model: string;
  body: string;
  transmission: string;
  fuel: string;
  from: number;
  until: number | null;
  series: readonly [string, number][];
  badges: readonly [string, number][];
};

const toModel = ([make, model, body, transmission, fuel, from, until, series, badges]: TaxonomyRow): TaxonomyModel => ({ make, model, body, transmission, fuel, from, until, series, badges });

/** Every model of the table, in its order (make, model, body). */
export const TAXONOMY: readonly TaxonomyModel[] = TAXONOMY_ROWS.map(toModel);

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const unique = <T>(xs: Iterable<T>) => [...new Set(xs)];

/** The model years a model was sold in, up to `currentYear` (the last TAXONOMY_MAX_AGE_YEARS only), newest first. */
export function modelYears(m: Pick<TaxonomyModel, 'from' | 'until'>, currentYear: number): number[] {
  const first = Math.max(m.from, currentYear - TAXONOMY_MAX_AGE_YEARS);
  const last = Math.min(m.until ?? currentYear, currentYear);
  const years: number[] = [];
  for (let y = last; y >= first; y--) years.push(y);
  return years;
}

/** The rows of a make and model (any letter case), e.g. the Corolla hatch and sedan. */
export const modelsOf = (make: string, model: string) => TAXONOMY.filter((m) => same(m.make, make) && same(m.model, model));

/**
 * The lists for a query: every make; the models of `make`; the years of `make` + `model`; the badges of that model
 * (of `year` when given). Unknown names give empty lists (a car the table does not know is still typed by hand).
 * @example taxonomyLists({ make: 'Toyota' }, 2026).models // ['86', 'bZ4X', 'C-HR', ...]
 */
export function taxonomyLists(query: { make?: string | undefined; model?: string | undefined; year?: number | undefined }, currentYear: number): TradeInTaxonomy {
  const makes = unique(TAXONOMY.map((m) => m.make)).sort((a, b) => a.localeCompare(b));
  const ofMake = query.make ? TAXONOMY.filter((m) => same(m.make, query.make!)) : [];
  const models = unique(ofMake.map((m) => m.model)).sort((a, b) => a.localeCompare(b));
  const rows = query.make && query.model ? modelsOf(query.make, query.model) : [];
  const years = unique(rows.flatMap((m) => modelYears(m, currentYear))).sort((a, b) => b - a);
  const inYear = query.year === undefined ? rows : rows.filter((m) => modelYears(m, currentYear).includes(query.year!));
  const badges = unique(inYear.flatMap((m) => m.badges.map(([b]) => b)));
  return { makes, models, years, badges };
}

/**
 * The new price the embedded valuation starts from: the badge's (any row of the model), else the middle badge's
 * price of the model's rows; null when the table does not know the make and model.
 */
export function newPrice(make: string, model: string, badge?: string | null): number | null {
  const rows = modelsOf(make, model);
  if (rows.length === 0) return null;
  const all = rows.flatMap((m) => m.badges);
  const exact = badge ? all.find(([b]) => same(b, badge)) : undefined;
  if (exact) return exact[1];
  const prices = all.map(([, p]) => p).sort((a, b) => a - b);
  return prices[Math.floor(prices.length / 2)] ?? null;
}
