/**
 * Business constants and limits of spec §9 (and the few texts of §4/§8 that several remotes show).
 * Per-tenant overrides live in SiteConfig; these are the defaults.
 */

// Search ---------------------------------------------------------------------
export const PAGE_SIZE = 21;
/** Manufacturer and offers searches use the same page size. */
export const MANUFACTURER_PAGE_SIZE = 21;
export const OFFERS_PAGE_SIZE = 21;
/** Cache sizes: manufacturer search keeps 10 entries, offers evict the oldest when over 10 (holds 11). */
export const MANUFACTURER_CACHE_SIZE = 10;
export const OFFERS_CACHE_SIZE = 10;
/** Totals above this many hits are replaced by a configured stock count or summed facet counts. */
export const DISPLAYED_TOTAL_CAP = 1999;
export const SEARCH_HISTORY_LIMIT = 5;
/** Cars a shopper can compare side by side (spec silent: four columns still fit a laptop screen). */
export const COMPARE_MAX = 4;
export const JUST_ARRIVED_DAYS = 8;
export const TYPE_ORDER = ['new', 'demo', 'used'] as const;
export const MAKE_FACET_INITIAL = 7;
/** Popular makes end after the first 20 makes on one site. */
export const POPULAR_MAKES_BOUNDARY = 20;
export const MODEL_FACET_LIMIT = 30;
/** Stock age filters a tenant may choose (days). */
export const STOCK_AGE_FILTER_DAYS = [0, 1, 2, 3, 4, 5, 7, 14] as const;
/** Sold cars stay visible this many days after sale unless the tenant says otherwise (spec §4). */
export const INCLUDE_SOLD_CARS_DAYS_DEFAULT = 3;

// Sliders and debounces ---------------------------------------------------------
export const SLIDER_DEFAULT_RANGE = { min: 0, max: 100_000 } as const;
/** Slider step is range/100, rounded. */
export const SLIDER_STEP_DIVISOR = 100;
/** Price and km sliders round to the nearest 1000 (spec §5). */
export const SLIDER_ROUNDING = 1000;
export const PRICE_SLIDER_PAGE = { min: 5_000, max: 250_000, step: 500 } as const;
export const PRICE_INPUT_DEFAULTS = { used: { min: 5_000, max: 70_000 }, alternate: { min: 300_000, max: 800_000 } } as const;
/** Range slider keeps min below max by at least this much (spec §4). */
export const RANGE_MIN_GAP = 1;
export const SLIDER_DEBOUNCE_MS = 400;
export const SEARCH_INPUT_DEBOUNCE_MS = 300;
export const QUOTE_DEBOUNCE_MS = 500;

// Similar cars -------------------------------------------------------------------
/** Price window: ±10,000 under 50,000, else ±25,000. */
export const SIMILAR_PRICE_WINDOW = { threshold: 50_000, below: 10_000, above: 25_000 } as const;
export const SIMILAR_CARS_LIMIT = 6;
export const SIMILAR_CARS_PLACEHOLDERS = 6;
export const SIMILAR_CARS_MULTI_SEARCH_LIMIT = 10;
/** Similar cars load this far before they enter the viewport. */
export const SIMILAR_CARS_ROOT_MARGIN_PX = 500;

// Vehicle page -----------------------------------------------------------------
export const FEATURES_LIMIT = 8;
export const KEY_INFO_LIMIT = 4;
/** Thumbnails show when in stock and above this many images. */
export const THUMBNAILS_MIN_IMAGES = 3;
export const SPIN_SENSITIVITY_PX = 20;
export const SPIN_AUTOROTATE_MS = 100;
export const STICKY_HEADER_PX = 500;
export const STICKY_BAR_PX = 900;
export const DEALER_COMMENTS_LIMIT = 400;
export const FINANCE_DISCLAIMER_LIMIT = 197;
export const BLOG_DESCRIPTION_LIMIT = 100;
export const COPY_CONFIRMATION_MS = 1_500;
export const TOAST_MS = 3_000;
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const SHARE_WINDOW = { width: 550, height: 400 } as const;
export const COLLAPSE_MS = 300;
export const COUNT_UP_MS = 1_000;
export const MARKET_PRICE_COUNT_UP_MS = 2_500;
export const DEALER_COMMENTS_PENDING = 'Dealer comments are pending. Please check back here later.';

// Market price ---------------------------------------------------------------------
/** Fill below 0.65 is 'Good Deal', else 'Great Deal'. */
export const MARKET_PRICE_GREAT_DEAL_FILL = 0.65;
/** Colour bands: below 0.3, 0.3-0.6, 0.6 and above. */
export const MARKET_PRICE_BANDS = [0.3, 0.6] as const;
/** Panel needs confidence above this (spec §5). */
export const MARKET_PRICE_MIN_CONFIDENCE = 0.2;
/** Below-market badge needs the price more than this below the market average (spec §5). */
export const BELOW_MARKET_MIN_DIFFERENCE = 499;
/** AutoGrab / market-price feature needs a price above this. */
export const AUTOGRAB_PRICE_THRESHOLD = 200;

// Finance --------------------------------------------------------------------
export const REPAYMENT_PERIODS_PER_YEAR = { week: 52, fortnight: 26, month: 12 } as const;
export const WEEKS_PER_MONTH = 4.33;
export const DEFAULT_TERM_YEARS = 5;
export const DEFAULT_LOAN_AMOUNT = 30_000;
export const DEFAULT_INTEREST_RATE = 10;
export const LOAN_AMOUNT = { min: 1_000, max: 100_000, step: 500, standaloneMax: 250_000 } as const;
export const LOAN_TERM_YEARS = { min: 1, max: 7, step: 0.5 } as const;
export const INTEREST_RANGE_DEFAULT = { min: 0.5, max: 15, step: 0.5 } as const;
export const DEPOSIT_MAX = 250_000;
export const RESIDUAL_MAX = 250_000;
/** A payment at or below this shows 'Enquire for Finance' with a blank total. */
export const MIN_DISPLAYED_PAYMENT = 25;
export const QUICK_ESTIMATE = { minPrice: 10_000, maxPrice: 200_000, defaultPrice: 30_000, minTerm: 1, maxTerm: 7, defaultTerm: 5 } as const;
/** Fallback example rates. */
export const FALLBACK_RATES = { interest: 6.29, comparison: 8.19 } as const;
export const FEATURED_FINANCE_CARS = 6;
export const FINANCE_STEPS = 3;
export const DEFAULT_FINANCE_LINK = '/finance';
/** Lender eligibility needs a price above this (Taurus, Manual, Angle, Powertorque, Nissan Finance; spec §5). */
export const LENDER_MIN_PRICE = 500;
/** Taurus lends on cars from the last 12 years. */
export const TAURUS_MAX_AGE_YEARS = 12;

// Fuel calculator (spec §5) ----------------------------------------------------------
export const FUEL_CALCULATOR_DEFAULTS = { pricePerLitre: 1.7, kmPerWeek: 250, litresPer100km: 10 } as const;

// Reserve, sign-in -------------------------------------------------------------------
export const RESERVE_DEFAULT_AMOUNT = 200;
export const OTP_LENGTH = 6;
export const REQUEST_TIMEOUT_MS = 15_000;
export const DEFAULT_PHONE_COUNTRY_CODE = '61';
export const DEFAULT_FORM_STATE = 'qld';

// Reviews and locations ----------------------------------------------------------------
export const REVIEWS_MIN_RATING = 4;
export const REVIEW_STARS = 5;
/** 'Full quantity' of reviews fetched for the reviews block. */
export const REVIEWS_FULL_QUANTITY = 12;
export const EARTH_RADIUS_KM = 6371;
export const POSTCODE_LENGTH = 4;
export const LOCATION_TYPE_ORDER = ['sales', 'service', 'parts'] as const;
/** Location carousel shows a swipe hint above this many cards. */
export const LOCATION_CAROUSEL_SWIPE_MIN = 3;

// Images and layout -----------------------------------------------------------------
export const IMAGE_DEFAULTS = { quality: 75, width: 640 } as const;
export const POPUP_MAX = { widthPx: 600, heightVh: 80 } as const;
export const PROMO_SLIDER_SIZE = { width: 1920, height: 540 } as const;
export const BREAKPOINTS = { xs: 400, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 } as const;
/** `down` variants are max-width queries at these widths. */
export const BREAKPOINTS_DOWN = { sm: 576, md: 768, lg: 992, xl: 1200 } as const;

// Texts -------------------------------------------------------------------------------
export const NO_PRICE_TEXT = 'Enquire for price.';
export const NEW_ARRIVAL_TEXT = 'New Arrival';
export const NEW_ARRIVAL_DEFAULT_TAG = 'New';
export const SOLD_TAG_DEFAULT = 'JUST SOLD';
export const USED_KEYWORD = 'Used';
export const CALL_THE_DEALER_TEXT = 'Call the dealer';
export const SUBSCRIPTION_SUFFIX = '/ week';
/** Prices at or below this are not shown as a price (spec §4 Price display precedence). */
export const MIN_DISPLAYED_PRICE = 10;
/** Shown for a preorder car without a displayable price (spec §4 Price display precedence). */
export const PREORDER_TEXT = 'PREORDER';
export const LEAD_ERROR_FALLBACK = 'An unexpected error occured';
export const SOLD_TITLE = 'SOLD';
export const SOLD_MESSAGE = "Unfortunately this car recently sold. But don't worry, we can help you find a similar car!";
export const FIND_SIMILAR_TEXT = 'Find Me Something Similar';

// Trade-in FAQ and misc --------------------------------------------------------------
export const TRADE_IN_ESTIMATE_VALID_DAYS = 7;
export const TRADE_IN_MAX_KM = 100_000;
export const SALES_COUNTER = { perDay: 192, stepSeconds: 450, refreshMs: 150_000, timeZone: 'Australia/Brisbane' } as const;
export const PROMO_CARD_RANDOM_POSITIONS = 3;
