import SearchResults from '../islands/SearchResults.tsx';
import { Island } from '../lib/island.tsx';
import type { SearchView } from '../lib/view.ts';

/** The search page fragment: breadcrumbs, heading and the results island. */
export function SearchPage({ view }: { view: SearchView }) {
  return (
    <div className="fs-page">
      <header className="fs-page-head">
        <nav aria-label="Breadcrumb" className="fc-breadcrumbs">
          <ol>
            <li>
              <a href="/">Home</a>
            </li>
            <li aria-current="page">{view.heading}</li>
          </ol>
        </nav>
        <h1>{view.heading}</h1>
      </header>
      <Island module="SearchResults" id="fs-results" component={SearchResults} props={{ view }} />
    </div>
  );
}
