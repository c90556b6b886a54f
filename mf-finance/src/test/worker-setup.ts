/**
 * Runs inside workerd before each Worker test file: the test tenants in KV CONFIG ('quotes' has YouX quick quotes on,
 * 'preapproval' the instant pre-approval).
 */
import { env } from 'cloudflare:workers';
import { seedKv } from '@forecourt/contracts/fixtures/kv';
import { siteConfigInput, tenantEntries } from '@forecourt/contracts/fixtures/tenant';

const entries = tenantEntries([
  siteConfigInput('test-motors'),
  siteConfigInput('quotes', { features: { youx_quote: true } }),
  siteConfigInput('preapproval', { features: { finance_preapproval: true } }),
]);
await seedKv(env.CONFIG, entries);
