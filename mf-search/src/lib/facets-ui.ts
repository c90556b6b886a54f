/**
 * The facets panel's view model (spec §2 Search results, §4 Make facet, §5, §9), built on the server from the
 * engine's facet counts (which ignore their own refinement). Every item carries the href its link (no JS) and the
 * island (JS) both navigate to, so both produce the same URL.
 */
import { DISPLAYED_TOTAL_CAP, MAKE_FACET_INITIAL, MODEL_FACET_LIMIT } from '@forecourt/contracts/constants';
import type { FacetItem, RangeFacet, SearchResponse, TermFacet } from '@forecourt/contracts/search';
import { facetKey } from '../engine/facets.ts';
import { bodyIconUrl } from './body-icons.ts';
import { KM_QUICK_PICKS, priceQuickPicks, sliderBounds, sliderStep, type Bounds } from './slider.ts';
import { changeRefinements, hrefFor, toggleHref, type UrlRefinements } from './url-state.ts';

export type FacetLink = { label: string; value: string; count: number; selected: boolean; href: string; logo?: string | null };
export type MakeGroup = { heading: 'Popular Makes' | 'All Makes' | null; items: FacetLink[] };
export type FacetList = { facet: TermFacet; title: string; items: FacetLink[] };
export type RangeControl = {
  facet: RangeFacet;
  title: string;
  bounds: Bounds;
  step: number;
  min?: number | undefined;
  max?: number | undefined;
  /** Values offered by the typed input (spec §5 quick picks: per tenant for price, fixed for km). */
  picks: number[];
};
export type MakeFacet = {
  items: FacetLink[];
  /** How many make cards show before 'Show all makes' (7, or the tenant's popular-make count). */
  initial: number;
  /** 'Popular Makes' / 'All Makes' headings (spec §9: one tenant). */
  headings: boolean;
  /** How many makes (by count) form the popular group; the rest follow alphabetically (spec §9: 20 on one site). */
  popular: number;
  /** The models of the one refined make, for its 'Select models' expander (max MODEL_FACET_LIMIT). */
  models: { make: string; items: FacetLink[] } | null;
};
export type FacetsView = {
  makes: MakeFacet;
  bodies: FacetLink[];
  lists: FacetList[];
  ranges: RangeControl[];
  /** The specials refinement (`reduced=true`, from a home page's Specials strip) while it is on: shown selected, its link removes it. */
  specials: FacetLink | null;
  active: number;
};

/** Term facets the search page asks the engine to count (model only when one make is refined). */
export const PANEL_FACETS: TermFacet[] = ['make', 'simple_body', 'car_type', 'simple_fuel', 'simple_transmission', 'colour', 'location_id', 'dealership_slug', 'certified'];

const LIST_TITLES: Array<[TermFacet, string]> = [
  ['car_type', 'Vehicle type'],
  ['simple_fuel', 'Fuel'],
  ['simple_transmission', 'Transmission'],
  ['colour', 'Colour'],
  ['location_id', 'Location'],
  ['dealership_slug', 'Dealership'],
  ['certified', 'Certified'],
];
const RANGE_TITLES: Array<[RangeFacet, string]> = [
  ['price', 'Price'],
  ['km', 'Kilometres'],
  ['year', 'Year'],
];

export type FacetsInput = {
  result: Pick<SearchResponse, 'facets' | 'facetStats'> & Partial<Pick<SearchResponse, 'count'>>;
  pathname: string;
  pathFilters: Partial<Record<TermFacet, string[]>>;
  refinements: UrlRefinements;
  popularMakesCount?: number | undefined;
  popularMakesHeadings: boolean;
  /** Spec §9: the popular group's size on one site (20); unset, the initially shown makes. */
  popularMakesBoundary?: number | undefined;
  certifiedOnly: boolean;
  /** Spec §5: the price input's quick picks, the used defaults or the alternate $300,000-$800,000. */
  priceQuickPicks?: 'used' | 'alternate' | undefined;
  /** This remote's versioned asset path (`/_mf/mf-search/<version>/`): body tiles show its drawings. */
  assetBase?: string | undefined;
  /** Manufacturer logos by make name or slug (tenant data). */
  manufacturers: ReadonlyArray<{ name: string; slug: string; logo?: { url: string } | null | undefined }>;
};

/** The refined values of a facet, from the path and the query. */
export function refinedValues(pathFilters: FacetsInput['pathFilters'], r: UrlRefinements, facet: TermFacet): string[] {
  return [...(pathFilters[facet] ?? []), ...(r.filters[facet] ?? [])];
}

export function buildFacets(input: FacetsInput): FacetsView {
  const { result, pathname, pathFilters, refinements: r } = input;
  const link = (facet: TermFacet, item: FacetItem): FacetLink => {
    const keys = new Set(refinedValues(pathFilters, r, facet).map(facetKey));
    const selected = keys.has(facetKey(item.value)) || keys.has(facetKey(item.label));
    return { label: item.label, value: item.value, count: item.count, selected, href: toggleHref(pathname, pathFilters, r, facet, item.value, selected) };
  };
  const logos = new Map<string, string>();
  for (const m of input.manufacturers) if (m.logo?.url) logos.set(facetKey(m.name), m.logo.url).set(facetKey(m.slug), m.logo.url);
  const makes = (result.facets.make ?? []).map((item) => ({ ...link('make', item), logo: logos.get(facetKey(item.value)) ?? null }));
  const refinedMakes = makes.filter((m) => m.selected);
  const modelItems = refinedMakes.length === 1 ? (result.facets.model ?? []).slice(0, MODEL_FACET_LIMIT).map((item) => link('model', item)) : null;
  const lists: FacetList[] = [];
  for (const [facet, title] of LIST_TITLES) {
    let items = (result.facets[facet] ?? []).map((item) => link(facet, item));
    // Spec §5: the certified facet hides 'false' for certified-only tenants.
    if (facet === 'certified' && input.certifiedOnly) items = items.filter((i) => i.value !== 'false');
    // A list with one value and nothing refined cannot narrow anything.
    if (items.length > 1 || items.some((i) => i.selected)) lists.push({ facet, title, items });
  }
  const ranges: RangeControl[] = RANGE_TITLES.map(([facet, title]) => {
    const bounds = sliderBounds(result.facetStats[facet]);
    const picks = facet === 'price' ? priceQuickPicks(input.priceQuickPicks ?? 'used') : facet === 'km' ? [...KM_QUICK_PICKS] : [];
    return { facet, title, bounds, step: sliderStep(bounds), min: r.ranges[facet]?.min, max: r.ranges[facet]?.max, picks };
  });
  const active =
    Object.values(r.filters).reduce((n, values) => n + (values?.length ?? 0), 0) +
    Object.values(r.ranges).filter((x) => x && (x.min !== undefined || x.max !== undefined)).length +
    (r.query ? 1 : 0) +
    (r.reduced ? 1 : 0);
  const specials: FacetLink | null = r.reduced
    ? { label: 'On special', value: 'true', count: result.count ?? 0, selected: true, href: hrefFor(pathname, changeRefinements(r, { reduced: undefined })) }
    : null;
  return {
    makes: {
      items: makes,
      initial: input.popularMakesCount ?? MAKE_FACET_INITIAL,
      headings: input.popularMakesHeadings,
      popular: input.popularMakesBoundary ?? input.popularMakesCount ?? MAKE_FACET_INITIAL,
      models: modelItems && refinedMakes[0] ? { make: refinedMakes[0].label, items: modelItems } : null,
    },
    bodies: (result.facets.simple_body ?? []).map((item) => ({ ...link('simple_body', item), logo: input.assetBase ? bodyIconUrl(input.assetBase, item.value) : null })),
    lists,
    ranges,
    specials,
    active,
  };
}

/**
 * Make cards in display order, split into what shows at first and what 'Show all makes' reveals (spec §4 Make
 * facet, §9): the popular group (the first `popular` makes by count) keeps its order, the other makes follow
 * alphabetically when the tenant names the groups or sets a boundary; headings mark where each group starts.
 */
export function makeGroups(makes: Pick<MakeFacet, 'items' | 'initial' | 'headings' | 'popular'>): { shown: MakeGroup[]; more: MakeGroup[] } {
  const splitGroups = makes.headings || makes.popular !== makes.initial;
  const popular = makes.items.slice(0, makes.popular);
  const others = makes.items.slice(makes.popular);
  if (splitGroups) others.sort((a, b) => a.label.localeCompare(b.label, 'en'));
  const ordered = [...popular, ...others];
  const groupsOf = (from: number, to: number): MakeGroup[] => {
    const groups: MakeGroup[] = [];
    for (let i = from; i < Math.min(to, ordered.length); i++) {
      const isPopular = i < popular.length;
      if (i === from || i === popular.length) {
        // A heading only where its group begins (a group continued behind 'Show all makes' gets none).
        const begins = isPopular ? i === 0 : i === popular.length;
        groups.push({ heading: makes.headings && begins ? (isPopular ? 'Popular Makes' : 'All Makes') : null, items: [] });
      }
      groups[groups.length - 1]!.items.push(ordered[i]!);
    }
    return groups;
  };
  return { shown: groupsOf(0, makes.initial), more: groupsOf(makes.initial, ordered.length) };
}

/**
 * The count shown above results (spec §9): above 1999 hits, the tenant's configured stock count, else the summed
 * car_type facet counts (of the refined car types when car type is refined, since that facet ignores its own filter).
 */
export function displayedTotal(count: number, override: number | undefined, carTypes: readonly FacetLink[] | undefined): number {
  if (count <= DISPLAYED_TOTAL_CAP) return count;
  if (override !== undefined) return override;
  const items = carTypes ?? [];
  const chosen = items.some((i) => i.selected) ? items.filter((i) => i.selected) : items;
  const sum = chosen.reduce((n, i) => n + i.count, 0);
  return sum || count;
}

/** Deterministic PRNG seed from a string (FNV-1a), so SSR and hydration place the promo card alike. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Where the promo card goes when no position is configured. */
export const DEFAULT_PROMO_POSITION = 6;

/**
 * Promotional card slots (spec §2, §9 "Promo card random position on one site: 3 random plus base"): 1-based
 * positions in the grid. Only positions within the page's cards (cards + 1 for the slot after the last) are kept.
 */
export function promoPositions(opts: { enabled: boolean; position?: number | undefined; random: boolean; cards: number; seed: number }): number[] {
  if (!opts.enabled || opts.cards === 0) return [];
  const base = Math.max(1, Math.round(opts.position ?? DEFAULT_PROMO_POSITION));
  const slots = new Set<number>([base]);
  if (opts.random) {
    const next = mulberry32(opts.seed);
    const span = opts.cards + 1;
    for (let tries = 0; slots.size < Math.min(4, span) && tries < 100; tries++) slots.add(1 + Math.floor(next() * span));
  }
  return [...slots].filter((p) => p <= opts.cards + 1).sort((a, b) => a - b);
}
