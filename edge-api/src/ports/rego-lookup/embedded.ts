/**
 * The embedded rego lookup (REGO_LOOKUP_ADAPTER=embedded, the default): no provider, deterministic. A registration and
 * its state map by a stable hash (SHA-256) onto a model and badge of the trade-in taxonomy (the demo stock
 * catalogue) and an age of 1 to 6 years, so the same rego always names the same car in a given year and every demo
 * tenant gives it an online estimate. Regos that answer otherwise, so each path of the journey can be tried:
 *   - starting with 'X'   -> not found (null): the "enter it by hand" path;
 *   - starting with 'ZZ'  -> the lookup fails (RegoLookupUnavailableError): the "lookup unavailable" path;
 *   - starting with 'OLD' -> a car 12 years old: over every demo dealer's age limit (no online estimate, 'over_age');
 *   - starting with 'NM'  -> a car the embedded valuation finds no match for (offer 'no_match');
 *   - starting with 'VF'  -> a car whose embedded valuation fails (offer 'unavailable').
 */
import type { TradeInVehicle } from '@forecourt/contracts/trade-in';
import { TAXONOMY, modelYears } from '../../trade-in/taxonomy.ts';
import { RegoLookupUnavailableError, type RegoLookupPort, type RegoLookupRequest } from './port.ts';

/** Prefixes with a fixed answer (module comment). */
export const EMBEDDED_REGO_PATTERNS = { notFound: 'X', unavailable: 'ZZ', old: 'OLD', noMatch: 'NM', valuationFails: 'VF' } as const;
/** The provider ids the embedded valuation answers null for / fails on (set by the 'NM' and 'VF' regos). */
export const EMBEDDED_NO_MATCH_ID = 'embedded:no-match';
export const EMBEDDED_FAILING_ID = 'embedded:fails';
/** The age of an 'OLD' rego's car. */
export const EMBEDDED_OLD_AGE_YEARS = 12;

/** Four 32-bit numbers from SHA-256 of the rego and state: the same input always gives the same car. */
async function hashWords(rego: string, state: string): Promise<Uint32Array> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`rego\u0000${state}\u0000${rego}`));
  return new Uint32Array(digest.slice(0, 16));
}

export class EmbeddedRegoLookup implements RegoLookupPort {
  constructor(private readonly now: () => number = Date.now) {}

  async lookup({ rego, state }: RegoLookupRequest): Promise<TradeInVehicle | null> {
    const p = EMBEDDED_REGO_PATTERNS;
    if (rego.startsWith(p.notFound)) return null;
    if (rego.startsWith(p.unavailable)) throw new RegoLookupUnavailableError('embedded rego lookup: a failing registration (ZZ...)');
    const [a = 0, b = 0, c = 0] = await hashWords(rego, state);
    const currentYear = new Date(this.now()).getUTCFullYear();
    const age = rego.startsWith(p.old) ? EMBEDDED_OLD_AGE_YEARS : 1 + (b % 6);
    const wanted = currentYear - age;
    // Models sold in the wanted year; without any (none that old), the oldest years there are.
    const sold = TAXONOMY.filter((m) => modelYears(m, currentYear).includes(wanted));
    const pool = sold.length > 0 ? sold : TAXONOMY;
    const model = pool[a % pool.length]!;
    const years = modelYears(model, currentYear);
    const year = years.includes(wanted) ? wanted : years[years.length - 1] ?? model.from;
    const [badge] = model.badges[c % model.badges.length] ?? [''];
    const providerId = rego.startsWith(p.noMatch) ? EMBEDDED_NO_MATCH_ID : rego.startsWith(p.valuationFails) ? EMBEDDED_FAILING_ID : `embedded:${TAXONOMY.indexOf(model)}`;
    return {
      year,
      make: model.make,
      model: model.model,
      ...(badge ? { badge } : {}),
      body: model.body,
      transmission: model.transmission,
      fuel: model.fuel,
      provider_id: providerId,
      source: 'rego',
    };
  }
}
