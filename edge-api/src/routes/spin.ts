/**
 * Spin-to-win (issue 14; contracts/src/spin.ts): one spin per signed-in phone per campaign, the prize drawn here from
 * the campaign's odds (never in the browser), recorded in D1 `spins` and, for a win, sent to the dealer as a lead
 * through the outbox (category 'Spin To Win', the prize as subcategory) and texted to the winner (the SMS port).
 *   POST /api/spin-to-win  JSON { campaign_id } or the no-JS form -> 201 SpinAnswer | 409 SpinAnswer (spun before: the
 *                          first outcome, never a second draw) | 401 | 404 | 409 { error } | 429 | 303 (form)
 *   GET  /api/spin-to-win  -> 200 SpinStatus | 401 | 404
 * The phone is the session's, never the body's. Logs name the tenant and the error only, never a phone.
 */
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import * as v from 'valibot';
import type { SpinCampaign, SpinPrize } from '@forecourt/contracts/content';
import { withQueryParams } from '@forecourt/contracts/redirects';
import { SESSION_COOKIE, signInPath } from '@forecourt/contracts/routes';
import type { SessionUser } from '@forecourt/contracts/sign-in';
import {
  SPIN_API, SPIN_ERROR_PARAM, SPIN_ERROR_TEXTS, SPIN_LEAD_CATEGORY, SPIN_PAGE_PATH, SPIN_RESULT_PARAM, SPIN_SIGN_IN_TYPE, SpinRequestSchema,
  campaignDatesText, campaignPhase, dayIn, prizeResult, type SpinAnswer, type SpinErrorCode, type SpinPrizeResult, type SpinStatus,
} from '@forecourt/contracts/spin';
import type { AppEnv } from '../types.ts';
import { findSession } from '../auth/session.ts';
import { derivedId, describeError, executionCtxOf, readBody } from '../leads/http.ts';
import { RATE_LIMITS, clientIp, hitRateLimits, scopedHash } from '../leads/rate-limit.ts';
import { findLead, type SpinDocument } from '../leads/store.ts';
import { storeLead, type LeadContext } from '../leads/submit.ts';
import { jsonError } from '../lib/http.ts';
import { tenantStore } from '../lib/tenant.ts';
import { drawPrize, secureRandomInt, type RandomInt } from '../spin/draw.ts';
import { selectSms } from '../ports/sms/select.ts';

export type SpinRoutesOptions = {
  now?: () => number;
  /** The draw's randomness (tests); crypto.getRandomValues by default. */
  random?: RandomInt;
};

type SpinRow = { campaign_id: string; prize_id: string; prize_label: string; won: number; lead_id: string | null; created_at: number };

const path = (full: string) => full.replace(/^\/api/, '');

/** How a spin names its phone: SHA-256 of the tenant and the phone (no contact details in `spins`). */
export const spinPhoneKey = (tenant: string, phone: string) => scopedHash(tenant, phone);

/** The shopper's spin of a campaign, or null. */
export const findSpin = async (db: D1Database, tenant: string, campaignId: string, phone: string) =>
  db.prepare('SELECT campaign_id, prize_id, prize_label, won, lead_id, created_at FROM spins WHERE tenant = ? AND campaign_id = ? AND phone_hash = ?')
    .bind(tenant, campaignId, await spinPhoneKey(tenant, phone))
    .first<SpinRow>();

/** A recorded spin as the shopper learns it: the campaign's prize when it still has it, else what was recorded. */
export function recordedPrize(campaign: SpinCampaign, row: SpinRow): SpinPrizeResult {
  // What was drawn stands (label and win as recorded, whatever the campaign says now); only how to claim is current.
  const claim = campaign.prizes.find((p) => p.id === row.prize_id)?.claim;
  return { id: row.prize_id, label: row.prize_label, win: row.won === 1, ...(row.won === 1 && claim ? { claim } : {}) };
}

/** Prizes that can still be drawn: those without a quantity, and those with fewer spins recorded than their quantity. */
export async function availablePrizes(db: D1Database, tenant: string, campaign: SpinCampaign): Promise<SpinPrize[]> {
  if (!campaign.prizes.some((p) => p.quantity !== undefined)) return campaign.prizes;
  const { results } = await db
    .prepare('SELECT prize_id, COUNT(*) AS n FROM spins WHERE tenant = ? AND campaign_id = ? GROUP BY prize_id')
    .bind(tenant, campaign.id)
    .all<{ prize_id: string; n: number }>();
  const given = new Map(results.map((r) => [r.prize_id, r.n]));
  return campaign.prizes.filter((p) => p.quantity === undefined || (given.get(p.id) ?? 0) < p.quantity);
}

/** The lead a win sends the dealer: the session's contact, the prize as subcategory, the campaign beside it. */
export function spinLeadDocument(leadId: string, campaign: SpinCampaign, prize: SpinPrize, user: SessionUser, now: number): SpinDocument {
  const claim = prize.claim ?? null;
  return {
    lead_id: leadId,
    category: SPIN_LEAD_CATEGORY,
    subcategory: prize.label,
    payload: {
      category: SPIN_LEAD_CATEGORY,
      subcategory: prize.label,
      phone: user.phone,
      ...(user.first_name ? { name: user.first_name } : {}),
      ...(user.last_name ? { last_name: user.last_name } : {}),
      ...(user.email ? { email: user.email } : {}),
      message: `Won "${prize.label}" in the spin-to-win promotion "${campaign.title}".${claim ? ` Claim: ${claim}` : ''}`,
    },
    userData: null,
    parent_lead_id: null,
    flagged: false,
    spam_reason: null,
    spin: { campaign_id: campaign.id, campaign_title: campaign.title, prize_id: prize.id, prize_label: prize.label, claim, spun_at: now },
    received_at: now,
  };
}

/** Keeps the winner's text within three SMS segments whatever the campaign's wording. */
const MAX_WIN_TEXT = 450;

/**
 * The text a winner is sent (the campaign's terms promise one): the prize, the promotion and how to claim it.
 * @example winText('Harbourside Toyota', campaign, prize) // 'Harbourside Toyota: you won $50 fuel card in Summer Spin. Collect it ...'
 */
export function winText(siteName: string, campaign: Pick<SpinCampaign, 'title'>, prize: Pick<SpinPrize, 'label' | 'claim'>): string {
  const text = `${siteName.trim()}: you won ${prize.label} in ${campaign.title}. ${prize.claim ?? 'We will call you to arrange it.'}`;
  return text.length > MAX_WIN_TEXT ? `${text.slice(0, MAX_WIN_TEXT - 1).trimEnd()}…` : text;
}

export function createSpinRoutes(options: SpinRoutesOptions = {}) {
  const now = () => (options.now ?? Date.now)();
  const random = options.random ?? ((bound: number) => secureRandomInt(bound));
  const leadContext = (c: Context<AppEnv>, at: number): LeadContext => ({ env: c.env, ctx: executionCtxOf(c), tenant: c.get('tenant'), site: c.get('siteConfig'), headers: c.req.raw.headers, now: at });

  /** Writes a win's lead (idempotent: its id derives from tenant, campaign and phone); a no-op once it exists. */
  async function ensureLead(c: Context<AppEnv>, campaign: SpinCampaign, prize: SpinPrize | undefined, leadId: string, user: SessionUser, at: number): Promise<void> {
    if (!prize || (await findLead(c.env.DB, c.get('tenant'), leadId))) return;
    await storeLead(leadContext(c, at), {
      tenant: c.get('tenant'),
      doc: spinLeadDocument(leadId, campaign, prize, user, at),
      carId: null,
      contactPhone: user.phone,
      contactEmail: user.email ? user.email.toLowerCase() : null,
      ipHash: null,
      // No spec §7 analytics id is a spin.
      eventId: null,
      page: SPIN_PAGE_PATH,
    });
    // The winner's text goes with the lead: once, by whichever request wrote it (also a retry after a lost lead).
    // After the answer; a failure is logged only: the prize is on screen and with the dealer.
    const tenant = c.get('tenant');
    const text = (async () => {
      try {
        await selectSms(c.env).send({ tenant, to: user.phone, body: winText(c.get('siteConfig').name, campaign, prize) });
      } catch (err) {
        console.error(`edge-api spin-to-win: winner's text not sent for tenant ${tenant}: ${describeError(err)}`);
      }
    })();
    const ctx = executionCtxOf(c);
    if (ctx) ctx.waitUntil(text);
    else await text;
  }

  /** The campaign and the signed-in shopper, or the refusal (404 no campaign, 401 signed out). */
  async function campaignAndUser(c: Context<AppEnv>): Promise<{ campaign: SpinCampaign; user: SessionUser } | { status: 401 | 404; code: SpinErrorCode }> {
    const campaign = (await tenantStore(c.env.CONFIG).content(c.get('tenant'))).spin;
    if (!campaign) return { status: 404, code: 'no_campaign' };
    const user = await findSession(c.env.DB, c.get('tenant'), getCookie(c, SESSION_COOKIE), now());
    if (!user) return { status: 401, code: 'sign_in' };
    return { campaign, user };
  }

  return new Hono<AppEnv>()
    .get(path(SPIN_API), async (c) => {
      const found = await campaignAndUser(c);
      if ('status' in found) return jsonError(c, found.status, SPIN_ERROR_TEXTS[found.code]);
      const row = await findSpin(c.env.DB, c.get('tenant'), found.campaign.id, found.user.phone);
      return c.json<SpinStatus>({ campaign_id: found.campaign.id, prize: row ? recordedPrize(found.campaign, row) : null, ...(row?.lead_id ? { lead_id: row.lead_id } : {}) });
    })
    .post(path(SPIN_API), async (c) => {
      const body = await readBody(c, { form: true });
      if (!body.ok) return jsonError(c, body.status, body.error);
      const isForm = body.kind === 'form';
      const tenant = c.get('tenant');
      const db = c.env.DB;
      /** JSON for scripts, a 303 back to the page with the refusal's code for the no-JavaScript form. */
      const refuse = (status: 400 | 401 | 404 | 409 | 429 | 503, code: SpinErrorCode, text: string = SPIN_ERROR_TEXTS[code]) =>
        isForm ? c.redirect(withQueryParams(SPIN_PAGE_PATH, { [SPIN_ERROR_PARAM]: code }), 303) : c.json({ error: text }, status);
      const answer = (result: SpinAnswer, status: 201 | 409) =>
        isForm
          ? c.redirect(withQueryParams(SPIN_PAGE_PATH, { [SPIN_RESULT_PARAM]: result.prize.id, [SPIN_ERROR_PARAM]: result.already_spun ? 'already_spun' : null }), 303)
          : c.json<SpinAnswer>(result, status);

      const found = await campaignAndUser(c);
      if ('status' in found) {
        if (found.status === 401 && isForm) return c.redirect(signInPath(SPIN_SIGN_IN_TYPE, SPIN_PAGE_PATH), 303);
        return refuse(found.status, found.code);
      }
      const { campaign, user } = found;
      const parsed = v.safeParse(SpinRequestSchema, isForm ? Object.fromEntries(body.form) : body.value);
      if (!parsed.success) return isForm ? refuse(400, 'changed') : jsonError(c, 400, 'Invalid request: campaign_id is required.');
      // The page showed another campaign (the tenant changed it since): the shopper should see this one first.
      if (parsed.output.campaign_id !== campaign.id) return refuse(409, 'changed');

      const at = now();
      /** The first outcome again, with its lead made sure of (a request that died between the two writes left none). */
      const alreadySpun = async (row: SpinRow) => {
        if (row.won === 1 && row.lead_id) {
          try {
            await ensureLead(c, campaign, campaign.prizes.find((p) => p.id === row.prize_id), row.lead_id, user, row.created_at);
          } catch (err) {
            console.error(`edge-api spin-to-win: lead of an earlier win not written for tenant ${tenant}: ${describeError(err)}`);
          }
        }
        return answer({ campaign_id: campaign.id, prize: recordedPrize(campaign, row), already_spun: true, ...(row.lead_id ? { lead_id: row.lead_id } : {}), error: SPIN_ERROR_TEXTS.already_spun }, 409);
      };

      // Spun before: the first outcome, before the dates or the limits could refuse it.
      const earlier = await findSpin(db, tenant, campaign.id, user.phone);
      if (earlier) return alreadySpun(earlier);

      // The campaign's dates are whole days in the tenant's time zone, the first and last included.
      const phase = campaignPhase(campaign, dayIn(c.get('siteConfig').time_zone, at));
      if (phase !== 'open') return refuse(409, phase === 'upcoming' ? 'not_started' : 'ended', campaignDatesText(campaign, phase));

      const limited = await hitRateLimits(db, tenant, [[RATE_LIMITS.spinIp, clientIp(c.req.raw.headers)]], at);
      if (!limited.ok) {
        c.header('retry-after', String(limited.retryAfterSeconds));
        return refuse(429, 'rate_limited');
      }

      // The draw: among the prizes not yet all won (the terms' prize pool, `quantity`). The insert checks the count in
      // the same statement, so two spins cannot both take the last of a prize; the loser draws again without it.
      // The UNIQUE (tenant, campaign_id, phone_hash) key decides between simultaneous spins of one phone: only one
      // insert lands, the other request reads that row back and answers its outcome (its own draw is never shown).
      const phoneKey = await spinPhoneKey(tenant, user.phone);
      let pool = await availablePrizes(db, tenant, campaign);
      let prize: SpinPrize | null = null;
      let leadId: string | null = null;
      while (pool.some((p) => p.weight > 0)) {
        const drawn = drawPrize(pool, random);
        const drawnLead = drawn.win ? await derivedId('spin-to-win', tenant, campaign.id, user.phone) : null;
        const inserted = await db
          .prepare(
            `INSERT INTO spins (tenant, campaign_id, phone_hash, prize_id, prize_label, won, lead_id, created_at)
             SELECT ?, ?, ?, ?, ?, ?, ?, ?
             WHERE ?9 IS NULL OR (SELECT COUNT(*) FROM spins WHERE tenant = ?1 AND campaign_id = ?2 AND prize_id = ?4) < ?9
             ON CONFLICT (tenant, campaign_id, phone_hash) DO NOTHING`,
          )
          .bind(tenant, campaign.id, phoneKey, drawn.id, drawn.label, drawn.win ? 1 : 0, drawnLead, at, drawn.quantity ?? null)
          .run();
        if (inserted.meta.changes === 1) {
          prize = drawn;
          leadId = drawnLead;
          break;
        }
        const first = await findSpin(db, tenant, campaign.id, user.phone);
        if (first) return alreadySpun(first);
        // The last of that prize went to someone else meanwhile.
        pool = pool.filter((p) => p.id !== drawn.id);
      }
      if (!prize) return refuse(503, 'failed');
      if (leadId) {
        try {
          await ensureLead(c, campaign, prize, leadId, user, at);
        } catch (err) {
          // The spin stands (recorded with its lead id): the shopper's next request answers it and writes the lead.
          console.error(`edge-api spin-to-win: lead of a win not written for tenant ${tenant}: ${describeError(err)}`);
          return refuse(503, 'failed');
        }
      }
      return answer({ campaign_id: campaign.id, prize: prizeResult(prize), already_spun: false, ...(leadId ? { lead_id: leadId } : {}) }, 201);
    });
}

/** The routes as edge-api mounts them: `app.route('/api', spinRoutes)`. */
export const spinRoutes = createSpinRoutes();
