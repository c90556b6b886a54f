/**
 * The quick search (contracts SLOTS.quickSearch, the home page's "find your next car", issue 13): a plain GET form to
 * the search page whose choices are the tenant's stock's own facet values (stock types, makes, models of each make,
 * body types), each with its count, so a choice never leads to an empty page, and prices from the tenant's quick picks.
 */
import type { FacetItem, SearchRequest } from '@forecourt/contracts/search';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { priceQuickPicks } from './slider.ts';

/** What the quick search asks the engine: no cars, the counts of the facets it offers. */
export const QUICK_SEARCH_REQUEST: SearchRequest = { query: '', page: 1, sortBy: 'relevance', hitsPerPage: 1, filters: {}, ranges: {}, facets: ['car_type', 'make', 'make_model', 'simple_body'] };

export type QuickOption = { value: string; label: string };
export type QuickSearchView = {
  heading: string;
  action: string;
  types: QuickOption[];
  makes: QuickOption[];
  /** Models grouped by make (`make_model` values such as 'Toyota Corolla'), for the makes offered. */
  models: Array<{ make: string; options: QuickOption[] }>;
  bodies: QuickOption[];
  prices: QuickOption[];
};

const TYPE_LABELS: Record<string, string> = { new: 'New', demo: 'Demo', used: 'Used' };
const TYPE_ORDER = ['new', 'demo', 'used'];
const withCount = (item: FacetItem) => ({ value: item.value, label: `${item.label} (${item.count.toLocaleString('en-AU')})` });
const money = (n: number) => `$${n.toLocaleString('en-AU')}`;

/** The quick search's choices from the stock's facet counts (values with no car left out). */
export function quickSearchView(facets: Partial<Record<'car_type' | 'make' | 'make_model' | 'simple_body', FacetItem[]>>, config: Pick<SiteConfig, 'search'>, heading?: string): QuickSearchView {
  const present = (items: FacetItem[] | undefined) => (items ?? []).filter((i) => i.count > 0);
  const types = config.search.used_only
    ? []
    : present(facets.car_type)
        .filter((i) => TYPE_ORDER.includes(i.value))
        .sort((a, b) => TYPE_ORDER.indexOf(a.value) - TYPE_ORDER.indexOf(b.value))
        .map((i) => ({ value: i.value, label: `${TYPE_LABELS[i.value]} (${i.count.toLocaleString('en-AU')})` }));
  const makes = present(facets.make).sort((a, b) => a.label.localeCompare(b.label, 'en'));
  const models = makes
    .map((make) => ({
      make: make.label,
      options: present(facets.make_model)
        .filter((m) => m.value.startsWith(`${make.value} `))
        .sort((a, b) => a.label.localeCompare(b.label, 'en'))
        .map((m) => ({ value: m.value, label: `${m.label.slice(make.label.length + 1) || m.label} (${m.count.toLocaleString('en-AU')})` })),
    }))
    .filter((g) => g.options.length);
  return {
    heading: heading?.trim() || (config.search.used_only ? 'Find your next used car' : 'Find your next car'),
    action: config.search.used_only ? '/search/used-cars' : '/search/new-used-and-demo-cars',
    types,
    makes: makes.map(withCount),
    models,
    bodies: present(facets.simple_body).sort((a, b) => b.count - a.count).map(withCount),
    prices: priceQuickPicks(config.search.price_quick_picks ?? 'used').map((p) => ({ value: String(p), label: money(p) })),
  };
}
