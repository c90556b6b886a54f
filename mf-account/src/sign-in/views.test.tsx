import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { parseIslandProps } from '@forecourt/contracts/fragments';
import { SIGN_IN_API, SIGN_IN_MESSAGES } from '@forecourt/contracts/sign-in';
import { readSignInQuery } from './model.ts';
import SignIn from './SignIn.tsx';
import { SignInPage } from './SignInPage.tsx';
import { CodeForm } from './CodeForm.tsx';
import { PhoneForm } from './PhoneForm.tsx';
import { SignInAlert } from './SignInAlert.tsx';

const config = { name: 'Test Motors', collection_notice_href: '/privacy-policy' };
const page = (query: string, pendingPhone: string | null = null) => renderToString(<SignInPage query={readSignInQuery(new URLSearchParams(query))} pendingPhone={pendingPhone} config={config} />);
/** The opening tag of the element with this id. */
const tag = (html: string, id: string) => html.match(new RegExp(`<[a-z]+ [^>]*id="${id}"[^>]*>`))?.[0] ?? '';
const CHECKOUT = 'type=checkout&redirect=%2Fcars%2Fabc%2Fcheckout&back=%2Fcars%2Fabc';

describe('sign-in page, step 1 (no JavaScript)', () => {
  const html = page(CHECKOUT);
  it('heading by journey, the explanation, the back link and the collection notice', () => {
    expect(html).toContain('<h1>Sign in to reserve this car</h1>');
    expect(page('type=watchlist&redirect=/watchlist')).toContain('<h1>Sign in to save cars</h1>');
    expect(page('')).toContain('<h1>Sign in</h1>');
    expect(html).toMatch(/we text a <!-- -->6<!-- -->-digit code to your mobile/);
    expect(html).toContain('Standard message rates may apply.');
    expect(html).toContain('<a href="/cars/abc">Go back</a>');
    expect(page('')).toContain('<a href="/">Back to home</a>');
    expect(html).toContain('<a href="/privacy-policy">collection notice and privacy policy</a>');
  });
  it('lays out the form in one column and what signing in means beside it', () => {
    expect(html).toContain('<div class="fa-split"><div class="fc-card fa-split__main"><div id="fa-sign-in" data-island="mf-account/SignIn"');
    expect(html).toMatch(/<section class="fc-card fa-split__aside fa-sign-in__about" aria-labelledby="fa-sign-in-about"><h2 id="fa-sign-in-about">How signing in works<\/h2>/);
  });
  it('a plain form posting urlencoded to edge-api with the journey hidden', () => {
    const form = tag(html, 'fa-sign-in-phone-form');
    expect(form).toContain(`action="${SIGN_IN_API.sendCode}"`);
    expect(form).toContain('method="post"');
    expect(form).not.toContain('enctype');
    expect(form).toContain('data-no-js=""');
    expect(html).toContain('<input type="hidden" name="redirect" value="/cars/abc/checkout"/><input type="hidden" name="type" value="checkout"/><input type="hidden" name="back" value="/cars/abc"/>');
    expect(html).toContain('>Send code</button>');
    expect(html).not.toContain('fa-sign-in-code-form');
  });
  it('mobile number: tel, autocomplete tel, inputmode tel, required, with its hint; the profile fields are optional with autocomplete', () => {
    const phone = tag(html, 'fa-sign-in-phone');
    for (const attr of ['type="tel"', 'autoComplete="tel"', 'inputMode="tel"', 'required=""', 'name="phone"', 'aria-describedby="fa-sign-in-phone-hint"']) expect(phone).toContain(attr);
    expect(html).toContain('<label for="fa-sign-in-phone">Mobile number</label>');
    for (const [id, ac] of [['first_name', 'given-name'], ['last_name', 'family-name'], ['email', 'email']] as const) {
      const input = tag(html, `fa-sign-in-${id}`);
      expect(input).toContain(`autoComplete="${ac}"`);
      expect(input).not.toContain('required');
    }
    expect(tag(html, 'fa-sign-in-email')).toContain('type="email"');
    expect(html).toContain('First name<span class="fa-optional"> (optional)</span>');
  });
  it('a client-mode mf-account/SignIn island wraps the forms, its props (the safe query) beside it', () => {
    expect(html).toContain('<div id="fa-sign-in" data-island="mf-account/SignIn" class="fc-island" data-island-mode="client">');
    const props = html.match(/<script type="application\/json" data-island-props="fa-sign-in">([^<]*)<\/script>/)?.[1] ?? '';
    expect(parseIslandProps(props)).toEqual({ type: 'checkout', redirect: '/cars/abc/checkout', back: '/cars/abc', step: 'phone', error: null, phone: null, sessionCookie: false });
  });
  it('the alert is there but hidden without an error', () => {
    expect(html).toContain('<div class="flf-alert" role="alert" tabindex="-1" hidden=""></div>');
  });
});

describe('sign-in page, step 2 (?step=code)', () => {
  it('the code form: numeric, one-time-code, pattern 6 digits, maxlength 6, required; posts to verify with the journey', () => {
    const html = page(`${CHECKOUT}&step=code`);
    const form = tag(html, 'fa-sign-in-code-form');
    expect(form).toContain(`action="${SIGN_IN_API.verify}"`);
    expect(form).toContain('method="post"');
    const code = tag(html, 'fa-sign-in-token');
    for (const attr of ['type="text"', 'inputMode="numeric"', 'autoComplete="one-time-code"', 'pattern="\\d{6}"', 'maxLength="6"', 'required=""', 'name="token"', 'aria-describedby="fa-sign-in-sent fa-sign-in-token-hint"']) expect(code).toContain(attr);
    expect(html).toContain('<input type="hidden" name="redirect" value="/cars/abc/checkout"/>');
    expect(html).toContain('>Verify</button>');
    expect(html).not.toContain('fa-sign-in-phone-form');
  });
  it('with the pending phone: where the code went (masked), Resend Code re-posting that number, Use another number', () => {
    const html = page(`${CHECKOUT}&step=code`, '0412345678');
    expect(html).toContain('Code sent!<!-- --> <!-- -->We sent a code to 04xx xxx 678.');
    expect(html).not.toMatch(/We sent a code to 0412/);
    const resend = html.match(/<form id="fa-sign-in-resend-form"[\s\S]*?<\/form>/)?.[0] ?? '';
    expect(resend).toContain(`action="${SIGN_IN_API.sendCode}"`);
    expect(resend).toContain('<input type="hidden" name="phone" value="0412345678"/>');
    expect(resend).toContain('<input type="hidden" name="redirect" value="/cars/abc/checkout"/>');
    expect(resend).toContain('>Resend Code</button>');
    expect(html).toContain('<a class="fc-btn" href="/sign-in?type=checkout&amp;redirect=%2Fcars%2Fabc%2Fcheckout&amp;back=%2Fcars%2Fabc">Use another number</a>');
  });
  it('without it: no number shown or posted, one way back to step 1', () => {
    const html = page(`${CHECKOUT}&step=code`);
    expect(html).toContain('We sent a code to your mobile.');
    expect(html).not.toContain('fa-sign-in-resend-form');
    expect(html).toContain('>Send a new code or use another number</a>');
  });
  it('a session cookie in the request tells the island to ask edge-api who is signed in', () => {
    const html = renderToString(<SignInPage query={readSignInQuery(new URLSearchParams(''))} pendingPhone={null} sessionCookie config={config} />);
    expect(html).toContain('"sessionCookie":true}</script>');
  });
  it('the pending phone goes nowhere on step 1', () => {
    const html = page(CHECKOUT, '0412345678');
    expect(html).not.toContain('0412345678');
  });
});

describe('errors from a no-JavaScript post (?sign_in_error=)', () => {
  it('shows in the alert, escaped', () => {
    const html = page(`${CHECKOUT}&step=code&sign_in_error=invalid_code`);
    expect(html).toContain(`<div class="flf-alert" role="alert" tabindex="-1">${SIGN_IN_MESSAGES.invalidCode}</div>`);
    const evil = page(`sign_in_error=${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
    expect(evil).not.toContain('onerror');
    expect(evil).not.toContain('<img');
    // In the props script too: no way out of the JSON.
    expect(evil).not.toMatch(/data-island-props="fa-sign-in">[^<]*<img/);
  });
  it('a text made to phish is never shown: only the catalogue\'s sentences are (issue 10.4)', () => {
    const html = page(`sign_in_error=${encodeURIComponent('Call 0400 111 222 to unlock your account')}`);
    expect(html).toContain('role="alert" tabindex="-1">An error occurred when submitting this form</div>');
    expect(html).not.toContain('0400 111 222');
  });
  it('redirect and back never leave the site', () => {
    const html = page(`redirect=${encodeURIComponent('https://evil.example/')}&back=${encodeURIComponent('//evil.example')}`);
    expect(html).not.toContain('evil.example');
    expect(html).toContain('<input type="hidden" name="redirect" value="/"/>');
  });
});

describe('the island (first render, before the session answers)', () => {
  const props = { ...readSignInQuery(new URLSearchParams(`${CHECKOUT}&step=code`)), phone: '0412345678', sessionCookie: false };
  it('step 2 as the props say: noValidate and aria-required instead of native checks, buttons for Resend and another number', () => {
    const html = renderToString(<SignIn {...props} />);
    expect(tag(html, 'fa-sign-in-code-form')).toContain('noValidate=""');
    expect(tag(html, 'fa-sign-in-code-form')).not.toContain('data-no-js');
    const code = tag(html, 'fa-sign-in-token');
    expect(code).toContain('aria-required="true"');
    expect(code).not.toContain('required=""');
    expect(html).toContain('<button type="button" class="fc-btn">Resend Code</button><button type="button" class="fc-btn">Use another number</button>');
    expect(html).toContain('We sent a code to 04xx xxx 678.');
    expect(html).toContain('<p class="fc-visually-hidden" role="status"></p>');
  });
  it('step 1 with the server error in the alert', () => {
    const html = renderToString(<SignIn {...props} step="phone" error="Invalid phone number." />);
    expect(html).toContain('<div class="flf-alert" role="alert" tabindex="-1">Invalid phone number.</div>');
    expect(tag(html, 'fa-sign-in-phone')).toContain('aria-required="true"');
    expect(html).toContain('>Send code</button>');
  });
  it('an off-site redirect in the props still goes home', () => {
    const html = renderToString(<SignIn {...props} redirect="https://evil.example/" />);
    expect(html).not.toContain('evil.example');
  });
});

describe('shared pieces', () => {
  const query = { type: '', redirect: '/', back: '/' };
  it('field messages are tied to their fields and mark them invalid', () => {
    const html = renderToString(<PhoneForm mode="island" query={query} errors={{ phone: 'This is a required field.', email: 'Invalid email address.' }} />);
    expect(tag(html, 'fa-sign-in-phone')).toContain('aria-invalid="true"');
    expect(tag(html, 'fa-sign-in-phone')).toContain('aria-describedby="fa-sign-in-phone-hint fa-sign-in-phone-error"');
    expect(html).toContain('<p id="fa-sign-in-phone-error" class="flf-error">This is a required field.</p>');
    expect(tag(html, 'fa-sign-in-email')).toContain('aria-describedby="fa-sign-in-email-error"');
    expect(tag(html, 'fa-sign-in-first_name')).not.toContain('aria-invalid');
  });
  it("busy: 'Sending...' / 'Verifying...', the button disabled, the form aria-busy", () => {
    const sending = renderToString(<PhoneForm mode="island" query={query} busy />);
    expect(sending).toMatch(/<button type="submit" class="fc-btn fc-btn--primary" disabled=""><span class="flf-spinner" aria-hidden="true"><\/span>Sending...<\/button>/);
    expect(tag(sending, 'fa-sign-in-phone-form')).toContain('aria-busy="true"');
    const verifying = renderToString(<CodeForm mode="island" query={query} phone="0412345678" busy />);
    expect(verifying).toContain('Verifying...</button>');
  });
  it("a new code on its way: 'Sending...' on Resend Code", () => {
    expect(renderToString(<CodeForm mode="island" query={query} phone="0412345678" resendDisabled resending />)).toContain('disabled=""><span class="flf-spinner" aria-hidden="true"></span>Sending...</button>');
  });
  it('the cool-down is text, and Resend Code waits for it', () => {
    const html = renderToString(<CodeForm mode="island" query={query} phone="0412345678" resendDisabled resendWait="You can ask for a new code in 12 seconds." />);
    expect(html).toContain('<button type="button" class="fc-btn" disabled="" aria-describedby="fa-sign-in-resend-wait">Resend Code</button>');
    expect(html).toContain('<p id="fa-sign-in-resend-wait" class="flf-hint">You can ask for a new code in 12 seconds.</p>');
  });
  it('alert hidden and empty without a message', () => {
    expect(renderToString(<SignInAlert message={null} />)).toBe('<div class="flf-alert" role="alert" tabindex="-1" hidden=""></div>');
  });
});
