/** Runs inside workerd before each Worker test file: the test tenant (delivery calculator on) and its location in KV CONFIG. */
import { env } from 'cloudflare:workers';
import { seedKv } from '@forecourt/contracts/fixtures/kv';
import { sampleLocation } from '@forecourt/contracts/fixtures/location';
import { siteConfigInput, tenantEntries } from '@forecourt/contracts/fixtures/tenant';
import { kvContentKey } from '@forecourt/contracts/content';
import { FAKE_TENANT } from './fake-services.ts';

const config = siteConfigInput(FAKE_TENANT, { site_url: 'https://www.test-motors.com.au', locations: [sampleLocation.id], features: { delivery_calculator: true } });
// 'no-trade-motors': a tenant without the trade-in journey (its pages are 404).
const entries = tenantEntries([config, siteConfigInput('other-motors'), siteConfigInput('no-trade-motors', { features: { trade_in: false } })], { [FAKE_TENANT]: { locations: [sampleLocation] } });
await seedKv(env.CONFIG, entries);
// The tenant's content: a blog post about the sample car's model (the car page's blog section), and another tenant's.
const post = (slug: string, heading: string) => ({ slug, heading, date: '2026-08-14', description: 'What to check.', image: { src: '/blog.svg', alt: '' }, makes: ['toyota'], models: ['corolla'], body: 'Text.' });
await seedKv(env.CONFIG, {
  [kvContentKey(FAKE_TENANT)]: { posts: [post('corolla-guide', 'Buying a used Corolla')] },
  [kvContentKey('other-motors')]: { posts: [post('other-corolla', 'Another dealer’s Corolla post')] },
});
