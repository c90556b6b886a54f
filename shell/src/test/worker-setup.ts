/** Runs inside workerd before each Worker test file: the test tenant and the host that names it, in KV CONFIG. */
import { env } from 'cloudflare:workers';
import { seedKv } from '@forecourt/contracts/fixtures/kv';
import { siteConfigInput, tenantDataInput, tenantEntries } from '@forecourt/contracts/fixtures/tenant';
import { kvHostKey } from '@forecourt/contracts/tenant';
import { FAKE_HOST, FAKE_TENANT } from './fake-remotes.ts';

await seedKv(env.CONFIG, {
  ...tenantEntries([siteConfigInput(FAKE_TENANT, { hosts: [FAKE_HOST] })], { [FAKE_TENANT]: tenantDataInput() }),
  [kvHostKey(FAKE_HOST)]: FAKE_TENANT,
});
