import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';

// Idempotent: applyD1Migrations records applied names in d1_migrations and skips them in later test files.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
