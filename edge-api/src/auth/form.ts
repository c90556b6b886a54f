/**
 * Where the no-JavaScript sign-in forms go next (spec §2 Sign-in: `/sign-in?type=&redirect=&back=`). The forms post
 * straight to edge-api; every answer is a 303 back to the sign-in page (next step, or the error's code as `sign_in_error`)
 * or, once signed in, to the page the shopper came from. Only same-site paths are ever used (safeRedirectPath).
 */
import { FORM_ERROR_PARAMS, formErrorCode } from '@forecourt/contracts/form-errors';
import { SIGN_IN_TYPE_PATTERN, safeRedirectPath } from '@forecourt/contracts/sign-in';

export const SIGN_IN_PAGE_PATH = '/sign-in';

/** What the sign-in page carries from step to step: where to go afterwards, why sign-in was asked, the back link. */
export type SignInReturn = { redirect: string; type: string | null; back: string | null };


export function signInReturn(form: URLSearchParams): SignInReturn {
  const type = form.get('type')?.trim() ?? '';
  const back = form.get('back');
  return {
    redirect: safeRedirectPath(form.get('redirect')),
    type: SIGN_IN_TYPE_PATTERN.test(type) ? type : null,
    back: back ? safeRedirectPath(back) : null,
  };
}

/**
 * The sign-in page at a step, with an error to show.
 * @example signInLocation({ redirect: '/cars/abc', type: null, back: null }, { step: 'code' }) // '/sign-in?step=code&redirect=%2Fcars%2Fabc'
 */
export function signInLocation(ret: SignInReturn, options: { step?: 'code'; error?: string } = {}): string {
  const query = new URLSearchParams();
  if (options.step) query.set('step', options.step);
  // The error travels as a code of contracts' catalogue: the page shows its text, never text from the query.
  if (options.error) query.set(FORM_ERROR_PARAMS.signIn, formErrorCode(options.error));
  query.set('redirect', ret.redirect);
  if (ret.type) query.set('type', ret.type);
  if (ret.back) query.set('back', ret.back);
  return `${SIGN_IN_PAGE_PATH}?${query.toString()}`;
}

/** The code form's token: digits as typed, spaces ignored ('123 456'). */
export const formToken = (form: URLSearchParams) => (form.get('token') ?? '').replace(/\s+/g, '');
