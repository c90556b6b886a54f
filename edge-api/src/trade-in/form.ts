/**
 * The trade-in journey's plain forms (no JavaScript): flat `application/x-www-form-urlencoded` fields become the
 * contracts' JSON request shapes, and every answer is a 303 back to the form's `return` page (a journey page of this
 * site only, contracts TRADE_IN_PAGE_PATHS, with its own query kept) plus `journey=<id>` and, on failure, the
 * form-error catalogue's codes (`trade_in_error`, `trade_in_error_fields`).
 */
import { formErrorParams } from '@forecourt/contracts/form-errors';
import { pathOfPageUrl, withQueryParams } from '@forecourt/contracts/redirects';
import { TRADE_IN_PAGE_PATHS, TRADE_IN_QUESTIONS, type TradeInJourneyKind } from '@forecourt/contracts/trade-in';

/** The query parameter of the journey's id on the pages. */
export const JOURNEY_QUERY_PARAM = 'journey';

const blank = (value: string | null) => (value === null || value.trim() === '' ? undefined : value);

/** The page a form returns to: its `return` field when that is a journey page of this site, else the kind's page. */
export function returnPath(form: URLSearchParams, kind?: string | null): string {
  const path = pathOfPageUrl(form.get('return'));
  if (path) {
    const pathname = new URL(path, 'https://same.invalid').pathname.replace(/\/+$/, '') || '/';
    if ((TRADE_IN_PAGE_PATHS as readonly string[]).includes(pathname)) return path;
  }
  return kind === 'sell-my-car' ? '/sell-my-car' : '/trade-in';
}

/** Where a form's 303 goes: the return page with the journey id (when there is one) and the error codes or none. */
export function formLocation(form: URLSearchParams, kind: TradeInJourneyKind | string | null, journeyId: string | null, failure: { error: string; fields?: Record<string, string> } | null): string {
  const errors = failure ? formErrorParams('tradeIn', failure.error, failure.fields ?? {}) : formErrorParams('tradeIn', '', {});
  if (!failure) for (const key of Object.keys(errors)) errors[key] = null;
  return withQueryParams(returnPath(form, kind), { ...(journeyId ? { [JOURNEY_QUERY_PARAM]: journeyId } : {}), ...errors });
}

/** Step 1 by rego: `journey`, `car_id`, `rego`, `regoState`. */
export const startFields = (form: URLSearchParams) => ({
  journey: form.get('journey') ?? undefined,
  car_id: blank(form.get('car_id')),
  rego: form.get('rego') ?? undefined,
  regoState: blank(form.get('regoState')),
});

/** Step 1 by hand: `journey`, `car_id`, `year`, `make`, `model`, `badge` (and `id`, the journey corrected). */
export const vehicleFields = (form: URLSearchParams) => ({
  journey: form.get('journey') ?? undefined,
  car_id: blank(form.get('car_id')),
  year: form.get('year') ?? undefined,
  make: form.get('make') ?? undefined,
  model: form.get('model') ?? undefined,
  badge: blank(form.get('badge')),
});

/** Step 2: `odometer` and each question as `answers.<id>` (or its bare id). */
export const conditionFields = (form: URLSearchParams) => ({
  odometer: form.get('odometer') ?? undefined,
  answers: Object.fromEntries(
    TRADE_IN_QUESTIONS.map((q) => [q.id, form.get(`answers.${q.id}`) ?? form.get(q.id) ?? undefined]).filter(([, value]) => value !== undefined),
  ),
});
