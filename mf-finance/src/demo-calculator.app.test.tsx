/**
 * The car page's calculator on demo stock (issue 15): given the slot params the car page sends for a demo car
 * (contracts `calculatorSlotParams`, checked in mf-vehicle/src/demo-finance.test.tsx), the calculator opens on the
 * eligible lender's rate, term and fee, and on the site's sample rate for a car whose lenders may not show.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { demoStock, demoTenants } from '@forecourt/demo';
import { ISLAND_PROPS_ATTR } from '@forecourt/contracts/fragments';
import { calculatorSlotParams } from '@forecourt/contracts/finance-calculator';
import { slotFor } from '@forecourt/contracts/slots';
import type { Car } from '@forecourt/contracts/entities/car';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';
import { createApp } from './app.tsx';
import { testEnv } from './test/tenant.ts';

const NOW = Date.UTC(2026, 10, 21);
const TENANTS = ['harbourside-toyota', 'southern-cross-motor-group', 'outback-used-cars'] as const;
const app = createApp({ styles: [], version: '1.0.0' });
const configs = demoTenants().filter((t) => (TENANTS as readonly string[]).includes(t.slug));
const env = testEnv(configs);
let stock: Record<string, Car[]>;
beforeAll(() => {
  stock = demoStock({ now: NOW });
});

const islandProps = (html: string) => JSON.parse(new RegExp(`<script type="application/json" ${ISLAND_PROPS_ATTR}="ffc">(.*?)</script>`).exec(html)![1]!);
const financeable = (c: Car) => (c.status === 'in_stock' || c.status === 'coming_soon') && !c.sold && c.price > 500 && !c.offer_price && !c.subscription_price;
const entries = (c: Car) => Object.entries(c.finance_lenders ?? {});
const rated = (e: { interestRate?: number | null; comparisonRate?: number | null }) => typeof e.interestRate === 'number' && typeof e.comparisonRate === 'number';

describe('the calculator slot on demo cars (spec §5 Finance eligibility)', () => {
  it.each(TENANTS)("%s: an eligible demo car opens on its lender's rate, term and fee; a not-eligible one on the sample rate", async (tenant) => {
    const config = configs.find((c) => c.slug === tenant)!;
    const eligible = stock[tenant]!.find((c) => financeable(c) && c.make !== 'Suzuki' && entries(c).length > 0 && rated(entries(c)[0]![1]))!;
    const notEligible = stock[tenant]!.find((c) => financeable(c) && entries(c).length > 0 && (c.make === 'Suzuki' || !entries(c).some(([, e]) => rated(e))))!;
    expect(eligible && notEligible).toBeTruthy();
    const open = async (car: Car) => {
      const slot = slotFor('financeCalculator', 'finance-calculator', calculatorSlotParams(car, { finance: config.finance, now: new Date(NOW) }));
      const res = await app.request(`/fragments/finance-calculator?${new URLSearchParams(slot.params)}`, { headers: { [TENANT_HEADER]: tenant } }, env);
      expect(res.status).toBe(200);
      return islandProps(await res.text());
    };
    const [, lender] = entries(eligible)[0]!;
    const lenderProps = await open(eligible);
    expect(lenderProps.state).toMatchObject({ amount: eligible.price, interest: lender.interestRate, term: lender.termYears });
    expect(lenderProps.limits.fee).toBe(lender.establishmentFees);
    const sampleProps = await open(notEligible);
    expect(sampleProps.state).toMatchObject({ amount: notEligible.price, interest: config.finance.sample_rate });
    expect(sampleProps.state.interest).not.toBe(lender.interestRate);
  });
});
