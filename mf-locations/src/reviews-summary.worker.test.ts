/**
 * The home page's reviews summary slot inside workerd (the deployed Worker, KV seeded): the detail tenant with reviews,
 * the same tenant with its `reviews` switch off, and a tenant whose locations have no reviews.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeFragmentHead, FRAGMENT_HEAD_HEADER } from '@forecourt/contracts/fragments';
import { seedKv } from '@forecourt/contracts/fixtures/kv';
import { siteConfigInput, tenantEntries } from '@forecourt/contracts/fixtures/tenant';
import { slotFor } from '@forecourt/contracts/slots';
import { TENANT_HEADER, VERSION_HEADER } from '@forecourt/contracts/tenant';
import manifest from '../dist/asset-manifest.json';
import { DETAIL_IDS, DETAIL_TENANT, detailConfigInput, detailDataInput } from './test/detail.ts';
import { fetchWorker } from './test/worker.ts';

const OFF = 'reviews-off-motors';
const NONE = 'no-reviews-motors';
const slot = slotFor('reviewsSummary', 'reviews-summary', {});
const get = (tenant: string) => fetchWorker(`/fragments/${slot.page}?${new URLSearchParams(slot.params)}`, { headers: { [TENANT_HEADER]: tenant } });

beforeAll(async () => {
  const noReviews = detailDataInput();
  noReviews.locations = (noReviews.locations ?? []).map((l) => ({ ...l, reviews: null, average_rating: null, review_count: null, review_items: [] }));
  await seedKv(
    env.CONFIG,
    tenantEntries([detailConfigInput(), siteConfigInput(OFF, { locations: DETAIL_IDS, features: { reviews: false } }), siteConfigInput(NONE, { locations: DETAIL_IDS })], {
      [DETAIL_TENANT]: detailDataInput(),
      [OFF]: detailDataInput(),
      [NONE]: noReviews,
    }),
  );
});

describe("the reviews summary slot in workerd ('What our customers say', issue 13)", () => {
  it('answers the section server-rendered, with its stylesheet in the head, cacheable', async () => {
    expect(slot).toEqual({ id: 'reviews-summary', remote: 'mf-locations', page: 'reviews-summary', params: {} });
    const res = await get(DETAIL_TENANT);
    expect(res.status).toBe(200);
    expect(res.headers.get(VERSION_HEADER)).toBe(manifest.version);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER))).toMatchObject({ title: 'Reviews | Test Motors', styles: manifest.css });
    const html = await res.text();
    expect(html).toContain('<h2 id="fl-home-reviews-title">What our customers say</h2>');
    expect(html).toContain('<strong class="fl-home-reviews__average">4.6</strong> out of <!-- -->5');
    expect(html).toContain('Based on 1,496 reviews');
    expect(html.match(/<li class="fc-card fl-home-review">/g)).toHaveLength(3);
    expect(html).toContain('<a href="/locations/harbour-city-sales#reviews">Harbour City Sales</a>');
    expect(html).not.toContain('data-island');
  });

  it("an empty fragment where the tenant's reviews switch is off", async () => {
    const res = await get(OFF);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('an empty fragment for a tenant whose locations have no reviews', async () => {
    const res = await get(NONE);
    expect(res.status).toBe(200);
    expect(decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER))).toMatchObject({ styles: manifest.css });
    expect(await res.text()).toBe('');
  });

  it("another tenant's reviews never: the group's locations have ratings but no review texts to quote", async () => {
    const html = await (await get('group-motors')).text();
    expect(html).toContain('What our customers say');
    expect(html).not.toContain('fl-home-review"');
    expect(html).not.toContain('harbour-city-sales');
  });
});
