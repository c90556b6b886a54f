/**
 * The spin-to-win page (issue 14; route `/spin-to-win`, gated per site by `features.gated_spin_to_win`): the tenant's
 * campaign (content `spin`) as a wheel with its prizes, dates and terms. The prize is drawn by edge-api, never here or
 * in the browser: signed out, the page links to sign-in; signed in, it is a form that POSTs to `/api/spin-to-win` (no
 * JavaScript: edge-api's 303 comes back with `?spin=<prize>`), and the client module (client/spin.ts) posts it as JSON
 * and turns the wheel to the answer. Whatever the query says, the outcome shown is the one edge-api recorded.
 * A tenant without a campaign has no such page (404). A content page at `/spin-to-win` frames the wheel (its
 * 'spin-to-win' block); without one the page is the campaign's title and the wheel.
 */
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { pageAt, type SpinCampaign } from '@forecourt/contracts/content';
import { callInternal, type ServiceBinding } from '@forecourt/contracts/internal';
import { signInPath } from '@forecourt/contracts/routes';
import {
  SPIN_API, SPIN_PAGE_PATH, SPIN_SIGN_IN_TYPE, campaignDate, campaignDatesText, campaignPhase, dayIn, readSpinError, spinOutcomeText, type SpinPrizeResult,
} from '@forecourt/contracts/spin';
import { contentPage } from './content-pages.ts';
import { SESSION_CHECK_TIMEOUT_MS } from './gate.ts';
import { breadcrumbs, notFoundPage, type ShellPage } from './pages.ts';
import { SPIN_IDS } from './spin-ids.ts';
import type { Tenant } from './tenant.ts';

/** What the page knows of the shopper: signed in or not, and their recorded spin ('unknown' when edge-api cannot say). */
export type SpinShopper =
  | { signedIn: false }
  | { signedIn: true; outcome: SpinPrizeResult | null | 'unknown' };

export type SpinPageOptions = {
  query?: URLSearchParams;
  origin?: string;
  now?: number;
  /** edge-api (the shopper's recorded spin) and the request's cookie header; signed out when `signedIn` is false. */
  edge?: ServiceBinding;
  cookie?: string;
  signedIn?: boolean;
};

/** A label longer than this is broken over two lines on the wheel (the list beside it holds every label in full). */
const WHEEL_LINE = 14;

/**
 * The shopper's recorded spin, asked of edge-api with their cookie (1.5 s at most): signed out on a 401 (a dead or
 * foreign session), 'unknown' when edge-api cannot say (the form still works: edge-api answers the first outcome).
 */
export async function spinShopper(tenant: string, options: Pick<SpinPageOptions, 'edge' | 'cookie' | 'signedIn'>): Promise<SpinShopper> {
  if (!options.signedIn || !options.edge) return { signedIn: false };
  try {
    const answer = await callInternal(options.edge, 'spin', { tenant, headers: { cookie: options.cookie ?? '' }, timeoutMs: SESSION_CHECK_TIMEOUT_MS });
    if (answer.ok) return { signedIn: true, outcome: answer.data.prize };
    return answer.status === 401 ? { signedIn: false } : { signedIn: true, outcome: 'unknown' };
  } catch {
    return { signedIn: true, outcome: 'unknown' };
  }
}

/** The `/spin-to-win` page: 404 without a campaign; the content page at that path framing the wheel, or the wheel alone. */
export async function spinToWinPage(tenant: Tenant, options: SpinPageOptions = {}): Promise<ShellPage> {
  const campaign = tenant.content.spin;
  if (!campaign) return notFoundPage(tenant);
  const query = options.query ?? new URLSearchParams();
  const shopper = await spinShopper(tenant.config.slug, options);
  const today = dayIn(tenant.config.time_zone, options.now ?? Date.now());
  const framed = pageAt(tenant.content, SPIN_PAGE_PATH);
  if (framed) {
    const wheel = String(await spinWheel(campaign, { shopper, query, today, heading: 'h2' }));
    // The wheel goes where the page's 'spin-to-win' block is; a page without that block gets it at the end.
    const blocks = framed.blocks.some((b) => b.type === 'spin-to-win') ? framed.blocks : [...framed.blocks, { type: 'spin-to-win' as const }];
    const pages = tenant.content.pages.map((p) => (p === framed ? { ...p, blocks } : p));
    return contentPage({ ...tenant, content: { ...tenant.content, pages } }, SPIN_PAGE_PATH, query, { ...(options.origin ? { origin: options.origin } : {}), spin: wheel });
  }
  const body = await html`<article class="fc-content fc-content--wide">
${breadcrumbs([{ label: campaign.title }])}
${spinWheel(campaign, { shopper, query, today, heading: 'h1' })}
</article>`;
  return {
    status: 200,
    head: { title: `${campaign.title} | ${tenant.config.name}`, description: `${campaign.title}: spin the wheel once for a prize from ${tenant.config.name}.` },
    body: String(body),
  };
}

type WheelOptions = { shopper: SpinShopper; query: URLSearchParams; today: string; heading: 'h1' | 'h2' };

/**
 * The wheel block: the campaign's title and dates, the wheel (decorative SVG; the prize list beside it says the same),
 * what the shopper can do now (sign in, spin, or their outcome), the live region the client announces into, the terms.
 */
export function spinWheel(campaign: SpinCampaign, { shopper, query, today, heading }: WheelOptions): Promise<HtmlEscapedString> | HtmlEscapedString {
  const phase = campaignPhase(campaign, today);
  const outcome = shopper.signedIn && shopper.outcome !== 'unknown' ? shopper.outcome : null;
  const refusal = readSpinError(query);
  // A refusal the page already says (the outcome of an earlier spin, the dates of a closed campaign) is not repeated.
  const said = (refusal?.code === 'already_spun' && outcome) || ((refusal?.code === 'not_started' || refusal?.code === 'ended') && phase !== 'open');
  const notice = refusal && !said ? refusal.message : null;
  const title = heading === 'h1' ? html`<h1 id="${SPIN_IDS.section}-title">${campaign.title}</h1>` : html`<h2 id="${SPIN_IDS.section}-title">${campaign.title}</h2>`;
  const index = outcome ? campaign.prizes.findIndex((p) => p.id === outcome.id) : -1;
  return html`<section class="fc-spin" id="${SPIN_IDS.section}" aria-labelledby="${SPIN_IDS.section}-title" data-spin-campaign="${campaign.id}">
${title}
<p class="fc-spin__dates">${phase === 'open' ? `Spin once between ${campaignDate(campaign.starts)} and ${campaignDate(campaign.ends)}.` : campaignDatesText(campaign, phase)}</p>
<div class="fc-spin__layout">
<div class="fc-spin__stage">${wheelSvg(campaign, index)}</div>
<div class="fc-spin__panel">
<h${heading === 'h1' ? '2' : '3'} class="fc-spin__prizes-title" id="${SPIN_IDS.section}-prizes">Prizes on the wheel</h${heading === 'h1' ? '2' : '3'}>
<ul class="fc-spin__prizes" aria-labelledby="${SPIN_IDS.section}-prizes">${campaign.prizes.map((p) => html`<li${p.win ? '' : raw(' class="fc-spin__miss"')}>${p.label}</li>`)}</ul>
${notice ? html`<p class="fc-spin__notice" role="alert">${notice}</p>` : ''}
${action(campaign, shopper, phase, outcome)}
<div class="fc-spin__result" id="${SPIN_IDS.result}" role="status" aria-live="polite" tabindex="-1">${outcome ? outcomeHtml(outcome, refusal?.code === 'already_spun') : ''}</div>
<p class="fc-spin__terms"><a href="${campaign.terms_href}">Terms and conditions of this promotion</a></p>
</div>
</div>
</section>`;
}

/** What the shopper can do: sign in, spin (a plain form: works without JavaScript), or nothing (spun, closed). */
function action(campaign: SpinCampaign, shopper: SpinShopper, phase: 'upcoming' | 'open' | 'ended', outcome: SpinPrizeResult | null) {
  if (outcome || phase !== 'open') return '';
  if (!shopper.signedIn) {
    return html`<p class="fc-spin__action">One spin per mobile number: sign in with yours to spin.</p>
<p><a class="fc-btn fc-btn--primary" href="${signInPath(SPIN_SIGN_IN_TYPE, SPIN_PAGE_PATH)}">Sign in to spin</a></p>`;
  }
  return html`<form class="fc-spin__form" id="${SPIN_IDS.form}" method="post" action="${SPIN_API}" data-spin-form>
<input type="hidden" name="campaign_id" value="${campaign.id}">
<p class="fc-spin__action">You have one spin. The prize is drawn when you press the button.</p>
<button class="fc-btn fc-btn--primary" type="submit">Spin the wheel</button>
</form>`;
}

/** The outcome as the result region shows it (the client builds the same from contracts' spinOutcomeText). */
function outcomeHtml(prize: SpinPrizeResult, again: boolean) {
  return html`${again ? html`<p>You have already spun the wheel for this promotion.</p>` : ''}<p class="fc-spin__outcome">${spinOutcomeText(prize)}</p>${prize.claim ? html`<p>${prize.claim}</p>` : ''}`;
}

/**
 * A label split at words into at most `maxLines` lines of about WHEEL_LINE characters, the last one cut with an
 * ellipsis when the label is longer (the prize list beside the wheel holds every label in full).
 */
export function wheelLines(label: string, maxLines = 2): string[] {
  const cut = (text: string) => (text.length > WHEEL_LINE ? `${text.slice(0, WHEEL_LINE - 1).trimEnd()}…` : text);
  const words = label.trim().split(/\s+/);
  const lines: string[] = [];
  while (words.length && lines.length < maxLines) {
    if (lines.length === maxLines - 1) {
      lines.push(cut(words.join(' ')));
      break;
    }
    let line = words.shift()!;
    while (words.length && `${line} ${words[0]}`.length <= WHEEL_LINE) line = `${line} ${words.shift()}`;
    lines.push(cut(line));
  }
  return lines;
}

const R = 96;
const point = (deg: number, r = R) => {
  const rad = (deg * Math.PI) / 180;
  return `${(r * Math.sin(rad)).toFixed(2)} ${(-r * Math.cos(rad)).toFixed(2)}`;
};

/**
 * The wheel: one segment per prize, clockwise from the top, in two tints close to the page background (passing
 * segments are no flash, WCAG 2.3.1), each labelled along its radius. Decorative for assistive technology: the prize
 * list and the result region carry the same information as text. `index` turns a known outcome under the pointer.
 */
function wheelSvg(campaign: SpinCampaign, index: number) {
  const n = campaign.prizes.length;
  const step = 360 / n;
  const rest = index >= 0 ? 360 - (index + 0.5) * step : 0;
  return html`<svg class="fc-spin__svg" viewBox="-100 -100 200 200" width="360" height="360" aria-hidden="true" focusable="false">
<g class="fc-spin__wheel" id="${SPIN_IDS.wheel}" data-prizes="${campaign.prizes.map((p) => p.id).join(' ')}" style="transform:rotate(${rest}deg)">
${campaign.prizes.map((prize, i) => {
  const a0 = i * step;
  const mid = a0 + step / 2;
  const lines = wheelLines(prize.label, n <= 8 ? 3 : 2);
  // Along the radius, read from the rim inwards, and upright on both halves of the wheel (at rest).
  const left = mid > 180;
  // Ends short of the rim, clear of the pointer (its tip is at radius 82).
  const x = left ? -78 : 78;
  const first = `${(0.35 - (lines.length - 1) * 0.55).toFixed(2)}em`;
  return html`<path class="fc-spin__seg fc-spin__seg--${i % 2 ? 'b' : 'a'}${n % 2 && i === n - 1 ? ' fc-spin__seg--c' : ''}" d="M0 0 L${point(a0)} A${R} ${R} 0 ${step > 180 ? 1 : 0} 1 ${point(a0 + step)} Z"/>
<g transform="rotate(${(left ? mid + 90 : mid - 90).toFixed(2)})"><text class="fc-spin__label" x="${x}" y="0" text-anchor="${left ? 'start' : 'end'}">${lines.map((line, l) => html`<tspan x="${x}" dy="${l === 0 ? first : '1.1em'}">${line}</tspan>`)}</text></g>`;
})}
<circle class="fc-spin__hub" r="14"/>
</g>
<path class="fc-spin__pointer" d="M-9 -100 L9 -100 L0 -82 Z"/>
</svg>`;
}
