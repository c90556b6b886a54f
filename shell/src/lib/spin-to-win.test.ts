import { describe, expect, it } from 'vitest';
import type { ContentPage, SpinCampaign } from '@forecourt/contracts/content';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';
import type { ServiceBinding } from '@forecourt/contracts/internal';
import { demoTenant } from '../test/tenants.ts';
import { spinShopper, spinToWinPage, wheelLines } from './spin-to-win.ts';

const campaign: SpinCampaign = {
  id: 'summer-spin',
  title: 'Summer Spin to Win',
  starts: '2026-11-01',
  ends: '2027-01-31',
  terms_href: '/spin-to-win-terms',
  prizes: [
    { id: 'fuel-card', label: '$50 fuel card', weight: 10, win: true, claim: 'Show this screen at the service desk.' },
    { id: 'no-luck', label: 'Better luck next time', weight: 80, win: false },
    { id: 'detail', label: 'Free interior detail & <b>shine</b>', weight: 10, win: true },
  ],
};
const NOV = Date.UTC(2026, 10, 15, 1);
const withCampaign = (spin: SpinCampaign | null = campaign, pages: ContentPage[] = []) => {
  const t = demoTenant('harbourside-toyota');
  const { spin: _demo, ...content } = t.content;
  return { ...t, content: { ...content, ...(spin ? { spin } : {}), pages } };
};

/** edge-api's GET /api/spin-to-win as the shell's binding sees it; records what it was sent. */
function edge(answer: () => Response | Promise<Response>): ServiceBinding & { seen: Array<{ url: string; headers: Headers }> } {
  const seen: Array<{ url: string; headers: Headers }> = [];
  return { seen, fetch: async (url, init) => (seen.push({ url, headers: new Headers(init?.headers) }), answer()) };
}
const spun = (prize: unknown) => edge(() => Response.json({ campaign_id: 'summer-spin', prize }));

describe('spinToWinPage (issue 14)', () => {
  it('is a 404 for a tenant without a campaign', async () => {
    const page = await spinToWinPage(withCampaign(null), { now: NOV });
    expect(page.status).toBe(404);
  });

  it('signed out: the wheel, every prize (escaped), the dates, the terms and a sign-in link back here; no form', async () => {
    const page = await spinToWinPage(withCampaign(), { now: NOV });
    expect(page.status).toBe(200);
    expect(page.head.title).toBe('Summer Spin to Win | Harbourside Toyota');
    expect(page.body).toContain('<h1 id="fc-spin-title">Summer Spin to Win</h1>');
    expect(page.body).toContain('Spin once between 1 November 2026 and 31 January 2027.');
    expect(page.body).toContain('<li>Free interior detail &amp; &lt;b&gt;shine&lt;/b&gt;</li>');
    expect(page.body).not.toContain('<b>shine');
    expect(page.body).toContain('href="/spin-to-win-terms"');
    expect(page.body).toContain('href="/sign-in?type=spin-to-win&amp;redirect=%2Fspin-to-win&amp;back=%2Fspin-to-win">Sign in to spin</a>');
    expect(page.body).not.toContain('<form');
    // The wheel: one segment per prize, decorative (the list says the same), the result region polite.
    expect(page.body.match(/class="fc-spin__seg /g)).toHaveLength(3);
    expect(page.body).toContain('aria-hidden="true"');
    expect(page.body).toContain('data-prizes="fuel-card no-luck detail"');
    expect(page.body).toContain('role="status" aria-live="polite" tabindex="-1"></div>');
  });

  it('signed in, not spun yet: a plain form posting the campaign to edge-api (works without JavaScript)', async () => {
    const binding = spun(null);
    const page = await spinToWinPage(withCampaign(), { now: NOV, signedIn: true, cookie: '__Host-fc_session=abc', edge: binding });
    expect(page.body).toContain('<form class="fc-spin__form" id="fc-spin-form" method="post" action="/api/spin-to-win" data-spin-form>');
    expect(page.body).toContain('<input type="hidden" name="campaign_id" value="summer-spin">');
    expect(page.body).toContain('>Spin the wheel</button>');
    expect(page.body).not.toContain('Sign in to spin');
    // edge-api was asked with the shopper's cookie, for this tenant.
    expect(new URL(binding.seen[0]!.url).pathname).toBe('/api/spin-to-win');
    expect(binding.seen[0]!.headers.get('cookie')).toBe('__Host-fc_session=abc');
    expect(binding.seen[0]!.headers.get(TENANT_HEADER)).toBe('harbourside-toyota');
  });

  it("shows the outcome edge-api recorded (after the no-JS 303), whatever the query claims, and no second form", async () => {
    const page = await spinToWinPage(withCampaign(), {
      now: NOV, signedIn: true, edge: spun({ id: 'no-luck', label: 'Better luck next time', win: false }), query: new URLSearchParams('spin=fuel-card'),
    });
    expect(page.body).toContain('<p class="fc-spin__outcome">The wheel stopped on &quot;Better luck next time&quot;: no prize this time.</p>');
    expect(page.body).not.toContain('You won');
    expect(page.body).not.toContain('<form');
    // The wheel rests with that prize (segment 2 of 3) under the pointer.
    expect(page.body).toContain('style="transform:rotate(180deg)"');
    const again = await spinToWinPage(withCampaign(), {
      now: NOV, signedIn: true, edge: spun({ id: 'fuel-card', label: '$50 fuel card', win: true, claim: 'Show this screen at the service desk.' }), query: new URLSearchParams('spin=fuel-card&spin_error=already_spun'),
    });
    expect(again.body).toContain('<p>You have already spun the wheel for this promotion.</p><p class="fc-spin__outcome">You won: $50 fuel card!</p><p>Show this screen at the service desk.</p>');
    expect(again.body).not.toContain('role="alert"');
  });

  it('a dead session is signed out; when edge-api cannot say, the form stays (edge-api answers the first outcome)', async () => {
    const dead = await spinToWinPage(withCampaign(), { now: NOV, signedIn: true, edge: edge(() => Response.json({ error: 'Please sign in' }, { status: 401 })) });
    expect(dead.body).toContain('Sign in to spin');
    const down = await spinToWinPage(withCampaign(), { now: NOV, signedIn: true, edge: edge(() => { throw new Error('down'); }) });
    expect(down.body).toContain('action="/api/spin-to-win"');
    expect(await spinShopper('t', { signedIn: true, edge: edge(() => Response.json({ nonsense: true })) })).toEqual({ signedIn: true, outcome: 'unknown' });
    expect(await spinShopper('t', { signedIn: false, edge: spun(null) })).toEqual({ signedIn: false });
  });

  it("outside the dates (tenant's time zone): says so with the dates, no form", async () => {
    const before = await spinToWinPage(withCampaign(), { now: Date.UTC(2026, 9, 31, 12), signedIn: true, edge: spun(null) });
    expect(before.body).toContain('This promotion has not started yet. It runs from 1 November 2026 to 31 January 2027.');
    expect(before.body).not.toContain('<form');
    // 31 January 2027 23:30 in Brisbane is still open; the next day is not.
    expect((await spinToWinPage(withCampaign(), { now: Date.UTC(2027, 0, 31, 13, 30), signedIn: true, edge: spun(null) })).body).toContain('<form');
    const ended = await spinToWinPage(withCampaign(), { now: Date.UTC(2027, 0, 31, 14, 30), signedIn: true, edge: spun(null), query: new URLSearchParams('spin_error=ended') });
    // Said once: the dates line says it, the no-JS refusal is not repeated.
    expect(ended.body.split('This promotion has ended.')).toHaveLength(2);
  });

  it("shows a refusal from the query only as its catalogue's text", async () => {
    const page = await spinToWinPage(withCampaign(), { now: NOV, query: new URLSearchParams('spin_error=<script>alert(1)</script>') });
    expect(page.body).toContain('<p class="fc-spin__notice" role="alert">The wheel could not be spun. Please try again in a moment.</p>');
    expect(page.body).not.toContain('<script>alert');
  });

  it('frames the wheel with the content page at /spin-to-win, where its block is (or at the end)', async () => {
    const framed: ContentPage = {
      path: '/spin-to-win', title: 'Spin to win this summer', description: 'Spin once for a prize.', schema_type: 'WebPage', noindex: false,
      blocks: [{ type: 'markdown', markdown: 'Every signed-in shopper gets **one** spin.' }, { type: 'spin-to-win' }, { type: 'markdown', markdown: 'Good luck!' }],
    };
    const page = await spinToWinPage(withCampaign(campaign, [framed]), { now: NOV });
    expect(page.head.title).toBe('Spin to win this summer | Harbourside Toyota');
    expect(page.body).toContain('<h1>Spin to win this summer</h1>');
    expect(page.body).toContain('<h2 id="fc-spin-title">Summer Spin to Win</h2>');
    const at = (s: string) => page.body.indexOf(s);
    expect(at('<strong>one</strong>')).toBeLessThan(at('fc-spin-title'));
    expect(at('fc-spin-title')).toBeLessThan(at('Good luck!'));
    const noBlock = await spinToWinPage(withCampaign(campaign, [{ ...framed, blocks: [{ type: 'markdown', markdown: 'Intro.' }] }]), { now: NOV });
    expect(noBlock.body.indexOf('Intro.')).toBeLessThan(noBlock.body.indexOf('fc-spin-title'));
  });
});

describe('wheelLines (labels legible on the wheel)', () => {
  it('keeps a short label, breaks a longer one at words, cuts what does not fit the last line', () => {
    expect(wheelLines('$50 fuel card')).toEqual(['$50 fuel card']);
    expect(wheelLines('Better luck next time')).toEqual(['Better luck', 'next time']);
    expect(wheelLines('Free interior detail and a wash and wax')).toEqual(['Free interior', 'detail and a…']);
    expect(wheelLines('Free interior detail and a wash and wax', 3)).toEqual(['Free interior', 'detail and a', 'wash and wax']);
    expect(wheelLines('$500 accessories voucher', 3)).toEqual(['$500', 'accessories', 'voucher']);
    expect(wheelLines('Supercalifragilistic prize')).toEqual(['Supercalifrag…', 'prize']);
  });
});
