/** Finance calculator state: spec §3; frequencies spec §9. */
import * as v from 'valibot';

/** Payments per year: weekly 52, fortnightly 26, monthly 12. */
export const REPAYMENT_FREQUENCIES = { week: 52, fortnight: 26, month: 12 } as const;
export type RepaymentFrequency = keyof typeof REPAYMENT_FREQUENCIES;

export const FinanceCalculatorStateSchema = v.object({
  /** Loan amount in dollars. */
  amount: v.pipe(v.number(), v.minValue(0)),
  /** Term in years (step 0.5). */
  term: v.pipe(v.number(), v.minValue(0.5), v.maxValue(10)),
  /** Interest rate in percent per year. */
  interest: v.pipe(v.number(), v.minValue(0), v.maxValue(100)),
  frequency: v.picklist(['week', 'fortnight', 'month']),
  deposit: v.optional(v.pipe(v.number(), v.minValue(0))),
  residual: v.optional(v.pipe(v.number(), v.minValue(0))),
});
export type FinanceCalculatorState = v.InferOutput<typeof FinanceCalculatorStateSchema>;
