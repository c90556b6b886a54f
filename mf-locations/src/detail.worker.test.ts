/**
 * A location's own page inside workerd (its time-zone data, the Worker's fetch handler, the clock per request): the
 * detail tenant of test/detail.ts seeded beside the shared test tenant.
 */
import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeFragmentHead, FRAGMENT_HEAD_HEADER } from '@forecourt/contracts/fragments';
import { seedKv } from '@forecourt/contracts/fixtures/kv';
import { tenantEntries } from '@forecourt/contracts/fixtures/tenant';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';
import { kvSpecialHoursKey } from '@forecourt/contracts/tenant-data';
import { DETAIL_TENANT, detailConfigInput, detailDataInput } from './test/detail.ts';
import { fetchWorker } from './test/worker.ts';

const page = (query: string) => fetchWorker(`/fragments/location?${query}`, { headers: { [TENANT_HEADER]: DETAIL_TENANT } });
/** The Worker reads the clock per request: a fixed system time stands for the request's. */
const atTime = (iso: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
};

beforeAll(async () => {
  // The holiday hours under their own key, as a seed or an operator stores them (the data set without them).
  const { special_hours, ...data } = detailDataInput();
  await seedKv(env.CONFIG, { ...tenantEntries([detailConfigInput()], { [DETAIL_TENANT]: data }), [kvSpecialHoursKey(DETAIL_TENANT)]: special_hours });
});
afterEach(() => vi.useRealTimers());

describe('a location’s page in workerd', () => {
  it('answers the page: indexable, its JSON-LD in the head with hours, special dates, rating and reviews', async () => {
    atTime('2026-11-26T23:00:00Z'); // Friday 10am in Sydney
    const res = await page('_slug=harbour-city-sales');
    expect(res.status).toBe(200);
    const head = decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER))!;
    expect(head.title).toBe('Harbour City Sales | Test Motors');
    expect(head.robots).toBeUndefined();
    const [ld] = head.jsonLd as Array<Record<string, unknown>>;
    expect(ld).toMatchObject({ '@type': 'AutoDealer', aggregateRating: { ratingValue: 4.7, reviewCount: 1234 } });
    expect(ld!.review).toHaveLength(12);
    expect(ld!.openingHoursSpecification).toEqual(expect.arrayContaining([expect.objectContaining({ validFrom: '2026-12-25', opens: '00:00', closes: '00:00' })]));
    const html = await res.text();
    expect(html).toContain('<h1>Harbour City Sales</h1>');
    expect(html).toContain('<th scope="row">Monday – Friday<span class="fl-hours-table__today">Today</span></th>');
    expect(html).toContain('<time dateTime="2026-12-24">Thu 24 Dec 2026</time>');
    expect(html).toContain('id="reviews"');
  });

  it('reads the date in Sydney with workerd’s time-zone data: a Saturday evening UTC is already Sunday there (daylight saving)', async () => {
    atTime('2026-11-28T13:30:00Z'); // 00:30 Sunday in Sydney (UTC+11), 11:30pm Saturday in Brisbane
    const sydney = await (await page('_slug=harbour-city-sales')).text();
    expect(sydney).toContain('<th scope="row">Sunday<span class="fl-hours-table__today">Today</span></th>');
    const brisbane = await (await page('_slug=harbour-city-brisbane')).text();
    expect(brisbane).toContain('<th scope="row">Saturday<span class="fl-hours-table__today">Today</span></th>');
  });

  it('on Christmas Eve in Sydney: Today leads the holiday list and the holiday hours decide open now', async () => {
    atTime('2026-12-23T23:00:00Z'); // 10am on the 24th in Sydney
    const html = await (await page('_slug=harbour-city-sales')).text();
    expect(html).toContain('<time dateTime="2026-12-24">Today</time><span>8:30am - 12pm</span>');
    expect(html).toContain('<strong>Open now</strong> · Closes at 12pm');
  });

  it('?type=service (the no-JavaScript choice) shows the service location with Enquire Now; a dealership slug shows all', async () => {
    atTime('2026-11-26T23:00:00Z');
    const service = await (await page('_slug=harbour-city-sales&type=service')).text();
    expect(service).toContain('<h2 class="fl-panel__name" id="fl-panel-title">Harbour City Service</h2>');
    expect(service).toContain('href="https://book.example/harbour-city"');
    const dealership = await page('_slug=harbour-city-motors');
    expect(decodeFragmentHead(dealership.headers.get(FRAGMENT_HEAD_HEADER))?.jsonLd).toHaveLength(4);
    expect(await dealership.text()).toContain('<h1>Harbour City Motors</h1>');
  });
});
