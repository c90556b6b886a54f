/**
 * A tenant's content (issue 14): pages made of typed blocks, blog posts, the home page's promotions slider and the
 * spin-to-win campaign. One document per tenant in the CONFIG KV under `content:<slug>` (like its config), written by
 * `npm run content:import -- --tenant <slug> <folder>` (dev/content-import.mjs) and read through the tenant store.
 * Rich text is Markdown, rendered by the shell with raw HTML off (contracts has no renderer: `markdown` is source).
 * A path the tenant has no page for is a 404: nothing renders a placeholder.
 */
import * as v from 'valibot';
import { IsoDateSchema, SlugSchema } from './entities/common.ts';
import { CAR_TYPES } from './entities/car.ts';
import { LEAD_FORM_KINDS } from './lead-forms.ts';
import { BLOG_DESCRIPTION_LIMIT, PRICE_SLIDER_PAGE, SALES_COUNTER } from './constants.ts';
import { IMAGE_SRC_PATTERN } from './locations.ts';

const Line = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(max));
/** Markdown source (rendered with raw HTML disabled and only safe link schemes: shell `renderMarkdown`). */
export const MarkdownSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(100_000));
/** A site path: root-relative, lowercase slugs separated by `/` (`/about-us`, `/models/mu-x`, `/pages/x`). */
export const ContentPathSchema = v.pipe(
  v.string(),
  v.regex(/^(?:\/[a-z0-9]+(?:-[a-z0-9]+)*){1,3}$/, 'A page path is root-relative lowercase slugs, such as /about-us or /models/mu-x'),
);
/** A link a block may carry: a site path (with optional query or fragment), https, mailto or tel. Never javascript:. */
export const LinkSchema = v.pipe(
  v.string(),
  v.maxLength(2048),
  v.regex(/^(?:\/(?![/\\])[^\s\\]*|#[\w-]+|https:\/\/[^\s\\]+|mailto:[^\s]+|tel:[+\d\s()-]+)$/, 'A link is a site path, https://, mailto: or tel:'),
);
const Action = v.object({ label: Line(60), href: LinkSchema, primary: v.optional(v.boolean(), false) });
/** An image address: a site path or https (no http mixed content, no data: or javascript: URI). */
export const ImageSrcSchema = v.pipe(v.string(), v.maxLength(2048), v.regex(IMAGE_SRC_PATTERN, 'An image is a site path or an https:// address'));
const ImageRef = v.object({
  src: ImageSrcSchema,
  /** Empty only for a decorative image. */
  alt: v.pipe(v.string(), v.maxLength(300)),
  width: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(4000)), 1280),
  height: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(4000)), 720),
});

/** The kinds of block a page is made of, each rendered by the shell (shell/src/lib/content-blocks.ts). */
export const ContentBlockSchema = v.variant('type', [
  /** A banner with a heading, text, an image and calls to action. The page's first block's heading is its h1. */
  v.object({ type: v.literal('hero'), heading: Line(120), text: v.optional(Line(400)), image: v.optional(ImageRef), actions: v.optional(v.array(Action), []) }),
  /** Rich text. */
  v.object({ type: v.literal('markdown'), markdown: MarkdownSchema }),
  v.object({ type: v.literal('image'), image: ImageRef, caption: v.optional(Line(300)) }),
  /** FAQ accordion: native details/summary (works without JavaScript); answers are Markdown. */
  v.object({ type: v.literal('faq'), heading: v.optional(Line(120)), items: v.pipe(v.array(v.object({ question: Line(300), answer: MarkdownSchema })), v.minLength(1)) }),
  /** Benefit cards (also open roles on a careers page): title, text, optional image and link. */
  v.object({
    type: v.literal('benefits'),
    heading: v.optional(Line(120)),
    items: v.pipe(v.array(v.object({ title: Line(120), text: Line(600), meta: v.optional(Line(120)), image: v.optional(ImageRef), action: v.optional(Action) })), v.minLength(1)),
  }),
  /** Small print: each item a paragraph (Markdown). */
  v.object({ type: v.literal('disclaimer'), heading: v.optional(Line(120)), items: v.pipe(v.array(MarkdownSchema), v.minLength(1)) }),
  v.object({ type: v.literal('cta'), heading: Line(120), text: v.optional(Line(400)), actions: v.pipe(v.array(Action), v.minLength(1)) }),
  /** Stats banner ('50+ Locations'); without items, the tenant config's `stats`. */
  v.object({ type: v.literal('stats'), items: v.optional(v.array(v.object({ value: Line(12), label: Line(40) }))) }),
  /** Sales counter (spec §9: 192 a day, 450-second steps, refreshed every 150,000 ms, Brisbane time). */
  v.object({ type: v.literal('sales-counter'), heading: v.optional(Line(120)), text: v.optional(Line(300)) }),
  /** The tenant's current offers (tenant data), optionally of one make or model. */
  v.object({ type: v.literal('offers'), heading: v.optional(Line(120)), manufacturer: v.optional(SlugSchema), model: v.optional(SlugSchema), limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)), 6) }),
  /** A strip of cars from mf-search (its stockStrip slot), optionally of one make or model. */
  v.object({
    type: v.literal('stock-strip'),
    heading: v.optional(Line(80)),
    strip: v.optional(v.picklist(['new-arrivals', 'specials', 'type']), 'new-arrivals'),
    car_type: v.optional(v.picklist(CAR_TYPES)),
    make: v.optional(SlugSchema),
    model: v.optional(SlugSchema),
  }),
  /** One of mf-account's lead forms (its leadForm slot). At most one per page. */
  v.object({ type: v.literal('lead-form'), heading: v.optional(Line(120)), form: v.picklist(LEAD_FORM_KINDS) }),
  /** The latest blog posts, optionally about one make or model. */
  v.object({ type: v.literal('blog-list'), heading: v.optional(Line(120)), make: v.optional(SlugSchema), model: v.optional(SlugSchema), limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(24)), 6) }),
  /** Price-range slider whose button goes to search sorted by price, highest first (spec §9: 5,000-250,000, step 500). */
  v.object({ type: v.literal('price-range'), heading: v.optional(Line(120)) }),
  /** The spin-to-win wheel of the tenant's campaign (`spin` below); only on /spin-to-win. */
  v.object({ type: v.literal('spin-to-win') }),
]);
export type ContentBlock = v.InferOutput<typeof ContentBlockSchema>;
export type ContentBlockType = ContentBlock['type'];

/** schema.org type of a page's JSON-LD. */
export const PAGE_SCHEMA_TYPES = ['WebPage', 'AboutPage', 'FAQPage', 'ContactPage', 'CollectionPage'] as const;

export const ContentPageSchema = v.pipe(
  v.object({
    path: ContentPathSchema,
    /** The document title (the site name is appended) and the page's h1 unless a hero comes first. */
    title: Line(120),
    /** Meta description. */
    description: Line(300),
    /** Canonical path when it differs from `path`. */
    canonical: v.optional(ContentPathSchema),
    schema_type: v.optional(v.picklist(PAGE_SCHEMA_TYPES), 'WebPage'),
    /** Kept out of search engines and the sitemap (e.g. a campaign's terms). */
    noindex: v.optional(v.boolean(), false),
    updated: v.optional(IsoDateSchema),
    blocks: v.pipe(v.array(ContentBlockSchema), v.minLength(1, 'A page needs at least one block'), v.maxLength(60)),
  }),
  v.check((p) => p.blocks.filter((b) => b.type === 'lead-form').length <= 1, 'A page has at most one lead form'),
);
export type ContentPage = v.InferOutput<typeof ContentPageSchema>;
export type ContentPageInput = v.InferInput<typeof ContentPageSchema>;

export const BlogPostSchema = v.object({
  slug: SlugSchema,
  heading: Line(160),
  /** Shown dd MMM yyyy. */
  date: IsoDateSchema,
  /** Cards show it cut at 100 characters (spec §9). */
  description: Line(400),
  image: ImageRef,
  author: v.optional(Line(80)),
  /** Make and model slugs the post is about: the car page's blog section shows posts about its car. */
  makes: v.optional(v.array(SlugSchema), []),
  models: v.optional(v.array(SlugSchema), []),
  body: MarkdownSchema,
});
export type BlogPost = v.InferOutput<typeof BlogPostSchema>;

/** A slide of the home page's promotions slider (spec §9: 1920x540). */
export const PromotionSchema = v.object({
  title: Line(120),
  text: v.optional(Line(300)),
  image: ImageSrcSchema,
  /** Empty when the text says it all (the image is then decorative). */
  alt: v.optional(v.pipe(v.string(), v.maxLength(300)), ''),
  href: v.optional(LinkSchema),
  action_label: v.optional(Line(40), 'Find out more'),
  /** Shown from this date until `expiry` (inclusive, the tenant's time zone). */
  start: v.optional(IsoDateSchema),
  expiry: v.optional(IsoDateSchema),
});
export type Promotion = v.InferOutput<typeof PromotionSchema>;

/** A prize of a spin-to-win campaign; `weight` is its share of the odds. A prize with `win: false` is a miss. */
export const SpinPrizeSchema = v.object({
  id: SlugSchema,
  label: Line(80),
  weight: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000)),
  win: v.optional(v.boolean(), true),
  /** What the shopper is told when they win it (how to claim). */
  claim: v.optional(Line(400)),
  /** How many the campaign gives away (the terms' prize pool); absent: no limit. Once all are won it is not drawn. */
  quantity: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1_000_000))),
});
export type SpinPrize = v.InferOutput<typeof SpinPrizeSchema>;

/** A spin-to-win campaign: one spin per signed-in phone, drawn on the server (edge-api) from these odds. */
export const SpinCampaignSchema = v.pipe(
  v.object({
    id: SlugSchema,
    title: Line(120),
    starts: IsoDateSchema,
    ends: IsoDateSchema,
    prizes: v.pipe(v.array(SpinPrizeSchema), v.minLength(2), v.maxLength(12)),
    terms_href: LinkSchema,
  }),
  v.check((c) => c.starts <= c.ends, 'A campaign ends on or after it starts'),
  v.check((c) => c.prizes.some((p) => p.weight > 0), 'At least one prize has odds above 0'),
  v.check((c) => new Set(c.prizes.map((p) => p.id)).size === c.prizes.length, 'Prize ids are unique'),
  // When prizes run out, a spin still needs an outcome: a miss that never runs out.
  v.check(
    (c) => !c.prizes.some((p) => p.quantity !== undefined) || c.prizes.some((p) => !p.win && p.quantity === undefined && p.weight > 0),
    'A campaign with limited prizes needs a miss (win: false) without a quantity and with odds above 0',
  ),
);
export type SpinCampaign = v.InferOutput<typeof SpinCampaignSchema>;

export const TenantContentSchema = v.pipe(
  v.object({
    pages: v.optional(v.array(ContentPageSchema), []),
    posts: v.optional(v.array(BlogPostSchema), []),
    promotions: v.optional(v.pipe(v.array(PromotionSchema), v.maxLength(10)), []),
    spin: v.optional(SpinCampaignSchema),
  }),
  v.check((c) => new Set(c.pages.map((p) => p.path)).size === c.pages.length, 'Two pages have the same path'),
  v.check((c) => new Set(c.posts.map((p) => p.slug)).size === c.posts.length, 'Two posts have the same slug'),
);
export type TenantContent = v.InferOutput<typeof TenantContentSchema>;
export type TenantContentInput = v.InferInput<typeof TenantContentSchema>;

export const kvContentKey = (slug: string) => `content:${slug}`;
export const EMPTY_CONTENT: TenantContent = { pages: [], posts: [], promotions: [] };

/** Parses a stored content document (null or absent: no content). Throws with the path of the first problem. */
export function parseTenantContent(input: unknown): TenantContent {
  if (input == null) return EMPTY_CONTENT;
  const result = v.safeParse(TenantContentSchema, input);
  if (result.success) return result.output;
  throw new Error(`Invalid content: ${result.issues.map(describeIssue).join('; ')}`);
}

/** `pages.3.blocks.0.heading: Invalid length` (for the importer's report and thrown errors). */
export function describeIssue(issue: v.BaseIssue<unknown>): string {
  const path = v.getDotPath(issue);
  return path ? `${path}: ${issue.message}` : issue.message;
}

/** The page at a path (exact), or null. */
export const pageAt = (content: TenantContent, path: string): ContentPage | null => content.pages.find((p) => p.path === path) ?? null;

/** Promotions showing on a date (YYYY-MM-DD in the tenant's time zone). */
export const livePromotions = (content: TenantContent, today: string): Promotion[] =>
  content.promotions.filter((p) => (!p.start || p.start <= today) && (!p.expiry || today <= p.expiry));

/** Posts newest first, optionally only those about a make or model. */
export function postsAbout(content: TenantContent, about: { make?: string | null; model?: string | null } = {}, limit = Infinity): BlogPost[] {
  const { make, model } = about;
  return [...content.posts]
    .filter((p) => (!make || p.makes.includes(make)) && (!model || p.models.includes(model)))
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a.slug.localeCompare(b.slug)))
    .slice(0, limit);
}

/** Spec §9 constants of the content blocks live in constants.ts: SALES_COUNTER, PRICE_SLIDER_PAGE, PROMO_SLIDER_SIZE, BLOG_DESCRIPTION_LIMIT. */
const PRICE_RANGE = PRICE_SLIDER_PAGE;

/**
 * Sales counted so far today (spec §9): one sale per 450-second step since midnight in Brisbane, 192 a day. Brisbane
 * has no daylight saving (UTC+10 all year), so the day's seconds are the UTC seconds shifted by ten hours.
 */
export function salesSoFar(nowMs: number): number {
  const secondsToday = Math.floor((nowMs / 1000 + 10 * 3600) % 86_400);
  return Math.min(SALES_COUNTER.perDay, Math.floor(secondsToday / SALES_COUNTER.stepSeconds));
}

/** The all-stock search page the price-range form submits to: used cars on a used-only site. */
export const priceRangeSearchPath = (usedOnly = false): string => (usedOnly ? '/search/used-cars' : '/search/new-used-and-demo-cars');

/** The search the price-range page's button opens: cars up to that price, highest price first (spec §2, §9). */
export function priceRangeSearchHref(maxPrice: number, usedOnly = false): string {
  const clamped = Math.min(PRICE_RANGE.max, Math.max(PRICE_RANGE.min, Math.round(maxPrice / PRICE_RANGE.step) * PRICE_RANGE.step));
  return `${priceRangeSearchPath(usedOnly)}?price_max=${clamped}&sortBy=price_desc`;
}

/** Blog card text: the description cut at 100 characters (spec §9), on a word where one is near. */
export function blogExcerpt(description: string, max = BLOG_DESCRIPTION_LIMIT): string {
  if (description.length <= max) return description;
  const cut = description.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:-]+$/, '')}…`;
}

/** 'dd MMM yyyy' (spec §2 blog card): 2026-03-04 -> '04 Mar 2026'. */
export function blogDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${d} ${months[Number(m) - 1]} ${y}`;
}

/** A name as a URL slug: 'LandCruiser Prado' -> 'landcruiser-prado', 'D-Max' -> 'd-max' (model pages, blog tags). */
export const toSlug = (name: string): string =>
  name.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/**
 * The car page's blog section (spec §2 vehicle page): posts about the car's model first, then posts about its make
 * with no model named, newest first within each. A post's makes are manufacturer slugs, which may add a line to the
 * make (`isuzu-ute` for an Isuzu ute), so a make matches its own slug or one starting with it.
 */
export function postsForCar(content: TenantContent, car: { make: string; model: string }, limit = 3): BlogPost[] {
  const make = toSlug(car.make);
  const model = toSlug(car.model);
  if (!make) return [];
  const aboutMake = (p: BlogPost) => p.makes.some((m) => m === make || m.startsWith(`${make}-`));
  const newest = postsAbout(content);
  const byModel = newest.filter((p) => aboutMake(p) && model !== '' && p.models.includes(model));
  const byMake = newest.filter((p) => aboutMake(p) && p.models.length === 0);
  return [...byModel, ...byMake].slice(0, limit);
}
