/**
 * Spin-to-win (issue 14; spec §2 `/spin-to-win`, §6 gated per site by `features.gated_spin_to_win`): a real promotion.
 * The campaign is tenant content (content.ts SpinCampaignSchema). edge-api owns the API: one spin per signed-in phone
 * per campaign, the prize drawn on the server from the campaign's odds, recorded in D1 and sent to the dealer as a lead
 * through the outbox. The shell draws the page (the wheel, the form, the result); its client only animates the answer.
 *
 *   POST /api/spin-to-win  JSON SpinRequest -> 201 SpinAnswer (a new spin) | 409 SpinAnswer + error (spun before: the
 *                          FIRST outcome again) | 401 | 404 | 409 { error } (outside the dates, campaign changed) | 429
 *                          The no-JavaScript form (urlencoded `campaign_id`) -> 303 /spin-to-win?spin=<prize id>, or
 *                          ?spin_error=<code>, or to sign-in.
 *   GET  /api/spin-to-win  -> 200 SpinStatus (the signed-in shopper's spin of the current campaign, if any) | 401 | 404
 */
import * as v from 'valibot';
import { SlugSchema } from './entities/common.ts';
import type { SpinCampaign, SpinPrize } from './content.ts';
import { todayIn } from './display.ts';

export const SPIN_API = '/api/spin-to-win';
/** The page (route table: shell page 'spin-to-win', gate 'gated_spin_to_win'). */
export const SPIN_PAGE_PATH = '/spin-to-win';
/** The sign-in page's `type` for this journey (mf-account's heading 'Sign in to spin to win'). */
export const SPIN_SIGN_IN_TYPE = 'spin-to-win';
/** After the no-JavaScript post, the page's query names the prize drawn (the page shows the recorded outcome). */
export const SPIN_RESULT_PARAM = 'spin';
/** ... or the refusal, as a code of SPIN_ERROR_TEXTS (never text from the query). */
export const SPIN_ERROR_PARAM = 'spin_error';

/** The dealer receives a win as a lead of this category, the prize's label as its subcategory. */
export const SPIN_LEAD_CATEGORY = 'Spin To Win';

/** Spins per address per 10 minutes (a showroom's Wi-Fi shares one; a script trying many sessions does not pass). */
export const SPIN_RATE_LIMIT = { limit: 20, windowMs: 10 * 60_000 } as const;

/** Every text the API answers and the page shows (codes travel in the no-JavaScript redirect). */
export const SPIN_ERROR_TEXTS = {
  sign_in: 'Please sign in to spin the wheel.',
  no_campaign: 'There is no spin-to-win promotion on this site.',
  not_started: 'This promotion has not started yet.',
  ended: 'This promotion has ended.',
  already_spun: 'You have already spun the wheel for this promotion.',
  changed: 'This promotion has changed. Please reload the page and try again.',
  rate_limited: 'Too many spins from this connection. Please try again later.',
  failed: 'The wheel could not be spun. Please try again in a moment.',
} as const;
export type SpinErrorCode = keyof typeof SPIN_ERROR_TEXTS;

/** The code of a text of the catalogue (`failed` for any other text). */
export const spinErrorCode = (text: string): SpinErrorCode =>
  (Object.keys(SPIN_ERROR_TEXTS) as SpinErrorCode[]).find((code) => SPIN_ERROR_TEXTS[code] === text) ?? 'failed';

/** The refusal a page was sent back with (`?spin_error=<code>`): a known code's text, null without one. */
export function readSpinError(params: URLSearchParams): { code: SpinErrorCode; message: string } | null {
  const raw = params.get(SPIN_ERROR_PARAM);
  if (!raw) return null;
  const code: SpinErrorCode = Object.hasOwn(SPIN_ERROR_TEXTS, raw) ? (raw as SpinErrorCode) : 'failed';
  return { code, message: SPIN_ERROR_TEXTS[code] };
}

/** `POST /api/spin-to-win`: the campaign the page showed (a page older than a change of campaign is refused, 409). */
export const SpinRequestSchema = v.object({ campaign_id: SlugSchema });
export type SpinRequest = v.InferOutput<typeof SpinRequestSchema>;

/** A prize as the shopper learns it (its odds stay on the server). */
export const SpinPrizeResultSchema = v.object({
  id: SlugSchema,
  label: v.string(),
  win: v.boolean(),
  /** How to claim it (a win's instructions); absent for a miss. */
  claim: v.optional(v.string()),
});
export type SpinPrizeResult = v.InferOutput<typeof SpinPrizeResultSchema>;

export const SpinAnswerSchema = v.object({
  campaign_id: SlugSchema,
  prize: SpinPrizeResultSchema,
  /** True when this phone had spun before: `prize` is that first outcome, nothing was drawn again. */
  already_spun: v.boolean(),
  /** The lead the dealer received for a win. */
  lead_id: v.optional(v.string()),
  /** With a refusal (409 already spun): the catalogue's text. */
  error: v.optional(v.string()),
});
export type SpinAnswer = v.InferOutput<typeof SpinAnswerSchema>;

/** `GET /api/spin-to-win`: the signed-in shopper's spin of the current campaign, null before they spin. */
export const SpinStatusSchema = v.object({ campaign_id: SlugSchema, prize: v.nullable(SpinPrizeResultSchema), lead_id: v.optional(v.string()) });
export type SpinStatus = v.InferOutput<typeof SpinStatusSchema>;

/** What a prize tells the shopper (no weight). */
export const prizeResult = (prize: SpinPrize): SpinPrizeResult => ({ id: prize.id, label: prize.label, win: prize.win, ...(prize.win && prize.claim ? { claim: prize.claim } : {}) });

/** The day `nowMs` falls on in a time zone, `YYYY-MM-DD` (an unknown zone reads as the platform's default, Brisbane). */
export const dayIn = (timeZone: string, nowMs: number): string => todayIn(timeZone, nowMs);

/** Whether a campaign takes spins on a day (its first and last days included). */
export function campaignPhase(campaign: Pick<SpinCampaign, 'starts' | 'ends'>, today: string): 'upcoming' | 'open' | 'ended' {
  if (today < campaign.starts) return 'upcoming';
  return today > campaign.ends ? 'ended' : 'open';
}

/** `2026-11-01` -> '1 November 2026' (the campaign's dates as the page and its refusals say them). */
export function campaignDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  return `${Number(d)} ${months[Number(m) - 1] ?? ''} ${y}`;
}

/** The refusal text of a campaign outside its dates, with the dates: 'This promotion has ended. It ran from ... to ....' */
export function campaignDatesText(campaign: Pick<SpinCampaign, 'starts' | 'ends'>, phase: 'upcoming' | 'ended'): string {
  return phase === 'upcoming'
    ? `${SPIN_ERROR_TEXTS.not_started} It runs from ${campaignDate(campaign.starts)} to ${campaignDate(campaign.ends)}.`
    : `${SPIN_ERROR_TEXTS.ended} It ran from ${campaignDate(campaign.starts)} to ${campaignDate(campaign.ends)}.`;
}

/**
 * What the page says of an outcome (the server's page and the client's announcement say the same).
 * @example spinOutcomeText({ label: '$50 fuel card', win: true }) // 'You won: $50 fuel card!'
 * @example spinOutcomeText({ label: 'Not this time', win: false }) // 'The wheel stopped on "Not this time": no prize this time.'
 */
export const spinOutcomeText = (prize: Pick<SpinPrizeResult, 'label' | 'win'>): string =>
  prize.win ? `You won: ${prize.label}!` : `The wheel stopped on "${prize.label}": no prize this time.`;

/**
 * The wheel's rotation (degrees, clockwise) that brings segment `index` of `count` under the pointer at the top,
 * after `turns` whole turns. Segment i spans [i, i+1) × 360/count clockwise from the top.
 * @example wheelRotation(0, 4, 2) // 1035 (two turns, then the first quarter's middle at the top)
 */
export function wheelRotation(index: number, count: number, turns: number): number {
  const step = 360 / count;
  return turns * 360 + (360 - (index + 0.5) * step);
}
