/** The pages mf-finance answers (contracts route table) and small pure helpers for them. */
import { PAGES, type PageOf } from '@forecourt/contracts/routes';

export type FinancePage = PageOf<'mf-finance'>;

export const PAGE_TITLES: Record<FinancePage, string> = {
  finance: 'Finance',
  'finance-enquiry': 'Finance enquiry',
  'apply-for-finance': 'Apply for finance',
  'personalised-finance': 'Personalised finance',
};

/** What each page offers, said plainly. */
export const PAGE_INTROS: Record<FinancePage, string> = {
  finance: 'Work out your repayments, then tell us what you would like to finance and we will call you with options.',
  'finance-enquiry': 'Tell us what you would like to finance and we will call you with options.',
  'apply-for-finance': 'Send us a finance enquiry below and we will call you to start your application.',
  'personalised-finance': 'Tell us a little about what you would like to finance below and we will call you with personalised options.',
};

export const isFinancePage = (page: string): page is FinancePage => (PAGES['mf-finance'] as readonly string[]).includes(page);

/** Pages that carry the finance enquiry form (lib/enquiry-form.ts). */
export const hasEnquiryForm = (page: FinancePage) => page === 'finance-enquiry' || page === 'apply-for-finance' || page === 'personalised-finance';
