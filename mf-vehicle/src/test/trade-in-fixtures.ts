/**
 * Journey states for the tests: one per step, as edge-api's `GET /api/trade-in/journeys/:id` answers them, and a fake
 * of that endpoint (the unit tests' binding and the Worker tests' EDGE_API service, src/test/fake-services.ts).
 */
import * as v from 'valibot';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';
import { TRADE_IN_API, TradeInJourneyStateSchema, type TradeInJourneyState, type TradeInStep } from '@forecourt/contracts/trade-in';

/** A journey id (22 base64url characters) that names its step, so a test reads which state it asked for. */
export const fixtureJourneyId = (name: string) => name.replace(/[^A-Za-z0-9]/g, '').padEnd(22, '0').slice(0, 22);

const base = (id: string, step: TradeInStep): TradeInJourneyState => ({
  id,
  journey: 'trade-in',
  step,
  car_id: null,
  rego_masked: 'ABC•••',
  regoState: 'QLD',
  vehicle: { year: 2019, make: 'Toyota', model: 'Corolla', badge: 'Ascent Sport', body: 'Hatchback', transmission: 'Automatic', fuel: 'Petrol', source: 'rego' },
  odometer: null,
  answers: null,
  lead_id: null,
  phone_masked: null,
  offer: null,
  accepted_at: null,
  expires_at: '2026-12-27T00:00:00.000Z',
});

const ANSWERS = { accident_history: 'none', service_history: 'full', finance_owing: 'no', keys: '2', paint: 'good', interior: 'good', tyres: 'good', modifications: 'none' };
const LEAD = '6f1c2d3e-4b5a-4c6d-8e7f-901234567890';

/** One state per screen the page draws. */
export const JOURNEY_STATES = {
  /** The rego lookup found nothing: step 1 by hand. */
  notFound: { ...base(fixtureJourneyId('notFound'), 'vehicle'), vehicle: null },
  condition: base(fixtureJourneyId('condition'), 'condition'),
  contact: { ...base(fixtureJourneyId('contact'), 'contact'), odometer: 85_000, answers: ANSWERS },
  verify: { ...base(fixtureJourneyId('verify'), 'verify'), odometer: 85_000, answers: ANSWERS, lead_id: LEAD, phone_masked: '04•• ••• 678' },
  offer: {
    ...base(fixtureJourneyId('offer'), 'offer'),
    odometer: 85_000,
    answers: ANSWERS,
    lead_id: LEAD,
    offer: { kind: 'estimate', low: 18_400, high: 20_100, valid_until: '2026-12-04', provider: 'embedded' },
  },
  /** Verified, but the offer could not be made yet (the valuation failed after the details were in). */
  offerMissing: { ...base(fixtureJourneyId('offerMissing'), 'offer'), odometer: 85_000, answers: ANSWERS, lead_id: LEAD },
  noEstimate: {
    ...base(fixtureJourneyId('noEstimate'), 'offer'),
    vehicle: { year: 2009, make: 'Holden', model: 'Commodore', source: 'manual' },
    rego_masked: null,
    regoState: null,
    odometer: 230_000,
    answers: ANSWERS,
    lead_id: LEAD,
    offer: { kind: 'none', reason: 'over_age', contact_by: '2026-11-27T01:00:00.000Z' },
  },
  accepted: {
    ...base(fixtureJourneyId('accepted'), 'accepted'),
    odometer: 85_000,
    answers: ANSWERS,
    lead_id: LEAD,
    offer: { kind: 'estimate', low: 18_400, high: 20_100, valid_until: '2026-12-04', provider: 'embedded' },
    accepted_at: '2026-11-27T02:00:00.000Z',
  },
} satisfies Record<string, TradeInJourneyState>;

// The fixtures follow the contract (a schema change breaks them here, not in a page test's markup).
for (const state of Object.values(JOURNEY_STATES)) v.parse(TradeInJourneyStateSchema, state);

/** A journey id edge-api answers 500 for (edge-api failing). */
export const BROKEN_JOURNEY_ID = fixtureJourneyId('broken');

const journeyPath = new RegExp(`^${TRADE_IN_API.journey.replace(':id', '([A-Za-z0-9_-]+)')}$`);

/**
 * edge-api's journey endpoint for `tenant` only: a state of JOURNEY_STATES by id, 500 for BROKEN_JOURNEY_ID, else
 * 404. Null for any other path (the caller answers it).
 */
export function fakeTradeInJourney(request: Request, tenant: string): Response | null {
  const url = new URL(request.url);
  if (url.pathname === TRADE_IN_API.taxonomy) return request.headers.get(TENANT_HEADER) === tenant ? Response.json(fakeTaxonomy(url.searchParams)) : Response.json({ error: 'Not found.' }, { status: 404 });
  const match = journeyPath.exec(url.pathname);
  if (!match) return null;
  if (request.headers.get(TENANT_HEADER) !== tenant) return Response.json({ error: 'Not found.' }, { status: 404 });
  if (match[1] === BROKEN_JOURNEY_ID) return Response.json({ error: 'An unknown error occurred.' }, { status: 500 });
  const state = Object.values(JOURNEY_STATES).find((s) => s.id === match[1]);
  return state ? Response.json({ journey: state }) : Response.json({ error: 'This valuation has expired or could not be found. Please start again.' }, { status: 404 });
}

/** A small taxonomy (two makes) as edge-api's `GET /api/trade-in/taxonomy` answers it for the picks in `query`. */
export function fakeTaxonomy(query: URLSearchParams): { makes: string[]; models: string[]; years: number[]; badges: string[] } {
  const models: Record<string, string[]> = { Mazda: ['CX-5', 'Mazda3'], Toyota: ['Corolla', 'HiLux'] };
  const make = query.get('make') ?? '';
  const model = query.get('model') ?? '';
  const known = models[make]?.includes(model) ?? false;
  return {
    makes: Object.keys(models),
    models: models[make] ?? [],
    years: known ? [2024, 2023, 2022] : [],
    badges: known && query.get('year') ? ['Ascent Sport', 'ZR'] : [],
  };
}
