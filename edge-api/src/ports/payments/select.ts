import * as v from 'valibot';
import { SECRET_NAME, secretNamed } from '@forecourt/contracts/secrets';
import { adapterName } from '../adapter-name.ts';
import type { PaymentsPort } from './port.ts';
import { EmbeddedPayments } from './embedded.ts';
import { StripePayments } from './stripe.ts';

/** Adapters of the payments port: the embedded test processor (default) or Stripe Checkout. */
export const PAYMENTS_ADAPTERS = ['embedded', 'stripe'] as const;
export type PaymentsAdapterName = (typeof PAYMENTS_ADAPTERS)[number];

/** Env the payments port reads. Keys are Worker secrets (`wrangler secret put STRIPE_SECRET_KEY`), never vars. */
export type PaymentsEnv = {
  DB: D1Database;
  PAYMENTS_ADAPTER?: string;
  /** Default Stripe secret API key (secret). */
  STRIPE_SECRET_KEY?: string;
  /** Default Stripe webhook signing secret (secret). */
  STRIPE_WEBHOOK_SECRET?: string;
  /**
   * Per tenant (a dealer with its own Stripe account), JSON: `{ "<slug>": { "secret_key": "<NAME>", "webhook_secret": "<NAME>" } }`;
   * each value NAMES another Worker secret.
   */
  STRIPE_TENANTS?: string | Record<string, unknown>;
  /** Override of https://api.stripe.com (tests against a local server). */
  STRIPE_API_BASE?: string;
  /** Answer timeout in ms (default 10,000). */
  STRIPE_TIMEOUT_MS?: string;
};

const SecretName = v.pipe(v.string(), v.regex(SECRET_NAME, 'must name an env secret, e.g. STRIPE_SECRET_KEY_ACME'));
const StripeTenantsSchema = v.record(v.string(), v.strictObject({ secret_key: v.optional(SecretName), webhook_secret: v.optional(SecretName) }));

/** Parses STRIPE_TENANTS (a JSON string or a wrangler object var); throws naming the variable when malformed. */
export function stripeTenants(env: PaymentsEnv): v.InferOutput<typeof StripeTenantsSchema> {
  const raw = env.STRIPE_TENANTS;
  if (raw === undefined || raw === '') return {};
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new Error('STRIPE_TENANTS is not valid JSON.');
    }
  }
  const parsed = v.safeParse(StripeTenantsSchema, value);
  if (!parsed.success) throw new Error(`STRIPE_TENANTS is invalid: ${parsed.issues.map((i) => `${v.getDotPath(i) ?? '(root)'}: ${i.message}`).join('; ')}`);
  return parsed.output;
}

/** The value of the secret named `name`; throws naming it (never its value) when unset. */
function secret(env: PaymentsEnv, name: string): string {
  const value = secretNamed(env, name);
  if (!value) throw new Error(`The secret ${name} is not set (wrangler secret put ${name}).`);
  return value;
}

export type SelectPaymentsOptions = { fetch?: typeof fetch; now?: () => number };

export function paymentsAdapterName(env: Pick<PaymentsEnv, 'PAYMENTS_ADAPTER'>): PaymentsAdapterName {
  return adapterName('PAYMENTS_ADAPTER', env.PAYMENTS_ADAPTER, PAYMENTS_ADAPTERS);
}

/**
 * Picks the payments adapter named by env.PAYMENTS_ADAPTER (default 'embedded'). Stripe's keys are the tenant's
 * STRIPE_TENANTS secrets, else STRIPE_SECRET_KEY / STRIPE_WEBHOOK_SECRET; a missing key throws (fail fast, by name).
 * @example const payments = selectPayments(c.env, c.get('tenant'))
 */
export function selectPayments(env: PaymentsEnv, tenant?: string, options: SelectPaymentsOptions = {}): PaymentsPort & (EmbeddedPayments | StripePayments) {
  switch (paymentsAdapterName(env)) {
    case 'embedded':
      return new EmbeddedPayments(env.DB, options.now);
    case 'stripe': {
      const names = (tenant ? stripeTenants(env)[tenant] : undefined) ?? {};
      const timeoutMs = Number(env.STRIPE_TIMEOUT_MS);
      const webhookName = names.webhook_secret ?? 'STRIPE_WEBHOOK_SECRET';
      const webhookSecret = secretNamed(env, webhookName);
      return new StripePayments({
        db: env.DB,
        secretKey: secret(env, names.secret_key ?? 'STRIPE_SECRET_KEY'),
        ...(webhookSecret ? { webhookSecret } : {}),
        ...(env.STRIPE_API_BASE ? { apiBase: env.STRIPE_API_BASE } : {}),
        ...(Number.isFinite(timeoutMs) && timeoutMs > 0 ? { timeoutMs } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.now ? { now: options.now } : {}),
      });
    }
  }
}
