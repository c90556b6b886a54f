/**
 * `/spin-to-win` through the shell Worker (issue 14): the page of a tenant with a campaign, its sign-in link or its
 * form, the gate where the tenant says so, and the 404 without a campaign. edge-api is the fake of
 * src/test/fake-remotes.ts (it cannot say whether a shopper spun, so a signed-in page keeps the form).
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { siteConfigInput } from '@forecourt/contracts/fixtures/tenant';
import { kvContentKey } from '@forecourt/contracts/content';
import { kvHostKey, kvTenantKey } from '@forecourt/contracts/tenant';
import { fetchWorker } from './test/worker.ts';

const campaign = {
  id: 'winter-spin', title: 'Winter Spin', starts: '2020-01-01', ends: '2099-12-31', terms_href: '/spin-terms',
  prizes: [{ id: 'fuel', label: '$50 fuel card', weight: 1 }, { id: 'miss', label: 'Not this time', weight: 3, win: false }],
};

async function spinSite(slug: string, options: { gated?: boolean; spin?: boolean } = {}): Promise<string> {
  const host = `${slug}.example.com.au`;
  await env.CONFIG.put(kvTenantKey(slug), JSON.stringify(siteConfigInput(slug, { hosts: [host], features: { gated_spin_to_win: options.gated ?? false } })));
  await env.CONFIG.put(kvHostKey(host), slug);
  if (options.spin !== false) await env.CONFIG.put(kvContentKey(slug), JSON.stringify({ spin: campaign }));
  return `https://${host}`;
}

describe('/spin-to-win (shell Worker)', () => {
  it('signed out: the campaign, its wheel and prizes, a sign-in link back here; never shared by caches', async () => {
    const origin = await spinSite('spin-open');
    const res = await fetchWorker(`${origin}/spin-to-win`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    expect(html).toContain('<h1 id="fc-spin-title">Winter Spin</h1>');
    expect(html).toContain('<li>$50 fuel card</li>');
    expect(html).toContain('href="/sign-in?type=spin-to-win&amp;redirect=%2Fspin-to-win&amp;back=%2Fspin-to-win"');
    expect(html).toContain('href="/spin-terms"');
  });

  it('with a session cookie: the form posting to edge-api', async () => {
    const origin = await spinSite('spin-cookie');
    const html = await (await fetchWorker(`${origin}/spin-to-win`, { headers: { cookie: `__Host-fc_session=${'a'.repeat(43)}` } })).text();
    expect(html).toContain('action="/api/spin-to-win"');
    expect(html).toContain('value="winter-spin"');
  });

  it('gated where the tenant says so (spec §6), and a 404 without a campaign', async () => {
    const gated = await spinSite('spin-gated', { gated: true });
    const res = await fetchWorker(`${gated}/spin-to-win`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/sign-in?type=spin-to-win&redirect=%2Fspin-to-win&back=%2Fspin-to-win');
    const none = await spinSite('spin-none', { spin: false });
    expect((await fetchWorker(`${none}/spin-to-win`)).status).toBe(404);
  });
});
