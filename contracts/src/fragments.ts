/**
 * The fragment protocol between the shell and the remotes (ARCHITECTURE.md "Fragments"):
 * `GET /fragments/<page>` returns HTML without <html>/<head>; page meta travels in the `x-forecourt-head` header,
 * hydration props travel in JSON islands next to the server-rendered markup.
 */
import * as v from 'valibot';
import { REMOTE_NAMES, VERSION_HEADER, type RemoteName } from './tenant.ts';

export const FRAGMENT_HEAD_HEADER = 'x-forecourt-head';

/** At most this many slots per fragment (each is one more subrequest per page). */
export const MAX_FRAGMENT_SLOTS = 8;

/**
 * A slot: another remote's fragment the shell puts into this one (e.g. mf-finance's calculator inside the vehicle
 * page). The body holds the marker `slotMarker(id)` once; the shell fetches `GET /fragments/<page>?<params>` from
 * `remote` (same tenant and version headers), replaces the marker with that fragment's body (with nothing when it
 * fails or is not found) and links its stylesheets. The slot fragment's other head fields are ignored.
 */
/** The longest slot id (FragmentSlotSchema); the shell's marker scan relies on it too. */
export const SLOT_ID_MAX_LENGTH = 40;
export const FragmentSlotSchema = v.object({
  id: v.pipe(v.string(), v.regex(new RegExp(`^[a-z0-9-]{1,${SLOT_ID_MAX_LENGTH}}$`), `A slot id is 1-${SLOT_ID_MAX_LENGTH} lowercase letters, digits or hyphens`)),
  remote: v.picklist(REMOTE_NAMES),
  page: v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,60}$/, 'A slot page is a fragment page name')),
  params: v.optional(v.record(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_]{1,40}$/)), v.pipe(v.string(), v.maxLength(2100)))),
});
export type FragmentSlot = v.InferOutput<typeof FragmentSlotSchema>;

/** One picture the head preloads (FragmentHead `preloadImage`). */
const PreloadImageSchema = v.object({
  href: v.pipe(v.string(), v.maxLength(2048), v.regex(/^(?:\/(?!\/)|https:\/\/)\S+$/, 'A same-origin path or an https URL')),
  srcset: v.optional(v.pipe(v.string(), v.maxLength(8000))),
  sizes: v.optional(v.pipe(v.string(), v.maxLength(500))),
  /** The media query of the `<picture>` source it stands for (absent: every screen). */
  media: v.optional(v.pipe(v.string(), v.maxLength(200), v.regex(/^[\w\s():,.-]+$/, 'A media query'))),
});
export type PreloadImage = v.InferOutput<typeof PreloadImageSchema>;

export const FragmentHeadSchema = v.object({
  title: v.pipe(v.string(), v.minLength(1), v.maxLength(300)),
  description: v.optional(v.pipe(v.string(), v.maxLength(1000))),
  canonical: v.optional(v.pipe(v.string(), v.maxLength(2048))),
  /** e.g. 'noindex, nofollow' for print or sign-in pages. */
  robots: v.optional(v.string()),
  ogImage: v.optional(v.pipe(v.string(), v.maxLength(2048))),
  /** schema.org objects, each written as one <script type="application/ld+json">. */
  jsonLd: v.optional(v.array(v.unknown())),
  /** The remote's stylesheets (same-origin, versioned paths), linked in <head> so the fragment paints styled. */
  styles: v.optional(v.array(v.pipe(v.string(), v.regex(/^\/_mf\/[a-z-]+\/[\w.-]+\/[\w./-]+\.css$/, 'Must be a versioned /_mf/ stylesheet')))),
  /** Other remotes' fragments this one embeds (ARCHITECTURE.md "a fragment can contain slots"); see FragmentSlotSchema. */
  slots: v.optional(v.pipe(v.array(FragmentSlotSchema), v.maxLength(MAX_FRAGMENT_SLOTS))),
  /**
   * The page's largest picture (its LCP: the car page's first photo, the first search card's), preloaded by the shell
   * from the document head with high priority (`<link rel="preload" as="image" imagesrcset imagesizes fetchpriority="high">`)
   * so the browser asks for it before it reaches the <img>. `href`/`srcset`/`sizes` are the <img>'s own (contracts
   * images.ts responsiveImage), so the preload and the <img> pick the same file.
   */
  preloadImage: v.optional(PreloadImageSchema),
  /**
   * The same for a `<picture>` whose sources differ by media (the shell's home hero: a 16:9 crop on a phone): one
   * preload per source, each with its `media`, so each screen fetches only its own file. Written after `preloadImage`.
   */
  preloadSources: v.optional(v.pipe(v.array(PreloadImageSchema), v.minLength(1), v.maxLength(2))),
});
export type FragmentHead = v.InferOutput<typeof FragmentHeadSchema>;

/** Where every remote serves its fragments: `GET /fragments/<page>` (pages of the route table and slot pages). */
export const FRAGMENTS_PATH = '/fragments';
const FRAGMENT_PAGE = /^[a-z0-9-]{1,60}$/;

/**
 * The URL of a remote's fragment (the host names the remote; a service binding ignores it), with its query.
 * @throws when `page` is not a fragment page name.
 * @example fragmentUrl('mf-finance', 'finance-calculator', 'car_id=1') // 'https://mf-finance.internal/fragments/finance-calculator?car_id=1'
 */
export function fragmentUrl(remote: RemoteName, page: string, query = ''): string {
  if (!FRAGMENT_PAGE.test(page)) throw new Error(`"${page}" is not a fragment page name`);
  return `https://${remote}.internal${FRAGMENTS_PATH}/${page}${query ? `?${query}` : ''}`;
}

/** The marker a fragment's body carries where slot `id` goes. */
export const slotMarker = (id: string) => `<fc-slot id="${id}"></fc-slot>`;

/** Header value for a fragment's head: URI-encoded JSON (header values must stay ASCII). */
export function encodeFragmentHead(head: FragmentHead): string {
  return encodeURIComponent(JSON.stringify(v.parse(FragmentHeadSchema, head)));
}

/** Reads a fragment's head header; null when missing, not decodable, not JSON or not a valid head. */
export function decodeFragmentHead(value: string | null | undefined): FragmentHead | null {
  if (!value) return null;
  try {
    const result = v.safeParse(FragmentHeadSchema, JSON.parse(decodeURIComponent(value)));
    return result.success ? result.output : null;
  } catch {
    return null;
  }
}

/** Fragments are per tenant and often per shopper: not stored by shared caches unless a remote says otherwise. */
export const DEFAULT_FRAGMENT_CACHE_CONTROL = 'private, no-store';

export type FragmentResponseOptions = {
  /** 200 unless given. */
  status?: number;
  head: FragmentHead;
  /** The remote's own version (its package/asset-manifest version), echoed in `x-forecourt-version`. */
  version: string;
  /** Defaults to DEFAULT_FRAGMENT_CACHE_CONTROL; the shell caches a 200 that allows shared caching (`s-maxage`/`max-age`). */
  cacheControl?: string;
};

/**
 * A fragment answer: HTML body (a string or a stream, e.g. React's `renderToReadableStream`), the page head in
 * `x-forecourt-head`, the remote's version in `x-forecourt-version`, and its cache policy.
 * @throws when `head` is not a valid FragmentHead (a remote bug, surfaced as its generic 500).
 * @example return fragmentResponse(await renderToReadableStream(<Page />), { head: { title, styles }, version })
 */
export function fragmentResponse(body: BodyInit | null, options: FragmentResponseOptions): Response {
  const headers = new Headers({
    'content-type': 'text/html; charset=utf-8',
    [FRAGMENT_HEAD_HEADER]: encodeFragmentHead(options.head),
    [VERSION_HEADER]: options.version,
    'cache-control': options.cacheControl ?? DEFAULT_FRAGMENT_CACHE_CONTROL,
  });
  return new Response(body, { status: options.status ?? 200, headers });
}

/**
 * "This remote has no such page": a 404 with an empty body (protocol agreed with the shell). The shell renders its own
 * standard not-found block, so every not-found page looks the same whichever remote was asked. The head still travels
 * (e.g. `robots: 'noindex'`). A 404 with a body is the remote's own not-found content, shown as is.
 */
export function notFoundFragment(options: { head: FragmentHead; version: string }): Response {
  return fragmentResponse(null, { ...options, status: 404 });
}

/**
 * Island markup (the shell's client finds islands by these attributes and hydrates them; see islands.ts for JSX helpers):
 * ```html
 * <div id="fc-sort" data-island="mf-search/SortSelect">…server HTML…</div>
 * <script type="application/json" data-island-props="fc-sort">{"sort":"latest"}</script>
 * ```
 * The props script sits outside the root so React's hydration sees exactly the server-rendered children;
 * it is paired with its root by the root's `id` (unique within the document).
 */
/** Island root attribute, value `<remote>/<Module>` (the Module Federation expose the shell's client loads). */
export const ISLAND_ATTR = 'data-island';
/** Attribute of the island's `<script type="application/json">`; value is the island root's id. */
export const ISLAND_PROPS_ATTR = 'data-island-props';

export type IslandId = `${RemoteName}/${string}`;

const ISLAND_ID = /^mf-(?:search|vehicle|locations|finance|account)\/[A-Z][A-Za-z0-9]*$/;
export const isIslandId = (value: string): value is IslandId => ISLAND_ID.test(value);

const UNSAFE: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/**
 * JSON for a `<script type="application/json">` island: `<`, `>`, `&`, U+2028 and U+2029 are \u-escaped,
 * so props can never close the script tag or start a comment; JSON.parse reads it back unchanged.
 */
export function serializeIslandProps(props: unknown): string {
  const json = JSON.stringify(props ?? null);
  return json.replace(/[<>&\u2028\u2029]/g, (c) => UNSAFE[c]!);
}

/** Parses island props text; throws on invalid JSON, or validates against `schema` when given. */
export function parseIslandProps(text: string): unknown;
export function parseIslandProps<T extends v.GenericSchema>(text: string, schema: T): v.InferOutput<T>;
export function parseIslandProps(text: string, schema?: v.GenericSchema): unknown {
  const data: unknown = JSON.parse(text);
  return schema ? v.parse(schema, data) : data;
}
