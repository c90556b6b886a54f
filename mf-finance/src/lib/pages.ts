/** The pages mf-finance answers (contracts route table) and small pure helpers for them. */
import { PAGES, type PageOf } from '@forecourt/contracts/routes';

export type FinancePage = PageOf<'mf-finance'>;

export const PAGE_TITLES: Record<FinancePage, string> = {
  finance: 'Finance',
  'finance-enquiry': 'Finance enquiry',
  'apply-for-finance': 'Apply for finance',
  'personalised-finance': 'Personalised finance',
};

/** What is coming on each page, said plainly: these pages land with the finance issue. */
export const COMING_SOON: Record<FinancePage, string> = {
  finance: 'Our online finance application is coming soon.',
  'finance-enquiry': 'Tell us what you would like to finance and we will call you with options.',
  'apply-for-finance': 'A full online application is coming soon. Until then, send us a finance enquiry below and we will call you to start it.',
  'personalised-finance': 'Personalised finance quotes online are coming soon.',
};

export const isFinancePage = (page: string): page is FinancePage => (PAGES['mf-finance'] as readonly string[]).includes(page);

/** Pages that carry the finance enquiry form (lib/enquiry-form.ts). */
export const hasEnquiryForm = (page: FinancePage) => page === 'finance-enquiry' || page === 'apply-for-finance';
