/**
 * Memory of a paid geocoding provider's answers in D1 `geocode_answers` (migration 0012): 30 days per tenant and
 * normalised query, "nothing found" included; a provider failure is not kept (the next search asks again). Modelled on
 * src/lib/provider-cache.ts; rows past the window are deleted by the write that replaces one of the same tenant, so the
 * table stays bounded without the cron.
 */
import * as v from 'valibot';
import { GeocodeAnswerSchema, type GeocodeAnswer } from '@forecourt/contracts/internal';
import { normalisePlace } from '../../lib/au/localities.ts';
import type { GeocodeRequest } from './port.ts';

/** How long an answer is reused: places do not move, and a month keeps the provider's bill to one lookup per place. */
export const GEOCODE_ANSWER_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The row key of a lookup: its kind and the place as compared ('suburb:mt gravatt qld'), at most 100 characters. */
export const geocodeKey = (request: Pick<GeocodeRequest, 'kind' | 'q'>) => `${request.kind}:${normalisePlace(request.q)}`.slice(0, 100);

/** The kept answer of this lookup, else asks `lookUp` and keeps what it answers (null included); its throw is not kept. */
export async function rememberedGeocode(db: D1Database, tenant: string, request: Pick<GeocodeRequest, 'kind' | 'q'>, lookUp: () => Promise<GeocodeAnswer | null>, now = Date.now()): Promise<GeocodeAnswer | null> {
  const key = geocodeKey(request);
  const hit = await db
    .prepare('SELECT answer FROM geocode_answers WHERE tenant = ? AND query_key = ? AND fetched_at > ?')
    .bind(tenant, key, now - GEOCODE_ANSWER_TTL_MS)
    .first<{ answer: string | null }>();
  if (hit) {
    if (hit.answer === null) return null;
    const kept = v.safeParse(GeocodeAnswerSchema, JSON.parse(hit.answer));
    // A row written under an older contract is asked again rather than answered.
    if (kept.success) return kept.output;
  }
  const answer = await lookUp();
  try {
    await db.batch([
      db
        .prepare('INSERT INTO geocode_answers (tenant, query_key, answer, fetched_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (tenant, query_key) DO UPDATE SET answer = ?3, fetched_at = ?4')
        .bind(tenant, key, answer === null ? null : JSON.stringify(answer), now),
      db.prepare('DELETE FROM geocode_answers WHERE tenant = ? AND fetched_at <= ?').bind(tenant, now - GEOCODE_ANSWER_TTL_MS),
    ]);
  } catch (error) {
    // The provider answered (and was paid): a failed write only means the next search asks again.
    console.error(`edge-api geocode_answers: answer not kept for ${tenant}: ${error instanceof Error ? error.message : 'error'}`);
  }
  return answer;
}
