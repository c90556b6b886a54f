/**
 * Runs inside workerd before each Worker test file: the test tenant in KV CONFIG and its stock in KV STOCK (one chunk,
 * as an import writes it for the embedded engine); two parts catalogues in KV CONFIG (`parts:<slug>`): the test
 * tenant's (ALPHA_PARTS) and no-stock's (BETA_PARTS, which reuses some of its ids).
 */
import { env } from 'cloudflare:workers';
import { seedKv } from '@forecourt/contracts/fixtures/kv';
import { siteConfigInput, tenantEntries } from '@forecourt/contracts/fixtures/tenant';
import { kvStockChunkKey, kvStockMetaKey } from '@forecourt/contracts/tenant-data';
import { kvPartsKey } from '@forecourt/contracts/entities/part';
import { FAKE_TENANT, FINANCE_CARS, FINANCE_TENANT, IMPORT_TENANT, PURGE_FAILS_TENANT, STOCK_CARS } from './fake-services.ts';
import { ALPHA_PARTS, BETA_PARTS } from './parts-fixtures.ts';

await seedKv(env.CONFIG, {
  ...tenantEntries([siteConfigInput(FAKE_TENANT), siteConfigInput('no-stock'), siteConfigInput(FINANCE_TENANT), siteConfigInput(IMPORT_TENANT), siteConfigInput(PURGE_FAILS_TENANT)]),
  [kvPartsKey(FAKE_TENANT)]: { parts: ALPHA_PARTS },
  [kvPartsKey('no-stock')]: { parts: BETA_PARTS },
});
await seedKv(env.STOCK, {
  [kvStockMetaKey(FAKE_TENANT)]: { count: STOCK_CARS.length, chunks: 1, updated_at: '2025-06-01T00:00:00.000Z', source: 'import' },
  [kvStockChunkKey(FAKE_TENANT, 0)]: STOCK_CARS,
  [kvStockMetaKey(FINANCE_TENANT)]: { count: FINANCE_CARS.length, chunks: 1, updated_at: '2025-06-01T00:00:00.000Z', source: 'import' },
  [kvStockChunkKey(FINANCE_TENANT, 0)]: FINANCE_CARS,
});
