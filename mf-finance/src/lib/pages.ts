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
  finance: 'Get pre-approved or tell us what you would like to finance, and work out your repayments.',
  'finance-enquiry': 'Tell us what you would like to finance and our finance team will call you with options that suit your budget.',
  'apply-for-finance': 'Start your finance application here: send us your details and the car you are after, and our finance team will call you to complete it.',
  'personalised-finance': 'Your personalised finance quote for this car, worked out for your credit history and term.',
};

export const isFinancePage = (page: string): page is FinancePage => (PAGES['mf-finance'] as readonly string[]).includes(page);

/** The pages that are the Finance Enquiry form and its context (fragments/FinanceEnquiryPage.tsx). */
export const isEnquiryPage = (page: FinancePage): page is 'finance-enquiry' | 'apply-for-finance' => page === 'finance-enquiry' || page === 'apply-for-finance';
