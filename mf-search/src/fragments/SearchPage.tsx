import { Breadcrumbs, Island } from '@forecourt/ui';
import SearchResults from '../islands/SearchResults.tsx';
import type { SearchView } from '../lib/view.ts';

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
      <Island remote="mf-search" module="SearchResults" id="fs-results" component={SearchResults} props={{ view }} />
    </div>
  );
}
