/**
 * The server's memo of search cards' inner HTML (issue 19: uncached render cost). A card's markup depends only on its
 * props (the CardCar view model, computed from the car and the tenant's config, and the list's flags), and the same
 * cars come back page after page, query after query; so the server keeps the inside of each card it rendered and
 * reuses the string while nothing it shows changes. The key is the props themselves (JSON), so a new price, tag, photo,
 * reservation or tenant setting is a new key: never stale, only evicted.
 *
 * How: a page rendered with `renderWithCardHtml` lets each SearchCard look its key up (`cardMemo`); a held card is its
 * `<article>` around the kept HTML, a new one renders live in place and is noted, and once the page's HTML is done
 * the noted cards' insides are cut out of it (by the article's unique `aria-labelledby`) and kept. No second render,
 * and the HTML is React's own, so islands hydrate it as if rendered in place. Outside such a render (the browser, the
 * components' tests, other routes) cards render live.
 *
 * Bounded per isolate (least recently used out first): CARD_HTML_MAX_ENTRIES entries and CARD_HTML_MAX_CHARS
 * characters of keys and HTML together.
 */

/** Most cards kept (a few pages of every sort of a large group's stock). */
export const CARD_HTML_MAX_ENTRIES = 600;
/** Most characters kept, keys and HTML together (~4 KB of HTML and ~1.7 KB of key a card: about 3 MB at most). */
export const CARD_HTML_MAX_CHARS = 3_000_000;

export type CardHtmlCache = {
  get(key: string): string | undefined;
  set(key: string, html: string): void;
  /** Entries held now. */
  size(): number;
  /** Characters held now (keys and HTML). */
  chars(): number;
};

/** A bounded least-recently-used cache of HTML by key. */
export function createCardHtmlCache(maxEntries = CARD_HTML_MAX_ENTRIES, maxChars = CARD_HTML_MAX_CHARS): CardHtmlCache {
  const entries = new Map<string, string>();
  let chars = 0;
  const drop = (key: string) => {
    const html = entries.get(key);
    if (html === undefined) return;
    entries.delete(key);
    chars -= key.length + html.length;
  };
  return {
    get(key) {
      const hit = entries.get(key);
      if (hit !== undefined) {
        // Most recently used last: a Map keeps insertion order.
        entries.delete(key);
        entries.set(key, hit);
      }
      return hit;
    },
    set(key, html) {
      drop(key);
      const size = key.length + html.length;
      if (size > maxChars) return;
      while (entries.size > 0 && (entries.size >= maxEntries || chars + size > maxChars)) drop(entries.keys().next().value!);
      entries.set(key, html);
      chars += size;
    },
    size: () => entries.size,
    chars: () => chars,
  };
}

/** The isolate's memo (module state: one per isolate in the Worker), made on the first memo render. */
let shared: CardHtmlCache | undefined;

/** What a card sees during a memo render: the kept HTML of its key, or a note that it rendered live. */
export type CardMemo = {
  get(key: string): string | undefined;
  /** The card with this key rendered live as `<article … aria-labelledby="{labelledBy}">`: keep its inside afterwards. */
  miss(key: string, labelledBy: string): void;
};

let current: CardMemo | null = null;

/** The memo of the render under way (`renderWithCardHtml`), or null: render live. */
export const cardMemo = (): CardMemo | null => current;

/**
 * Renders a page whose search cards use the memo (`render` is React's `renderToString`: synchronous, so no other
 * request's render can interleave), then keeps the insides of the cards that rendered live.
 * @example fragment(renderWithCardHtml(renderToString, <SearchPage view={view} />), head)
 */
export function renderWithCardHtml<N>(render: (node: N) => string, node: N, cache: CardHtmlCache = (shared ??= createCardHtmlCache())): string {
  const missed: Array<{ key: string; labelledBy: string }> = [];
  current = { get: (key) => cache.get(key), miss: (key, labelledBy) => void missed.push({ key, labelledBy }) };
  let html: string;
  try {
    html = render(node);
  } finally {
    current = null;
  }
  if (missed.length) {
    const insides = articleInsides(html);
    for (const { key, labelledBy } of missed) {
      const inner = insides.get(labelledBy);
      // A copy, not a slice: a slice would keep the whole page's HTML alive as long as the card is held.
      if (inner !== undefined && inner !== null) cache.set(key, (inner + ' ').slice(0, -1));
    }
  }
  return html;
}

/**
 * The inside of every `<article … aria-labelledby="{id}" …>…</article>` of `html`, by that id, in one pass; null for an
 * id more than one article names (nothing is kept for it). React escapes `>` in attribute values, so an open tag ends
 * at its first `>`; a card holds no article, so it ends at the next `</article>`.
 */
export function articleInsides(html: string): Map<string, string | null> {
  const found = new Map<string, string | null>();
  for (let at = html.indexOf('<article'); at >= 0; ) {
    const open = html.indexOf('>', at);
    const close = open < 0 ? -1 : html.indexOf('</article>', open);
    if (close < 0) break;
    const id = /\saria-labelledby="([^"]*)"/.exec(html.slice(at, open))?.[1];
    const inner = html.slice(open + 1, close);
    if (id !== undefined) found.set(id, found.has(id) || inner.includes('<article') ? null : inner);
    at = html.indexOf('<article', close);
  }
  return found;
}
