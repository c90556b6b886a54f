/** Paging math of the search port (spec §9: page size 21 by default; pages are 1-based). */

export const DEFAULT_HITS_PER_PAGE = 21;

export type PageWindow = {
  /** Number of pages for `count` hits (0 when there are none). */
  pages: number;
  /** Index of the first hit of the page in the full result list. */
  offset: number;
  /** Index one past the last hit of the page (never beyond `count`). */
  end: number;
};

/**
 * Where page `page` starts and ends in a result list of `count` hits. A page past the last one is empty
 * (offset = end = count) rather than an error: a stale URL shows "no results" instead of failing.
 * @example pageWindow(43, 3, 21) // { pages: 3, offset: 42, end: 43 }
 */
export function pageWindow(count: number, page: number, hitsPerPage: number = DEFAULT_HITS_PER_PAGE): PageWindow {
  const size = Math.max(1, Math.floor(hitsPerPage));
  const total = Math.max(0, Math.floor(count));
  const pages = Math.ceil(total / size);
  const current = Math.max(1, Math.floor(page));
  const offset = Math.min(total, (current - 1) * size);
  return { pages, offset, end: Math.min(total, offset + size) };
}
