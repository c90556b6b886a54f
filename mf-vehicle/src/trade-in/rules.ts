/**
 * The trade-in / sell-my-car journey's pure rules (issue 18): which page a request is, which step a journey's state
 * shows, where each step's form posts, the page's own return path, the form-error mapping, money and date texts.
 * No I/O: the page (index.ts) and the island (TradeInJourney.tsx) both build their views from these.
 */
import { AU_STATES } from '@forecourt/contracts/api';
import { FIELD_ERROR_TEXTS } from '@forecourt/contracts/form-errors';
import {
  TRADE_IN_API,
  TRADE_IN_JOURNEY_ID,
  TRADE_IN_PAGE_PATHS,
  TRADE_IN_QUESTIONS,
  type TradeInJourneyKind,
  type TradeInJourneyState,
  type TradeInOffer,
} from '@forecourt/contracts/trade-in';
import { TURNSTILE_FORM_FIELD } from '@forecourt/contracts/turnstile';

export { AU_STATES };

/** A journey page path (contracts TRADE_IN_PAGE_PATHS). */
export type TradeInPagePath = (typeof TRADE_IN_PAGE_PATHS)[number];

/**
 * What the page shows in its main column:
 * - `vehicle`: step 1 by rego and state (no journey yet, or the lookup found nothing);
 * - `manual`: step 1 by hand ("Enter my car's details instead", "Not my car?");
 * - `condition`: step 2 with the identified car above it;
 * - `contact`, `verify`, `offer`, `accepted`: steps 3, 3b, 4, 5.
 */
export type TradeInScreen = 'vehicle' | 'manual' | 'condition' | 'contact' | 'verify' | 'offer' | 'accepted';

/** The step indicator's steps: the screens each covers. */
export const TRADE_IN_INDICATOR = [
  { label: 'Your car', screens: ['vehicle', 'manual'] },
  { label: 'Condition', screens: ['condition'] },
  { label: 'Your details', screens: ['contact', 'verify'] },
  { label: 'Your offer', screens: ['offer'] },
  { label: 'Accepted', screens: ['accepted'] },
] as const satisfies readonly { label: string; screens: readonly TradeInScreen[] }[];

/** 1-based position of a screen in the step indicator. */
export const indicatorStep = (screen: TradeInScreen): number => TRADE_IN_INDICATOR.findIndex((s) => (s.screens as readonly TradeInScreen[]).includes(screen)) + 1;

/** Each screen's heading (an h2 the island moves focus to when it swaps steps). */
export const SCREEN_HEADINGS: Record<TradeInScreen, string> = {
  vehicle: 'Find your car',
  manual: 'Enter your car’s details',
  condition: 'Tell us about its condition',
  contact: 'Your contact details',
  verify: 'Check your phone',
  offer: 'Your offer',
  accepted: 'Offer accepted',
};

/**
 * The screen for a journey's state and the page's query: no journey starts at `vehicle` (or `manual` with
 * `?manual=1`); a journey still at `vehicle` (the lookup found nothing) asks for the car by hand; "Not my car?"
 * (`?manual=1` while the car is identified) goes back to the manual form. Later steps follow the state.
 */
export function screenFor(state: TradeInJourneyState | null, manual: boolean): TradeInScreen {
  if (!state) return manual ? 'manual' : 'vehicle';
  switch (state.step) {
    case 'vehicle':
      return 'manual';
    case 'condition':
      return manual ? 'manual' : 'condition';
    default:
      return state.step;
  }
}

/** The journey kind of a page: `/sell-my-car` and `/sell-your-car` (route param `_journey=sell-my-car`) only sell. */
export const journeyKindOf = (routeJourney: string | null | undefined): TradeInJourneyKind => (routeJourney === 'sell-my-car' ? 'sell-my-car' : 'trade-in');

/** A journey id from the query, or null when it is not one (never sent to edge-api). */
export const journeyIdOf = (value: string | null | undefined): string | null => (value && TRADE_IN_JOURNEY_ID.test(value) ? value : null);

/** The page path for the page's kind and car: `/cars/trade-in` with a car, else `/trade-in` or `/sell-my-car`. */
export function pagePathFor(kind: TradeInJourneyKind, hasCar: boolean, requested?: string | null): TradeInPagePath {
  if (requested && (TRADE_IN_PAGE_PATHS as readonly string[]).includes(requested)) {
    const path = requested as TradeInPagePath;
    // A car only travels to the trade-in pages; the sell pages never carry one.
    if (kind === 'sell-my-car' ? path === '/sell-my-car' || path === '/sell-your-car' : path === '/trade-in' || path === '/cars/trade-in') return path;
  }
  if (kind === 'sell-my-car') return '/sell-my-car';
  return hasCar ? '/cars/trade-in' : '/trade-in';
}

/**
 * The hidden `return` of every step's form: the page's path and its car, where edge-api's 303 comes back to (with
 * `journey=<id>`, and on failure the error codes).
 */
export function returnPathFor(path: TradeInPagePath, carSlug: string | null): string {
  return carSlug && path !== '/sell-my-car' && path !== '/sell-your-car' ? `${path}?${new URLSearchParams({ car_id: carSlug })}` : path;
}

/** A page link that keeps the car and the journey (the "Not my car?" and "Enter my car's details instead" links). */
export function pageHref(returnPath: string, extra: Record<string, string | null | undefined>): string {
  const [path, query = ''] = returnPath.split('?');
  const params = new URLSearchParams(query);
  for (const [k, value] of Object.entries(extra)) if (value) params.set(k, value);
  const q = params.toString();
  return q ? `${path}?${q}` : path!;
}

/** Where a screen's form posts (edge-api, through the shell): the journey's id in the path once there is one. */
export function actionFor(screen: TradeInScreen, journeyId: string | null): string {
  const withId = (path: string) => path.replace(':id', encodeURIComponent(journeyId ?? ''));
  switch (screen) {
    case 'vehicle':
      return TRADE_IN_API.start;
    case 'manual':
      return TRADE_IN_API.vehicle;
    case 'condition':
      return withId(TRADE_IN_API.condition);
    case 'contact':
      return withId(TRADE_IN_API.contact);
    case 'verify':
      return withId(TRADE_IN_API.verify);
    case 'offer':
    case 'accepted':
      return withId(TRADE_IN_API.accept);
  }
}

/**
 * A condition question's form field name. The plain form posts `answers.<id>` (edge-api's form reader folds the
 * `answers.` fields into `answers`); the island sends `{ odometer, answers: { <id>: value } }` as JSON.
 */
export const answerFieldName = (questionId: string) => `answers.${questionId}`;

/** The JSON body of a screen's form, from its fields (the island posts what the plain form would). */
export function jsonBodyOf(screen: TradeInScreen, fields: Record<string, string>): Record<string, unknown> {
  const { return: _ignored, ...rest } = fields;
  if (screen === 'condition') {
    const answers: Record<string, string> = {};
    for (const q of TRADE_IN_QUESTIONS) {
      const value = rest[answerFieldName(q.id)];
      if (value) answers[q.id] = value;
    }
    return { odometer: rest.odometer ?? '', answers };
  }
  if (screen === 'offer') return { accept: 'yes' };
  const body: Record<string, unknown> = {};
  for (const [k, value] of Object.entries(rest)) if (value !== '' || k === 'name' || k === 'email' || k === 'phone') body[k] = value;
  // The Turnstile widget's token (its form field, or the test token's hidden field) travels as edge-api's `turnstile_token`.
  const token = body[TURNSTILE_FORM_FIELD] ?? body.turnstile_token;
  delete body[TURNSTILE_FORM_FIELD];
  if (typeof token === 'string' && token) body.turnstile_token = token;
  else delete body.turnstile_token;
  // A checkbox after its hidden 'false': the last value is the answer, sent as a boolean.
  if ('terms_conditions' in body) body.terms_conditions = body.terms_conditions === 'true';
  return body;
}



/** Whole dollars as the offer shows them: '$12,300'. */
export const formatDollars = (amount: number) => `$${Math.round(amount).toLocaleString('en-AU')}`;

/** The offer's range: '$12,300 – $14,100' (one figure when both ends are the same). */
export const offerRangeText = (offer: Extract<TradeInOffer, { kind: 'estimate' }>) =>
  offer.low === offer.high ? formatDollars(offer.low) : `${formatDollars(offer.low)} – ${formatDollars(offer.high)}`;

/** `YYYY-MM-DD` (a day in the tenant's zone) as 'Friday 4 December 2026'. */
export function dayText(isoDate: string): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat('en-AU', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date).replace(',', '');
}

/** 'Valid until Friday 4 December 2026'. */
export const validUntilText = (offer: Extract<TradeInOffer, { kind: 'estimate' }>) => `Valid until ${dayText(offer.valid_until)}`;

/** The identified car in one line: '2019 Toyota Corolla Ascent Sport'. */
export const vehicleName = (vehicle: { year: number; make: string; model: string; badge?: string | undefined }) => [vehicle.year, vehicle.make, vehicle.model, vehicle.badge].filter(Boolean).join(' ');

/** Why there is no online estimate, in the shopper's words. */
export const NO_ESTIMATE_TEXTS: Record<Extract<TradeInOffer, { kind: 'none' }>['reason'], string> = {
  over_age: "Cars of this age need a look from our team, so we can't give an online estimate.",
  over_km: "Cars with this many kilometres need a look from our team, so we can't give an online estimate.",
  no_match: "We couldn't find enough sales of cars like yours to give an online estimate.",
  unavailable: "Our online valuation isn't available right now.",
};

/** The text shown when the query names a journey edge-api does not know (expired, deleted or mistyped). */
export const JOURNEY_GONE_TEXT = 'That valuation has expired or could not be found. Please start again: it only takes a minute.';

/** Labels of the fields an error may name (the error summary's links). */
export const TRADE_IN_FIELD_LABELS: Record<string, string> = {
  rego: 'Registration',
  regoState: 'State',
  make: 'Make',
  model: 'Model',
  year: 'Year',
  badge: 'Badge',
  odometer: 'Odometer',
  name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  phone: 'Phone',
  postcode: 'Postcode',
  code: 'Code',
  terms_conditions: 'Terms',
  ...Object.fromEntries(TRADE_IN_QUESTIONS.map((q) => [answerFieldName(q.id), q.label])),
};

/**
 * Field errors as the page shows them, keyed by the form's field names: the JSON answer names condition answers as
 * `answers.<id>` or `answers` with nested keys flattened; anything else keeps its name.
 */
export function fieldErrorsOf(fields: Record<string, string> | undefined | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, message] of Object.entries(fields ?? {})) {
    const question = TRADE_IN_QUESTIONS.find((q) => name === q.id || name === `answers.${q.id}` || name === `answers[${q.id}]`);
    // A field code of the form-error catalogue (edge-api's `phone: 'sms_phone'` where the tenant verifies phones) reads as its sentence.
    const text = Object.hasOwn(FIELD_ERROR_TEXTS, message) ? FIELD_ERROR_TEXTS[message as keyof typeof FIELD_ERROR_TEXTS] : message;
    out[question ? answerFieldName(question.id) : name] = text;
  }
  return out;
}

/** The id of a field's control on the page (`ftr-<name>`), the error summary's link target. */
export const fieldDomId = (name: string) => `ftr-${name.replace(/[^a-zA-Z0-9]+/g, '-')}`;
