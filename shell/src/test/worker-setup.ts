/** Runs inside workerd before each Worker test file: the test tenant and the host that names it, in KV CONFIG. */
import { env } from 'cloudflare:workers';
import { seedKv } from '@forecourt/contracts/fixtures/kv';
import { siteConfigInput, tenantDataInput, tenantEntries } from '@forecourt/contracts/fixtures/tenant';
import { KV_RELEASES_KEY } from '@forecourt/contracts/releases';
import { kvHostKey } from '@forecourt/contracts/tenant';
import { CANARY_HOST, CANARY_TENANT, FAKE_HOST, FAKE_TENANT, RELEASES } from './fake-remotes.ts';

const canary = siteConfigInput(CANARY_TENANT, { hosts: [CANARY_HOST] });
await seedKv(env.CONFIG, {
  ...tenantEntries([siteConfigInput(FAKE_TENANT, { hosts: [FAKE_HOST] }), { ...canary, remotes: { ...canary.remotes, 'mf-search': '0.2.0' } }], {
    [FAKE_TENANT]: tenantDataInput(),
    [CANARY_TENANT]: tenantDataInput(),
  }),
  [kvHostKey(FAKE_HOST)]: FAKE_TENANT,
  [kvHostKey(CANARY_HOST)]: CANARY_TENANT,
  [KV_RELEASES_KEY]: RELEASES,
});
