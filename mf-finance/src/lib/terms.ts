/** Loan terms as the finance pages show them (no other dependency: the calculator's island imports it too). */
import { QUICK_ESTIMATE } from '@forecourt/contracts/constants';

/** '1 year', '5 years': a loan term as the finance pages say it. */
export const yearsText = (n: number) => `${n} ${n === 1 ? 'year' : 'years'}`;

/** The quick estimate's loan terms (spec §5: 1-7 whole years), for its selects. */
export const LOAN_TERMS: readonly number[] = Array.from({ length: QUICK_ESTIMATE.maxTerm - QUICK_ESTIMATE.minTerm + 1 }, (_, i) => QUICK_ESTIMATE.minTerm + i);
