/**
 * The car page's finance calculator on demo stock (issue 15): on a demo car of each kind (eligible, not eligible, no
 * lender), the calculator slot carries the lender's figures only when spec §5 Finance eligibility lets that lender show,
 * and the Get Finance link is the one contracts builds. The kinds are picked from the data by the spec's words, not by
 * contracts' `eligibleLenders`, so the test checks that rule rather than repeating it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { demoStock, demoTenantData, demoTenants } from '@forecourt/demo';
import { decodeFragmentHead, FRAGMENT_HEAD_HEADER } from '@forecourt/contracts/fragments';
import { priceDisplay } from '@forecourt/contracts/display';
import { financeHref, financeQueryOf } from '@forecourt/contracts/finance-link';
import type { Car } from '@forecourt/contracts/entities/car';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';
import { createApp } from './app.tsx';
import { testEnv } from './test/tenant.ts';

const NOW = Date.UTC(2026, 10, 21);
const TENANTS = ['harbourside-toyota', 'southern-cross-motor-group', 'outback-used-cars'] as const;
const app = createApp({ styles: [], version: '1.0.0', now: () => new Date(NOW) });
let stock: Record<string, Car[]>;
let env: ReturnType<typeof testEnv>;
beforeAll(() => {
  stock = demoStock({ now: NOW });
  const tenants = demoTenants().filter((t) => (TENANTS as readonly string[]).includes(t.slug));
  env = testEnv(tenants, { cars: stock, data: Object.fromEntries(tenants.map((t) => [t.slug, demoTenantData(t.slug)])) });
});

type Kind = 'eligible' | 'not eligible' | 'no lender';
/** A car the page offers finance on: purchasable and not sold (spec §4), priced above 500 (spec §5). */
const financeable = (c: Car) => (c.status === 'in_stock' || c.status === 'coming_soon') && !c.sold && c.price > 500;
const lenders = (c: Car) => Object.entries(c.finance_lenders ?? {});
/** Spec §5: provider data with interest and comparison rates, not a Suzuki (demo dealerships list none hidden). */
const hasRates = ([, e]: [string, { interestRate?: number | null; comparisonRate?: number | null }]) => typeof e.interestRate === 'number' && typeof e.comparisonRate === 'number';
const PICK: Record<Kind, (c: Car) => boolean> = {
  // The first lender has its rates on a financeable non-Suzuki car less than 12 years old: the page shows that lender.
  eligible: (c) => financeable(c) && c.make !== 'Suzuki' && c.year >= 2014 && lenders(c).length > 0 && hasRates(lenders(c)[0]!),
  // Lenders are listed, but none may show: a Suzuki, or every entry without its rates.
  'not eligible': (c) => financeable(c) && lenders(c).length > 0 && (c.make === 'Suzuki' || !lenders(c).some(hasRates)),
  'no lender': (c) => (c.status === 'in_stock' || c.status === 'coming_soon') && !c.sold && !c.finance_lenders,
};

const cases = TENANTS.flatMap((tenant) => (['eligible', 'not eligible', 'no lender'] as const).map((kind) => [tenant, kind] as const));

/** One app and one set of bindings for the three tenants (the tenant store is per isolate: it keeps the first KV). */
async function carPage(tenant: string, car: Car) {
  const config = demoTenants().find((t) => t.slug === tenant)!;
  const res = await app.request(`/fragments/vehicle?_slug=${car.slug}`, { headers: { [TENANT_HEADER]: tenant } }, env);
  expect(res.status, await res.clone().text()).toBe(200);
  const head = decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER))!;
  return { config, html: await res.text(), calc: head.slots?.find((s) => s.id === 'finance-calculator')?.params ?? null };
}

describe('the car page calculator on a demo car of each kind (eligible, not eligible, no lender)', () => {
  it.each(cases)('%s: a demo car with %s', async (tenant, kind) => {
    const car = stock[tenant]!.find(PICK[kind]);
    expect(car, `${tenant} has a demo car with ${kind}`).toBeDefined();
    const { config, html, calc } = await carPage(tenant, car!);
    expect(calc).not.toBeNull();
    expect(calc!.car_id).toBe(car!.id);
    const lenderParams = Object.keys(calc!).filter((k) => k.startsWith('lender'));
    if (kind === 'eligible') {
      const [provider, entry] = lenders(car!)[0]!;
      // The calculator opens on that lender's rate, term and fee (spec §5 "default from configuration (10) or lender", "lender termYears").
      expect(calc).toMatchObject({
        lender: entry.financeProvider ?? provider,
        lender_interest: String(entry.interestRate),
        lender_term_years: String(entry.termYears),
        lender_fee: String(entry.establishmentFees),
        default_interest: String(entry.interestRate),
        default_term_years: String(entry.termYears),
        default_fee: String(entry.establishmentFees),
      });
      expect(calc!.default_interest).not.toBe(String(config.finance.sample_rate));
    } else {
      // No lender's figures: the calculator opens on the site's sample rate (spec §2 "at a sample rate").
      expect(lenderParams).toEqual([]);
      if (calc!.default_interest !== undefined) expect(calc!.default_interest).toBe(String(config.finance.sample_rate));
    }
    if (kind === 'not eligible') expect(lenders(car!).length).toBeGreaterThan(0);
    // Get Finance: the one contracts link, with the shown price as the budget, reading back as this car (issue 15).
    const shown = priceDisplay(car!);
    const href = financeHref(car!, shown.kind === 'price' || shown.kind === 'offer' ? shown.amount : 0);
    expect(html).toContain(`href="${href.replaceAll('&', '&amp;')}"`);
    const query = financeQueryOf(new URL(href, 'https://x.test').searchParams);
    expect(query.car_id).toBe(car!.id);
    expect(query.vehiclePriceBudget).toBe(shown.kind === 'price' || shown.kind === 'offer' ? shown.amount : undefined);
  });
});
