/**
 * Runs inside workerd before each Worker test file: the test tenants in KV CONFIG ('test-motors' with the shared data
 * set of contracts, one location; 'no-faves' with favourites off; 'watch-off' with the server watchlist off; 'no-saves' with both off).
 */
import { env } from 'cloudflare:workers';
import { seedKv } from '@forecourt/contracts/fixtures/kv';
import { siteConfigInput, tenantDataInput, tenantEntries } from '@forecourt/contracts/fixtures/tenant';

const entries = tenantEntries(
  [siteConfigInput('test-motors'), siteConfigInput('no-faves', { features: { favourites: false } }), siteConfigInput('watch-off', { features: { watchlist: false } }), siteConfigInput('no-saves', { features: { favourites: false, watchlist: false } })],
  { 'test-motors': tenantDataInput() },
);
await seedKv(env.CONFIG, entries);
