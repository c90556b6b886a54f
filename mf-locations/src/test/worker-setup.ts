/** Runs inside workerd before each Worker test file: the test tenants (test-motors, the group-motors dealer group) and their locations in KV CONFIG. */
import { env } from 'cloudflare:workers';
import { seedKv } from '@forecourt/contracts/fixtures/kv';
import { tenantEntries } from '@forecourt/contracts/fixtures/tenant';
import { groupConfigInput, groupDataInput } from './group.ts';
import { LOCATION_IDS, siteConfigInput, tenantDataInput } from './tenant.ts';

const entries = tenantEntries([siteConfigInput('test-motors', { locations: LOCATION_IDS }), groupConfigInput()], {
  'test-motors': tenantDataInput(),
  'group-motors': groupDataInput(),
});
await seedKv(env.CONFIG, entries);
