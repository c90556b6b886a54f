/** Runs inside workerd before each Worker test file: the test tenant (delivery calculator on) and its location in KV CONFIG. */
import { env } from 'cloudflare:workers';
import { seedKv } from '@forecourt/contracts/fixtures/kv';
import { sampleLocation } from '@forecourt/contracts/fixtures/location';
import { siteConfigInput, tenantEntries } from '@forecourt/contracts/fixtures/tenant';
import { FAKE_TENANT } from './fake-services.ts';

const config = siteConfigInput(FAKE_TENANT, { site_url: 'https://www.test-motors.com.au', locations: [sampleLocation.id], features: { delivery_calculator: true } });
const entries = tenantEntries([config, siteConfigInput('other-motors')], { [FAKE_TENANT]: { locations: [sampleLocation] } });
await seedKv(env.CONFIG, entries);
