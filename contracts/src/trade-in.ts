/**
 * The trade-in / sell-my-car valuation journey (issue 18; spec §2 trade-in routes, §7 lead follow-ups and
 * `/api/miscellaneous`, §9 trade-in FAQ values): one multi-step journey, (1) the car by rego and state (or by hand),
 * (2) odometer and condition, (3) contact details (and the texted code where the tenant asks for it), (4) the offer,
 * (5) accept it.
 *
 * Owners: edge-api keeps the journey (D1), its ports (rego lookup, valuation) and the lead with its follow-ups;
 * mf-vehicle renders the pages (`/trade-in`, `/cars/trade-in?car_id=`, `/sell-my-car`, `/sell-your-car`) from the
 * journey's state. Every surface between them is here: the tenant's settings, the questions, the request bodies, the
 * journey's public state and the API paths.
 *
 * The journey's id is an unguessable capability (128 random bits, base64url): whoever holds it may continue the
 * journey. Its public state never carries the shopper's contact details or the full registration.
 */
import * as v from 'valibot';
import { AU_STATES, LEAD_CATEGORIES, OFFER_ACCEPTED_SUBCATEGORY, REQUIRED_FIELD_MESSAGE } from './api.ts';
import { dateFormatter } from './display.ts';
import { formatClock } from './hours.ts';
import { IdSchema } from './entities/common.ts';
import { OpeningHourEntrySchema } from './entities/location.ts';

// Tenant settings (spec §9 trade-in FAQ values) -----------------------------------------------------------------

/** The offer's validity (spec §9: 'estimate valid 7 days'). */
export const TRADE_IN_ESTIMATE_VALID_DAYS = 7;

/** spec §9: 'hours Mon-Fri 8.30am-5.30pm, Sat 9am-5pm' (the trade-in team's hours when the tenant names none). */
export const DEFAULT_TRADE_IN_HOURS = [1, 2, 3, 4, 5]
  .map((weekday) => ({ weekday, status: 'Open' as const, open: '08:30', close: '17:30' }))
  .concat([{ weekday: 6, status: 'Open' as const, open: '09:00', close: '17:00' }]);

/**
 * `SiteConfig.trade_in`: the journey's rules per dealer (spec §9: 'no online estimate for cars over 7 or 10 years or
 * 100,000 km (varies by dealer); estimate valid 7 days; contact same or next business day').
 */
export const TradeInSettingsSchema = v.object({
  /** Cars older than this many years (by build year) get no online estimate. */
  max_age_years: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(40)), 10),
  /** Cars with more than this many km get no online estimate. */
  max_km: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1000), v.maxValue(1_000_000)), 100_000),
  estimate_valid_days: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(30)), TRADE_IN_ESTIMATE_VALID_DAYS),
  /** The phone is verified with the one-time code (the sign-in's) before the offer is shown. */
  verify_phone: v.optional(v.boolean(), false),
  /** When the trade-in team calls back (the 'same or next business day' promise); spec §9's hours when absent. */
  hours: v.optional(v.array(OpeningHourEntrySchema)),
});
export type TradeInSettings = v.InferOutput<typeof TradeInSettingsSchema>;

// The journey ---------------------------------------------------------------------------------------------------

/** `/trade-in` and `/cars/trade-in` trade toward a car of the dealer (maybe named); `/sell-my-car` only sells. */
export const TRADE_IN_JOURNEYS = ['trade-in', 'sell-my-car'] as const;
export type TradeInJourneyKind = (typeof TRADE_IN_JOURNEYS)[number];

/** The steps in order; `verify` only where the tenant verifies phones; `accepted` is the end. */
export const TRADE_IN_STEPS = ['vehicle', 'condition', 'contact', 'verify', 'offer', 'accepted'] as const;
export type TradeInStep = (typeof TRADE_IN_STEPS)[number];

/** Subcategories of the journey's leads (spec §7 names the third: '3. Offer Accepted'). */
export const TRADE_IN_SUBCATEGORIES = {
  contact: '1. Contact Details',
  adjustments: '2. Valuation Adjustments',
  accepted: OFFER_ACCEPTED_SUBCATEGORY,
} as const;

const Text = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1, REQUIRED_FIELD_MESSAGE), v.maxLength(max, 'Too long.'));

/** A registration as the lookup takes it: letters and digits, 1-9 of them once spaces and dashes are gone. */
export const RegoSchema = v.pipe(
  v.string(),
  v.transform((s) => s.replace(/[\s-]/g, '').toUpperCase()),
  v.minLength(1, REQUIRED_FIELD_MESSAGE),
  v.regex(/^[A-Z0-9]{1,9}$/, 'Invalid registration.'),
);

/** The car being valued, as the rego lookup identified it or the shopper entered it. */
export const TradeInVehicleSchema = v.object({
  year: v.pipe(v.number(), v.integer(), v.minValue(1950), v.maxValue(2100)),
  make: Text(60),
  model: Text(80),
  badge: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120))),
  body: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60))),
  transmission: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60))),
  fuel: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40))),
  /** The provider's vehicle key (AutoGrab's vehicle id or an NVIC): the most precise key a valuation can use. */
  provider_id: v.optional(v.pipe(v.string(), v.maxLength(80))),
  /** Where it came from: the rego lookup, or typed by the shopper ("not my car", or no lookup answer). */
  source: v.picklist(['rego', 'manual']),
});
export type TradeInVehicle = v.InferOutput<typeof TradeInVehicleSchema>;

/** Step 1 by registration: `POST TRADE_IN_API.start` (JSON or a plain form). */
export const TradeInStartSchema = v.object({
  journey: v.picklist(TRADE_IN_JOURNEYS),
  /** The dealer's car the shopper trades toward (`/cars/trade-in?car_id=`): its slug or id. */
  car_id: v.optional(IdSchema),
  rego: RegoSchema,
  regoState: v.picklist(AU_STATES, 'Please choose a state.'),
});

/** Step 1 by hand ("not my car", or the lookup found nothing): `POST TRADE_IN_API.vehicle` (starts one when no id). */
export const TradeInManualVehicleSchema = v.object({
  journey: v.picklist(TRADE_IN_JOURNEYS),
  car_id: v.optional(IdSchema),
  year: v.pipe(v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{4}$/, 'Please choose a year.'), v.transform(Number))], 'Please choose a year.'), v.number(), v.integer(), v.minValue(1950, 'Please choose a year.'), v.maxValue(2100, 'Please choose a year.')),
  make: Text(60),
  model: Text(80),
  badge: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120))),
});

/** One condition question: its id (the `adjustmentAnswers` key), label and the answers it offers (the first is the best). */
export type TradeInQuestion = { id: string; label: string; options: readonly { value: string; label: string }[] };

/** Step 2's questions (the valuation adjustments, spec §7): every one answered, by a radio group. */
export const TRADE_IN_QUESTIONS = [
  { id: 'accident_history', label: 'Has the car been in an accident?', options: [{ value: 'none', label: 'No accidents' }, { value: 'minor', label: 'Minor, repaired' }, { value: 'major', label: 'Major or structural' }] },
  { id: 'service_history', label: 'Service history', options: [{ value: 'full', label: 'Full logbook' }, { value: 'partial', label: 'Partial' }, { value: 'none', label: 'None' }] },
  { id: 'finance_owing', label: 'Is there finance owing on the car?', options: [{ value: 'no', label: 'No' }, { value: 'yes', label: 'Yes' }] },
  { id: 'keys', label: 'Number of keys', options: [{ value: '2', label: 'Two or more' }, { value: '1', label: 'One' }] },
  { id: 'paint', label: 'Condition of the paint and panels', options: [{ value: 'excellent', label: 'Excellent' }, { value: 'good', label: 'Good' }, { value: 'fair', label: 'Fair' }, { value: 'poor', label: 'Poor' }] },
  { id: 'interior', label: 'Condition of the interior', options: [{ value: 'excellent', label: 'Excellent' }, { value: 'good', label: 'Good' }, { value: 'fair', label: 'Fair' }, { value: 'poor', label: 'Poor' }] },
  { id: 'tyres', label: 'Condition of the tyres', options: [{ value: 'new', label: 'New or near new' }, { value: 'good', label: 'Good' }, { value: 'worn', label: 'Worn, need replacing' }] },
  { id: 'modifications', label: 'Modifications', options: [{ value: 'none', label: 'None' }, { value: 'minor', label: 'Minor (accessories, tint, towbar)' }, { value: 'major', label: 'Major (engine, suspension, body)' }] },
] as const satisfies readonly TradeInQuestion[];
export type TradeInQuestionId = (typeof TRADE_IN_QUESTIONS)[number]['id'];
export type TradeInAnswers = { [Q in (typeof TRADE_IN_QUESTIONS)[number] as Q['id']]: Q['options'][number]['value'] };

/** 'Please choose an answer.' when a question is left unanswered. */
export const TRADE_IN_ANSWER_MESSAGE = 'Please choose an answer.';
/** Odometer text. */
export const ODOMETER_MESSAGE = 'Please enter the odometer reading in km.';

/** Step 2: `POST TRADE_IN_API.condition`. Odometer in km (digits, commas and spaces allowed); every question answered. */
export const TradeInConditionSchema = v.object({
  odometer: v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.transform((s) => s.replace(/[\s,]/g, '')), v.regex(/^\d{1,7}$/, ODOMETER_MESSAGE), v.transform(Number))], ODOMETER_MESSAGE),
    v.number(ODOMETER_MESSAGE),
    v.integer(ODOMETER_MESSAGE),
    v.minValue(0, ODOMETER_MESSAGE),
    v.maxValue(2_000_000, ODOMETER_MESSAGE),
  ),
  answers: v.object(
    Object.fromEntries(TRADE_IN_QUESTIONS.map((q) => [q.id, v.picklist(q.options.map((o) => o.value) as [string, ...string[]], TRADE_IN_ANSWER_MESSAGE)])) as {
      [K in TradeInQuestionId]: v.PicklistSchema<[string, ...string[]], string>;
    },
  ),
});

/**
 * Step 3: `POST TRADE_IN_API.contact`: the lead's contact fields (the lead form's rules: edge-api validates them with
 * the tenant's lead payload schema) plus `lead_id`, a UUID the page mints so a resubmitted form is one lead.
 */
export const TradeInContactSchema = v.looseObject({
  lead_id: v.pipe(v.string(), v.uuid('lead_id must be a UUID.')),
  name: v.string(),
  email: v.string(),
  phone: v.string(),
});

/** Step 3b (tenant `verify_phone`): `POST TRADE_IN_API.verify` with the texted code. */
export const TradeInVerifySchema = v.object({ code: v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, 'The code is 6 digits.')) });

/** Step 5: `POST TRADE_IN_API.accept`: `accept: 'yes'` is required (an empty POST accepts nothing). */
export const TradeInAcceptSchema = v.object({ accept: v.literal('yes', REQUIRED_FIELD_MESSAGE) });

/** Why there is no online estimate (the shopper is promised a call instead: never a dead end). */
export const NO_ESTIMATE_REASONS = ['over_age', 'over_km', 'no_match', 'unavailable'] as const;
export type NoEstimateReason = (typeof NO_ESTIMATE_REASONS)[number];

/** The offer of step 4: a range valid for the tenant's days, or no online estimate and a promised call. */
export const TradeInOfferSchema = v.variant('kind', [
  v.object({
    kind: v.literal('estimate'),
    /** Whole dollars. */
    low: v.pipe(v.number(), v.integer(), v.minValue(0)),
    high: v.pipe(v.number(), v.integer(), v.minValue(0)),
    /** Last day the offer holds, `YYYY-MM-DD` in the tenant's time zone. */
    valid_until: v.pipe(v.string(), v.isoDate()),
    /** Which adapter valued it ('embedded', 'autograb'): the dealer sees where a figure came from. */
    provider: v.string(),
  }),
  v.object({
    kind: v.literal('none'),
    reason: v.picklist(NO_ESTIMATE_REASONS),
    /** When the dealer will call: the start of the next open hours (ISO timestamp). */
    contact_by: v.string(),
  }),
]);
export type TradeInOffer = v.InferOutput<typeof TradeInOfferSchema>;

/**
 * The journey's public state (`GET TRADE_IN_API.journey`, and mf-vehicle's call over the binding): what the pages need
 * to show the current step. No contact details; the registration only masked ('ABC•••').
 */
export const TradeInJourneyStateSchema = v.object({
  id: v.string(),
  journey: v.picklist(TRADE_IN_JOURNEYS),
  step: v.picklist(TRADE_IN_STEPS),
  car_id: v.nullable(v.string()),
  rego_masked: v.nullable(v.string()),
  regoState: v.nullable(v.picklist(AU_STATES)),
  vehicle: v.nullable(TradeInVehicleSchema),
  odometer: v.nullable(v.number()),
  answers: v.nullable(v.record(v.string(), v.string())),
  /** The lead once contact details are in (the shopper who stops now is still the dealer's lead). */
  lead_id: v.nullable(v.string()),
  /** Where the texted code went, masked ('04•• ••• 678'), while the step is `verify`. */
  phone_masked: v.nullable(v.string()),
  offer: v.nullable(TradeInOfferSchema),
  accepted_at: v.nullable(v.string()),
  /** The journey is kept this long after its last step (then it is deleted). */
  expires_at: v.string(),
});
export type TradeInJourneyState = v.InferOutput<typeof TradeInJourneyStateSchema>;

/** Answer of every journey write: the new state, or an error with field messages (the lead forms' shape). */
export const TradeInAnswerSchema = v.union([
  v.object({ journey: TradeInJourneyStateSchema }),
  v.object({ error: v.string(), fields: v.optional(v.record(v.string(), v.string())) }),
]);

/** The lists for entering a car by hand, from the vehicle taxonomy: makes, a make's models, a model's years and badges. */
export const TradeInTaxonomyQuerySchema = v.object({
  make: v.optional(v.pipe(v.string(), v.maxLength(60))),
  model: v.optional(v.pipe(v.string(), v.maxLength(80))),
  year: v.optional(v.pipe(v.string(), v.regex(/^\d{4}$/))),
});
export const TradeInTaxonomySchema = v.object({
  makes: v.array(v.string()),
  models: v.array(v.string()),
  years: v.array(v.number()),
  badges: v.array(v.string()),
});
export type TradeInTaxonomy = v.InferOutput<typeof TradeInTaxonomySchema>;

/**
 * edge-api's browser-facing paths (JSON, or plain forms answered with 303 back to `return`, a journey page path of the
 * same site, with `?journey=<id>` and, on failure, the form-error catalogue's codes).
 */
export const TRADE_IN_API = {
  start: '/api/trade-in/journeys',
  journey: '/api/trade-in/journeys/:id',
  vehicle: '/api/trade-in/vehicle',
  condition: '/api/trade-in/journeys/:id/condition',
  contact: '/api/trade-in/journeys/:id/contact',
  verify: '/api/trade-in/journeys/:id/verify',
  accept: '/api/trade-in/journeys/:id/accept',
  taxonomy: '/api/trade-in/taxonomy',
} as const;

/** The journey pages a form may return to (the `return` field), each with its query. */
export const TRADE_IN_PAGE_PATHS = ['/trade-in', '/cars/trade-in', '/sell-my-car', '/sell-your-car'] as const;

/** A journey id: 22 base64url characters (128 random bits). */
export const TRADE_IN_JOURNEY_ID = /^[A-Za-z0-9_-]{22}$/;

// Messages and helpers shared by edge-api and the pages ------------------------------------------------------------

/**
 * The journey's own failures, as edge-api answers them (`{ error }`) and as the form-error catalogue carries them
 * back to a page (`trade_in_error=<code>`, contracts form-errors): each text is the catalogue's sentence of its code.
 */
export const TRADE_IN_MESSAGES = {
  rego_not_found: "We couldn't find that registration. Please check it, or enter your car's details instead.",
  lookup_unavailable: "We couldn't look up registrations just now. Please enter your car's details instead.",
  too_many_lookups: 'Too many lookups. Please try again later.',
  journey_expired: 'This valuation has expired or could not be found. Please start again.',
  wrong_step: 'Please complete the earlier steps first.',
  offer_expired: 'This offer has expired. Please start a new valuation.',
  no_offer: 'There is no online offer to accept for this car.',
} as const;
export type TradeInMessageCode = keyof typeof TRADE_IN_MESSAGES;

/** The lead category of a journey: trading toward a car of the dealer, or selling only (spec §3 lead categories). */
export const tradeInCategory = (journey: TradeInJourneyKind): typeof LEAD_CATEGORIES.TRADE_IN | typeof LEAD_CATEGORIES.SELL_MY_CAR =>
  journey === 'sell-my-car' ? LEAD_CATEGORIES.SELL_MY_CAR : LEAD_CATEGORIES.TRADE_IN;

/**
 * A registration as the journey's state shows it: the first three characters, the rest as dots ('ABC•••').
 * @example maskRego('ABC123') // 'ABC•••'
 */
export const maskRego = (rego: string): string => {
  const shown = Math.min(3, Math.max(1, rego.length - 1));
  return `${rego.slice(0, shown)}${'•'.repeat(Math.max(1, rego.length - shown))}`;
};

/**
 * A phone as the verify step shows it: the first two and last three digits ('04•• ••• 678').
 * @example maskPhone('0412345678') // '04•• ••• 678'
 */
export const maskPhone = (phone: string): string => {
  const digits = phone.replace(/\D/g, '');
  return digits.length < 6 ? '•••' : `${digits.slice(0, 2)}•• ••• ${digits.slice(-3)}`;
};

type LocalTime = { date: string; weekday: number; minutes: number };

const validZone = (timeZone: string) => {
  try {
    dateFormatter('en-AU', { timeZone });
    return timeZone;
  } catch {
    return 'Australia/Brisbane';
  }
};

/** The wall clock in a zone at `ms`: its date, weekday (0 = Sunday) and minutes since midnight. */
function localTime(ms: number, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    // One formatter per zone per isolate (display.ts dateFormatter): a contact time reads the clock a dozen times.
    dateFormatter('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', weekday: 'short' })
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  );
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday ?? 'Sun');
  return { date: `${parts.year}-${parts.month}-${parts.day}`, weekday, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** The instant a wall-clock time of a date has in a zone (DST-safe: the zone's offset at that very moment). */
function zonedInstant(date: string, minutes: number, timeZone: string): number {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d, Math.floor(minutes / 60), minutes % 60);
  let guess = wall;
  for (let i = 0; i < 3; i++) {
    const seen = localTime(guess, timeZone);
    const [sy = 1970, sm = 1, sd = 1] = seen.date.split('-').map(Number);
    const diff = wall - Date.UTC(sy, sm - 1, sd, Math.floor(seen.minutes / 60), seen.minutes % 60);
    if (diff === 0) break;
    guess += diff;
  }
  return guess;
}

const clockMinutes = (clock: string | null | undefined): number | null => {
  const match = /^(\d{1,2}):(\d{2})/.exec(clock ?? '');
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};

/** The open hours of a weekday as minutes, or null when closed (or no usable times). */
function dayHours(hours: readonly OpeningHour[], weekday: number): { open: number; close: number } | null {
  const entry = hours.find((h) => h.weekday === weekday);
  if (!entry || entry.status !== 'Open') return null;
  const open = clockMinutes(entry.open);
  const close = clockMinutes(entry.close);
  return open !== null && close !== null && close > open ? { open, close } : null;
}

type OpeningHour = { weekday: number; status: 'Open' | 'Closed'; open?: string | null; close?: string | null };

/**
 * `YYYY-MM-DD` plus whole days (calendar days: a daylight-saving change moves nothing). The one owner: edge-api's
 * offer validity uses it too.
 * @example addDays('2026-11-27', 6) // '2026-12-03'
 */
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Least time left in the day's hours for "we'll call you today" (spec §9 'contact same or next business day'). */
export const CONTACT_SAME_DAY_MIN_MS = 60 * 60 * 1000;

/**
 * When the dealer will call a shopper who got no online estimate (spec §9 'contact same or next business day'): `now`
 * itself while the trade-in team is open with at least an hour left, else the start of its next open hours (ISO
 * timestamps, computed in the tenant's time zone, so a weekend and a daylight-saving change fall where they should).
 * `hours` are the tenant's `trade_in.hours` (DEFAULT_TRADE_IN_HOURS when it names none); a week without open hours
 * answers `now` (the dealer still calls; the promise just names no time).
 * @example nextContactTime(DEFAULT_TRADE_IN_HOURS, Date.parse('2026-11-28T03:00:00Z'), 'Australia/Brisbane') // Saturday 1pm: now
 */
export function nextContactTime(hours: readonly OpeningHour[] | null | undefined, now: number, timeZone: string): string {
  const week = hours && hours.length > 0 ? hours : DEFAULT_TRADE_IN_HOURS;
  const zone = validZone(timeZone);
  const here = localTime(now, zone);
  const today = dayHours(week, here.weekday);
  if (today && here.minutes >= today.open && zonedInstant(here.date, today.close, zone) - now >= CONTACT_SAME_DAY_MIN_MS) return new Date(now).toISOString();
  for (let ahead = 0; ahead <= 7; ahead++) {
    const date = addDays(here.date, ahead);
    const day = dayHours(week, (here.weekday + ahead) % 7);
    if (!day) continue;
    const opens = zonedInstant(date, day.open, zone);
    if (opens > now) return new Date(opens).toISOString();
  }
  return new Date(now).toISOString();
}

/** Minutes since midnight as the hours display writes a clock (contracts hours.ts formatClock: '8:30am', '5pm'). */
const clockText = (minutes: number) => formatClock(`${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`);

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/**
 * The promise the no-estimate page makes from `contact_by` (nextContactTime), in the tenant's time zone, worded
 * against `now` (the page may be reloaded hours or days later): 'We'll call you today by 5:30pm' while the team is
 * open (the close of today's hours: `hours`, DEFAULT_TRADE_IN_HOURS unless given), else 'We'll call you today from
 * 8:30am', 'We'll call you tomorrow from 8:30am' or 'We'll call you on Monday from 8:30am'. A `contact_by` already
 * past is replaced by the next opening from `now` (nextContactTime with the same hours): a promise made this morning
 * and read after closing names tomorrow's opening, never 'today'. Public holidays are not known (README).
 * @example contactPromiseText('2026-11-27T23:30:00.000Z', Date.parse('2026-11-27T09:00:00Z'), 'Australia/Brisbane') // "We'll call you on Monday from 9:30am"
 */
export function contactPromiseText(contactBy: string, now: number, timeZone: string, hours?: readonly OpeningHour[] | null): string {
  const zone = validZone(timeZone);
  const week = hours && hours.length > 0 ? hours : DEFAULT_TRADE_IN_HOURS;
  let at = Date.parse(contactBy);
  if (!Number.isFinite(at)) return "We'll call you as soon as we can.";
  const here = localTime(now, zone);
  if (at <= now + 60_000) {
    at = Date.parse(nextContactTime(week, now, zone));
    if (at <= now + 60_000) {
      // Open now (with time left), or a week without open hours: nextContactTime answered `now`.
      const today = dayHours(week, here.weekday);
      return today && today.close > here.minutes && here.minutes >= today.open ? `We'll call you today by ${clockText(today.close)}.` : "We'll call you as soon as we can.";
    }
  }
  const then = localTime(at, zone);
  const from = clockText(then.minutes);
  if (then.date === here.date) return `We'll call you today from ${from}.`;
  if (then.date === addDays(here.date, 1)) return `We'll call you tomorrow from ${from}.`;
  return `We'll call you on ${WEEKDAY_NAMES[then.weekday]} from ${from}.`;
}
