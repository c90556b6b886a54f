import { Breadcrumbs, Island } from '@forecourt/ui';
import SearchResults from '../islands/SearchResults.tsx';
import type { SearchView } from '../lib/view.ts';
import { STORAGE_KEYS } from '@forecourt/contracts/browser-storage';
import type { IslandTrigger } from '@forecourt/contracts/islands';

const RESULTS_WHEN: IslandTrigger[] = [
  { kind: 'interaction' },
  { kind: 'storage', key: STORAGE_KEYS.favourites },
  { kind: 'storage', key: STORAGE_KEYS.watchlist },
  { kind: 'storage', key: STORAGE_KEYS.compare },
];

/** The search page fragment: breadcrumbs (spec §2: Home > car type > make > model > body > current), heading, results. */
export function SearchPage({ view }: { view: SearchView }) {
  return (
    <div className="fs-page">
      <header className="fs-page-head">
        <Breadcrumbs crumbs={view.crumbs} />
        <h1>{view.heading}</h1>
      </header>
      {/* Without JS the Filters button cannot unfold the panel on small screens: show the panel instead (spec §2). */}
      <noscript>
        <style>{'.fs-filters{display:flex!important}.fs-filters-btn{display:none!important}'}</style>
      </noscript>
      {/*
        Its code loads when the shopper points at, touches or tabs into the results (issue 19: a first visit downloads no
        island code, nor React); its server HTML works meanwhile (links, GET forms), and the shell's client holds a click
        on a card's Save until the island is mounted. A browser holding saved or compared cars loads it at once, so the
        cards show Saved as before.
      */}
      <Island remote="mf-search" module="SearchResults" id="fs-results" component={SearchResults} props={{ view }} when={RESULTS_WHEN} />
    </div>
  );
}
