/**
 * The journey pages' one call to edge-api over the EDGE_API service binding: a journey's public state (contracts
 * INTERNAL.tradeInJourney; no contact details, the rego masked). The tenant header travels on every call.
 */
import { callInternal, type ServiceBinding } from '@forecourt/contracts/internal';
import type { TradeInJourneyState } from '@forecourt/contracts/trade-in';
import type { TradeInLists } from './view.ts';

/**
 * What edge-api said about a journey id: its state, `gone` (404: unknown or expired, so the shopper starts again) or
 * `failed` (edge-api broke or was slow: the page still offers a fresh start and the dealer's phone).
 */
export type JourneyLookup = { kind: 'found'; state: TradeInJourneyState } | { kind: 'gone' } | { kind: 'failed' };

/** `GET /api/trade-in/journeys/:id` for this tenant; never throws. */
export async function loadJourney(edge: ServiceBinding, tenant: string, id: string, timeoutMs = 2000): Promise<JourneyLookup> {
  try {
    const answer = await callInternal(edge, 'tradeInJourney', { tenant, params: { id }, timeoutMs });
    if (answer.ok) return { kind: 'found', state: answer.data.journey };
    return answer.status === 404 || answer.status === 410 ? { kind: 'gone' } : { kind: 'failed' };
  } catch (error) {
    // The id is a capability: never logged.
    console.error('mf-vehicle trade-in: edge-api call failed', error instanceof Error ? error.name : 'error');
    return { kind: 'failed' };
  }
}

/** The manual form's lists so far (edge-api's taxonomy) with the shopper's picks; null when edge-api cannot answer. */
export type TaxonomyPicks = { make?: string; model?: string; year?: string };

/**
 * `GET /api/trade-in/taxonomy` for this tenant: makes, and the models / years / badges of the picks so far, so the
 * manual form offers lists without JavaScript (the form's "Show models" reloads the page with the picks). Never throws.
 */
export async function loadTaxonomy(edge: ServiceBinding, tenant: string, picks: TaxonomyPicks, timeoutMs = 1500): Promise<TradeInLists | null> {
  const make = picks.make?.trim() || undefined;
  const model = make ? picks.model?.trim() || undefined : undefined;
  const year = model && /^\d{4}$/.test(picks.year ?? '') ? picks.year : undefined;
  try {
    const query = { ...(make ? { make } : {}), ...(model ? { model } : {}), ...(year ? { year } : {}) };
    const answer = await callInternal(edge, 'tradeInTaxonomy', { tenant, query, timeoutMs });
    if (!answer.ok) return null;
    const t = answer.data;
    // A pick the lists do not hold (typed into the address) is dropped with everything after it.
    const makeOk = make && t.makes.includes(make) ? make : '';
    const modelOk = makeOk && model && t.models.includes(model) ? model : '';
    const yearOk = modelOk && year && t.years.includes(Number(year)) ? year : '';
    return {
      makes: t.makes,
      models: makeOk ? t.models : [],
      years: modelOk ? t.years : [],
      badges: yearOk ? t.badges : [],
      make: makeOk,
      model: modelOk,
      year: yearOk,
    };
  } catch (error) {
    console.error('mf-vehicle trade-in: taxonomy call failed', error instanceof Error ? error.name : 'error');
    return null;
  }
}
