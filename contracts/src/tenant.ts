/**
 * Tenant (site) configuration: spec §3 "Site config", ARCHITECTURE.md "Data".
 * Stored in KV as JSON under `tenant:<slug>`; hosts are indexed under `host:<hostname>`.
 * A bad config fails loudly at load (parseSiteConfig throws), never inside a shopper's page.
 */
import * as v from 'valibot';
import { FinanceCalculatorConfigSchema } from './finance-calculator.ts';
import { keyedVariant } from './keyed-variant.ts';
import { locationBlockParamsAgree, LocationBlockParamsEntries } from './location-block.ts';
import { TradeInSettingsSchema } from './trade-in.ts';

export const REMOTE_NAMES = ['mf-search', 'mf-vehicle', 'mf-locations', 'mf-finance', 'mf-account'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

const Slug = v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Must be a lowercase slug'));
const Colour = v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{6}$/, 'Must be a #rrggbb colour'));
const Href = v.pipe(v.string(), v.minLength(1), v.maxLength(2048));
/** A social profile: an https address (never `javascript:` or `data:`). */
const SocialUrl = v.pipe(v.string(), v.url(), v.startsWith('https://', 'A social link is an https:// address'), v.maxLength(2048));

/**
 * The web fonts the platform self-hosts (ui/README.md "Fonts": each a variable font from @fontsource-variable, latin
 * subset, `font-display: swap`, preloaded, with a metric-matched local fallback so the swap moves nothing), and
 * `system` (the platform's system stack, nothing downloaded). A theme names one for body text and one for headings.
 */
export const FONT_FAMILIES = ['inter', 'plus-jakarta-sans', 'dm-sans', 'oswald', 'system'] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];

/**
 * The home page's sections, in the order a tenant lists them (shell `homePage`); README "Home pages". Parsed by their
 * kind alone (keyed-variant.ts: every Worker parses the config on a tenant's first request).
 */
export const HomeSectionSchema = keyedVariant('kind', [
  /** The promotions slider's first banner (the slider itself comes with the content issue) with the stock search. */
  v.object({ kind: v.literal('hero') }),
  /** Make, model, price and body selects that go straight to the matching search page. */
  v.object({ kind: v.literal('quick-search') }),
  /** A carousel of cars from mf-search (its `stockStrip` slot): new arrivals, specials or one stock type. */
  v.object({
    kind: v.literal('stock-strip'),
    strip: v.picklist(['new-arrivals', 'specials', 'type']),
    car_type: v.optional(v.picklist(['new', 'used', 'demo'])),
    heading: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(80))),
  }),
  /** The tenant's current offers (tenant data), linking to /special-offers. */
  v.object({ kind: v.literal('offers') }),
  /** Finance and trade-in prompts side by side (each only where the tenant has the route on). */
  v.object({ kind: v.literal('prompts') }),
  /**
   * The location block (mf-locations' `locationsSummary` slot, spec §2 Location block): its optional `params` go to
   * the slot as they are (contracts/location-block.ts: show, id, manufacturer, subtype, include, exclude, layout
   * `block` or `carousel`, limit); none: every location, primary first, at most 4.
   */
  v.object({
    kind: v.literal('locations'),
    params: v.optional(v.pipe(v.object(LocationBlockParamsEntries), v.check(locationBlockParamsAgree, "show 'id' names its location with id, and id needs show 'id'"))),
  }),
  /**
   * 'What our customers say' (mf-locations' `reviewsSummary` slot): the site's locations' rating (their averages
   * weighted by their counts), the total and the newest reviews of 4 stars and more, each linking to its location's
   * `#reviews`. Hidden where spec §5 hides the Reviews block (`features.reviews` off, no reviews, an average not above
   * REVIEWS_MIN_RATING).
   */
  v.object({ kind: v.literal('reviews') }),
  /** Brand grid (where the tenant lists brands). */
  v.object({ kind: v.literal('brands') }),
  /** Shop by stock type and body tiles. */
  v.object({ kind: v.literal('shop-by') }),
]);
export type HomeSection = v.InferOutput<typeof HomeSectionSchema>;

/** What makes two home sections the same: a stock strip by its strip and stock type, any other section by its kind. */
export function homeSectionKey(section: HomeSection): string {
  return section.kind === 'stock-strip' ? `stock-strip:${section.strip}:${section.car_type ?? ''}` : section.kind;
}

/**
 * A home page lists each section once: a section twice would show the same thing twice and repeat its element ids
 * (the quick search's labels, a carousel's controls). Stock strips differ by strip and stock type.
 */
export const HomeSectionsSchema = v.pipe(
  v.array(HomeSectionSchema),
  v.minLength(1),
  v.maxLength(16),
  v.check((sections) => new Set(sections.map(homeSectionKey)).size === sections.length, 'A home page lists each section once (stock strips once per strip and stock type).'),
);

export const ThemeSchema = v.object({
  colors: v.object({
    primary: Colour,
    primaryContrast: Colour,
    secondary: Colour,
    background: Colour,
    surface: Colour,
    text: Colour,
    muted: Colour,
  }),
  fonts: v.object({ body: v.picklist(FONT_FAMILIES), heading: v.picklist(FONT_FAMILIES) }),
  logo: v.object({ url: Href, alt: v.string(), width: v.number(), height: v.number() }),
  /** Corner radius: a CSS length (px, rem or em), such as '8px' (it goes into the theme's CSS as is). */
  radius: v.optional(v.pipe(v.string(), v.regex(/^(?:0|\d{1,3}(?:\.\d{1,3})?(?:px|rem|em))$/, 'A radius is a length such as 8px or 0.5rem')), '8px'),
  /** Elevation of cards and panels: flat (borders only), soft (light shadows) or lifted (deeper shadows). */
  elevation: v.optional(v.picklist(['flat', 'soft', 'lifted']), 'soft'),
  /** Headings as written, or in capitals (a bolder, condensed look). */
  heading_case: v.optional(v.picklist(['normal', 'uppercase']), 'normal'),
});
export type Theme = v.InferOutput<typeof ThemeSchema>;

export type MenuItem = { label: string; href: string; kind?: 'models' | 'stock' | 'brands' | 'link'; children?: MenuItem[] };
export const MenuItemSchema: v.GenericSchema<MenuItem> = v.object({
  label: v.string(),
  href: Href,
  kind: v.optional(v.picklist(['models', 'stock', 'brands', 'link'])),
  children: v.optional(v.array(v.lazy(() => MenuItemSchema))),
});

export const FooterGroupSchema = v.object({
  title: v.string(),
  links: v.array(v.object({ label: v.string(), href: Href })),
});

/** Per-tenant feature switches. Every flag has a default so a config may name only what differs. */
export const FeatureFlagsSchema = v.object({
  reserve_online: v.optional(v.boolean(), false),
  buy_online: v.optional(v.boolean(), false),
  finance_preapproval: v.optional(v.boolean(), false),
  get_finance_now: v.optional(v.boolean(), false),
  trade_in: v.optional(v.boolean(), true),
  test_drive: v.optional(v.boolean(), true),
  /** Coming-soon cars offer Book a Test Drive (spec §4 Purchasable car: off in one dealer configuration). */
  coming_soon_test_drive: v.optional(v.boolean(), true),
  instant_message: v.optional(v.boolean(), false),
  favourites: v.optional(v.boolean(), true),
  compare: v.optional(v.boolean(), true),
  watchlist: v.optional(v.boolean(), true),
  market_price: v.optional(v.boolean(), false),
  youx_quote: v.optional(v.boolean(), false),
  delivery_calculator: v.optional(v.boolean(), false),
  fuel_calculator: v.optional(v.boolean(), true),
  spin_viewer: v.optional(v.boolean(), true),
  certified_only: v.optional(v.boolean(), false),
  show_dealer_licence: v.optional(v.boolean(), true),
  /**
   * Service locations' cards in the location block say 'Book a Service' (spec §2 Location block: "on some sites"),
   * linking to their dealership's `service_booking_url`, else `/service`; off: 'Contact Us' like the others.
   */
  location_book_service: v.optional(v.boolean(), false),
  /** Location review summaries (average, stars, 'Based on N reviews'); off hides them everywhere (spec §5 Reviews block). */
  reviews: v.optional(v.boolean(), true),
  twitter_share: v.optional(v.boolean(), true),
  phone_reveal_open: v.optional(v.boolean(), false),
  electric_tag: v.optional(v.boolean(), false),
  search_history: v.optional(v.boolean(), true),
  promo_card: v.optional(v.boolean(), false),
  brand_grid: v.optional(v.boolean(), false),
  value_my_car_terms_under_pages: v.optional(v.boolean(), false),
  gated_checkout: v.optional(v.boolean(), false),
  gated_personalised_finance: v.optional(v.boolean(), false),
  gated_spin_to_win: v.optional(v.boolean(), false),
  enquiry_message_optional: v.optional(v.boolean(), false),
  enquiry_postcode_required: v.optional(v.boolean(), false),
  terms_required: v.optional(v.boolean(), false),
  /** Lead forms carry a Turnstile token (site key `turnstile_site_key`); a lead without one is kept but flagged. */
  turnstile: v.optional(v.boolean(), false),
});
export type FeatureFlags = v.InferOutput<typeof FeatureFlagsSchema>;

/** Search settings of a tenant: spec §4 Stock visibility, §9 constants. */
export const TenantSearchSchema = v.object({
  page_size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)), 21),
  /** Base filters applied server-side to every query (never from the browser). */
  used_only: v.optional(v.boolean(), false),
  in_stock_only: v.optional(v.boolean(), false),
  /** Demo cars with more km than this are not shown (a demo-km rule). */
  demo_max_km: v.optional(v.number()),
  excluded_stocknums: v.optional(v.array(v.string()), []),
  /** Exclude items older than N days (spec §9: 0,1,2,3,4,5,7,14); 0 means off. */
  older_than_days: v.optional(v.picklist([0, 1, 2, 3, 4, 5, 7, 14]), 0),
  grid_columns: v.optional(v.picklist([3, 4]), 3),
  popular_makes_count: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 7),
  popular_makes_headings: v.optional(v.boolean(), false),
  /**
   * Spec §9 "popular makes boundary after first 20 makes on one site": the 'Popular Makes' group holds the first N
   * makes by count and 'All Makes' the rest (alphabetical); unset, the group is the initially shown makes.
   */
  popular_makes_boundary: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(200))),
  /** Price input quick picks (spec §5): the used defaults $5,000-$70,000 or the alternate $300,000-$800,000. */
  price_quick_picks: v.optional(v.picklist(['used', 'alternate']), 'used'),
  /** The card's favourite/compare/save control (spec §2 Search card): which list the card's toggle adds to. */
  card_control: v.optional(v.picklist(['favourite', 'compare']), 'favourite'),
  stock_count_override: v.optional(v.number()),
  new_arrival_label: v.optional(v.string(), 'New'),
  sold_tag: v.optional(v.string(), 'JUST SOLD'),
  promo_card_position: v.optional(v.number()),
  promo_card_random: v.optional(v.boolean(), false),
  card_title: v.optional(v.picklist(['standard', 'detailed']), 'standard'),
  card_chips: v.optional(v.array(v.picklist(['car_type', 'simple_body', 'km', 'simple_transmission', 'stocknum', 'views', 'seats', 'engine_size', 'fuel'])), ['car_type', 'simple_body', 'km', 'simple_transmission']),
  sort_options: v.optional(v.array(v.picklist(['relevance', 'latest', 'price_desc', 'price_asc', 'subscription_price', 'km_asc'])), ['relevance', 'latest', 'price_desc', 'price_asc']),
});
export type TenantSearch = v.InferOutput<typeof TenantSearchSchema>;

export const FinanceSettingsSchema = v.object({
  providers: v.array(v.string()),
  default_interest: v.optional(v.number(), 10),
  interest_min: v.optional(v.number(), 0.5),
  interest_max: v.optional(v.number(), 15),
  default_term_years: v.optional(v.number(), 5),
  max_term_years: v.optional(v.number(), 7),
  establishment_fee: v.optional(v.number(), 0),
  sample_rate: v.optional(v.number(), 6.29),
  comparison_rate: v.optional(v.number(), 8.19),
  disclaimer: v.optional(v.string()),
  /** Per-site finance calculator switches (spec §5, §9: 1.05 x price max, term steps, $5,000-minimum brands, ...). */
  calculator: v.optional(FinanceCalculatorConfigSchema),
});

export const AnnouncementSchema = v.object({ text: v.string(), href: v.optional(Href), link_label: v.optional(v.string()) });

/**
 * The promotional popup (spec §2 promotional popup; spec §4 Promo popup: hidden after expiry and once dismissed).
 * It keeps its own `start`/`expiry` rather than embedding PromoNode, whose position/display only apply to search cards.
 * Dates are whole days in the tenant's `time_zone` (SiteConfig, default Australia/Brisbane), written `YYYY-MM-DD`:
 * shown from 00:00 on `start` through the end of `expiry` (the expiry day is included); the shell implements that reading.
 */
export const PromoPopupSchema = v.object({
  /** Identifies the popup for 'dismissed' (a new id shows again to shoppers who dismissed the old one). */
  id: v.string(),
  title: v.string(),
  description: v.string(),
  image: v.optional(Href),
  button: v.object({ label: v.string(), href: Href }),
  /** First day shown, `YYYY-MM-DD` in the tenant's time zone; none: shown from now. */
  start: v.optional(v.pipe(v.string(), v.isoDate())),
  /** Last day shown (included), `YYYY-MM-DD` in the tenant's time zone; none: no end. */
  expiry: v.optional(v.pipe(v.string(), v.isoDate())),
});

export const BannerSchema = v.object({ title: v.string(), subtitle: v.optional(v.string()), image: Href, href: v.optional(Href) });

/**
 * A build's version label (its package version, or a canary's label): it names the remote's bundle folder
 * `/_mf/<remote>/<version>/` and travels in `x-forecourt-version`, so it stays a plain path segment (releases.ts).
 */
export const VERSION_LABEL = /^[0-9A-Za-z][0-9A-Za-z._-]{0,63}$/;
export const VersionLabelSchema = v.pipe(v.string(), v.regex(VERSION_LABEL, 'A version is 1-64 letters, digits, dots, hyphens or underscores, starting with a letter or digit'));

/** The tenant's manifest: the version of each remote it runs (a canary pin is one entry; releases.ts). */
export const RemoteManifestSchema = v.object({
  'mf-search': VersionLabelSchema,
  'mf-vehicle': VersionLabelSchema,
  'mf-locations': VersionLabelSchema,
  'mf-finance': VersionLabelSchema,
  'mf-account': VersionLabelSchema,
});
export type RemoteManifest = v.InferOutput<typeof RemoteManifestSchema>;

export const SiteConfigSchema = v.object({
  slug: Slug,
  name: v.pipe(v.string(), v.minLength(1)),
  /** Production hostnames; `<slug>.localhost` always resolves in local runs. */
  hosts: v.array(v.pipe(v.string(), v.toLowerCase())),
  template: v.picklist(['franchise', 'group', 'used']),
  /** Manufacturer slug for a single-brand franchised dealer. */
  manufacturer: v.optional(Slug),
  site_url: v.optional(v.pipe(v.string(), v.url())),
  locale: v.optional(v.string(), 'en-AU'),
  time_zone: v.optional(v.string(), 'Australia/Brisbane'),
  default_state: v.optional(v.string(), 'QLD'),
  contact: v.object({ phone: v.string(), email: v.pipe(v.string(), v.email()) }),
  seo: v.object({ title: v.string(), description: v.string() }),
  theme: ThemeSchema,
  features: v.optional(FeatureFlagsSchema, {}),
  menus: v.object({ header: v.array(MenuItemSchema), footer: v.array(FooterGroupSchema) }),
  /** The home page's sections in order; absent: the template's default (shell `defaultHomeSections`). */
  home: v.optional(v.object({ sections: HomeSectionsSchema })),
  /** What the footer says about the business (spec §2 footer; consumer law: name, ABN, dealer licences per location). */
  business: v.optional(
    v.object({
      legal_name: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(200))),
      abn: v.optional(v.pipe(v.string(), v.regex(/^\d{2} \d{3} \d{3} \d{3}$/, 'An ABN is 11 digits written 12 345 678 901'))),
      social: v.optional(
        v.object({
          facebook: v.optional(SocialUrl),
          instagram: v.optional(SocialUrl),
          youtube: v.optional(SocialUrl),
          linkedin: v.optional(SocialUrl),
          tiktok: v.optional(SocialUrl),
        }),
      ),
    }),
  ),
  announcement: v.optional(AnnouncementSchema),
  promo_popup: v.optional(PromoPopupSchema),
  banners: v.optional(v.array(BannerSchema), []),
  /** Dealership ids and location ids this site shows (entities live in the tenant's data set). */
  dealerships: v.array(v.string()),
  locations: v.array(v.string()),
  /** Manufacturer slugs shown in the mega menu / brand grid. */
  brands: v.array(Slug),
  /** The dealer group's stats banner on the brand grid (spec §9: '50+ Locations', '40+ Brands', '30+ Years Est.'). */
  stats: v.optional(v.array(v.object({ value: v.pipe(v.string(), v.minLength(1), v.maxLength(12)), label: v.pipe(v.string(), v.minLength(1), v.maxLength(40)) })), []),
  stock: v.optional(v.object({ models: v.optional(v.array(v.string()), []) }), {}),
  search: v.optional(TenantSearchSchema, {}),
  include_sold_cars_days: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 3),
  override_city: v.optional(v.string()),
  /**
   * The service page (mf-locations `/service`, spec §2 "a manufacturer service page on one brand's sites"): on a
   * single-brand site (`manufacturer` set), the brand's own service page, linked for every dealership that has no
   * `service_booking_url` of its own instead of the Service Enquiry form. An https address; ignored on other sites.
   */
  service: v.optional(v.object({ manufacturer_url: v.optional(v.pipe(v.string(), v.url(), v.startsWith('https://', 'A service page is an https:// address'), v.maxLength(2048))) }), {}),
  vdp_config: v.optional(
    v.object({
      show_map_section: v.optional(v.boolean(), true),
      /** Spec §4 Registration display: a past rego expiry shows 'Unregistered' on some sites, nothing on others. */
      show_unregistered: v.optional(v.boolean(), false),
      /** Spec §4 Spin viewer: the view it opens on, the spinner by default (the photos on some sites). */
      spin_default_view: v.optional(v.picklist(['spinner', 'gallery']), 'spinner'),
    }),
    {},
  ),
  finance: FinanceSettingsSchema,
  reserve_amount: v.optional(v.number(), 200),
  /** The trade-in / sell-my-car journey's rules (contracts trade-in.ts; spec §9 trade-in FAQ values). */
  trade_in: v.optional(TradeInSettingsSchema, {}),
  /** Days a lead (with its personal details) is kept in edge-api before the purge command deletes it (Privacy). */
  lead_retention_days: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(3650)), 365),
  /** Public Turnstile site key of the tenant's lead forms (the secret key is a Worker secret, never in config). */
  turnstile_site_key: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(200))),
  /** Collection notice linked from every lead form (Privacy), e.g. '/privacy'. */
  collection_notice_href: v.optional(Href, '/privacy-policy'),
  /** Search service (Meilisearch) host and the *name* of the secret that holds its key: no secret in config. */
  search_service: v.optional(v.object({ host: v.pipe(v.string(), v.url()), index: v.string(), key_secret: v.string() })),
  remotes: RemoteManifestSchema,
});
export type SiteConfig = v.InferOutput<typeof SiteConfigSchema>;
export type SiteConfigInput = v.InferInput<typeof SiteConfigSchema>;

/** Parses a tenant config and throws a readable error naming every bad field. */
export function parseSiteConfig(input: unknown): SiteConfig {
  const result = v.safeParse(SiteConfigSchema, input);
  if (!result.success) {
    const slug = typeof input === 'object' && input && 'slug' in input ? String((input as { slug: unknown }).slug) : '?';
    const lines = result.issues.map((i) => `  ${v.getDotPath(i) ?? '(root)'}: ${i.message}`);
    throw new Error(`Invalid tenant config "${slug}":\n${lines.join('\n')}`);
  }
  return result.output;
}

export const TENANT_HEADER = 'x-forecourt-tenant';
export const VERSION_HEADER = 'x-forecourt-version';
export const kvTenantKey = (slug: string) => `tenant:${slug}`;
export const kvHostKey = (host: string) => `host:${host.toLowerCase()}`;
