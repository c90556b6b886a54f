import type { SearchHistoryEntry } from '@forecourt/contracts/browser-storage';
import { historyLabel } from '../lib/search-history.ts';

/** 'Recent searches' (spec §3, §9): client-only, rendered after hydration from the browser's history. */
export function RecentSearches({ history, current }: { history: SearchHistoryEntry[]; current: string }) {
  const others = history.filter((h) => h.path !== current);
  if (!others.length) return null;
  return (
    <section className="fs-facet fs-recent" aria-labelledby="fs-recent-h">
      <h3 id="fs-recent-h">Recent searches</h3>
      <ul className="fs-list">
        {others.map((h) => (
          <li key={h.path}>
            <a className="fs-item" href={h.path} data-nav="">
              {historyLabel(h)}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
