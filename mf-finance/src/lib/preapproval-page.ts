/**
 * What a page shows of the pre-approval journey (the island's props), from the page's query and the application
 * cookie: the step asked for (never past what the application has reached), the estimate and car of the query (or of
 * the application once details are in), the details as typed, and a plain form's error carried back in the query.
 */
import type { FinanceQuickQuoteResponse } from '@forecourt/contracts/api';
import type { PreApprovalProps } from '../islands/PreApproval.tsx';
import {
  applicationFromCookieHeader, carContextFrom, checkDetails, CODE_MESSAGE, estimateFrom, isPreapprovalError, maskedPhone, PREAPPROVAL_MESSAGES,
  MOBILE_MESSAGE, reachableStep, stepOf, TERMS_TEXT, type Application, type DetailsDraft,
} from './preapproval.ts';

export type PreapprovalPage = {
  props: PreApprovalProps;
  /** The application read from the cookie (step 3 quotes it). */
  application: Application | null;
  /** The page shows something of the shopper's own (details, a step past the first): never a shared cache. */
  personal: boolean;
};

/**
 * @param prefill the signed-in shopper's saved details (personalised finance), used where the application has none.
 */
export function preapprovalPage(query: URLSearchParams, cookieHeader: string | null | undefined, prefill: DetailsDraft = {}): PreapprovalPage {
  const asked = stepOf(query.get('step'));
  // Step 1 of a plain /finance never reads the cookie: that page is shared (cached) by URL.
  const application = asked > 1 || Object.keys(prefill).length ? applicationFromCookieHeader(cookieHeader) : null;
  const step = reachableStep(asked, application);
  const fromQuery = (name: string) => query.get(name);
  const useApplication = application && step >= 3;
  const estimate = useApplication ? application.estimate : estimateFrom(fromQuery);
  const car = useApplication ? application.car : carContextFrom(fromQuery);
  const details: DetailsDraft = { ...prefill, ...Object.fromEntries(Object.entries(application?.details ?? {}).filter(([, v]) => v !== undefined && v !== '')) };

  let fieldErrors: PreApprovalProps['fieldErrors'] = {};
  let error: string | null = null;
  const key = query.get('preapproval_error');
  if (step === 2 && query.get('check') === '1' && application) {
    const checked = checkDetails(application.details);
    if (!checked.ok) fieldErrors = checked.fields;
  }
  if (key === 'invalidCode' && step === 4) fieldErrors = { code: PREAPPROVAL_MESSAGES.invalidCode };
  else if (key === 'code' && step === 4) fieldErrors = { code: CODE_MESSAGE };
  else if (key === 'terms' && step === 4) fieldErrors = { terms: TERMS_TEXT };
  // edge-api would not text this phone (the local check passed): said on the field.
  else if (key === 'phone' && step === 2) fieldErrors = { phone: MOBILE_MESSAGE };
  else if (isPreapprovalError(key)) error = PREAPPROVAL_MESSAGES[key];
  // Asked for a later step than the application reached (the cookie expired or never was): say so.
  if (asked > step && asked >= 3) error = PREAPPROVAL_MESSAGES.expired;

  const phone = application?.codeSent && application.details.phone ? maskedPhone(application.details.phone) : null;
  return {
    props: {
      step, estimate, details, car, fieldErrors, error, quote: null as FinanceQuickQuoteResponse | null, phone, verified: application?.verified === true && step === 4,
      redirectUrl: step === 4 && application?.redirectUrl ? application.redirectUrl : null,
    },
    application,
    personal: asked > 1 || Object.keys(prefill).length > 0 || application !== null,
  };
}
