/** Runs inside workerd before each Worker test file: the test tenant and its locations in KV CONFIG. */
import { env } from 'cloudflare:workers';
import { seedKv } from '@forecourt/contracts/fixtures/kv';
import { tenantEntries } from '@forecourt/contracts/fixtures/tenant';
import { LOCATION_IDS, siteConfigInput, tenantDataInput } from './tenant.ts';

const entries = tenantEntries([siteConfigInput('test-motors', { locations: LOCATION_IDS })], { 'test-motors': tenantDataInput() });
await seedKv(env.CONFIG, entries);
