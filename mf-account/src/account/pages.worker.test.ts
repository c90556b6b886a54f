/**
 * The account pages through the deployed Worker inside workerd, edge-api and mf-search replaced by the fakes of
 * src/test/fake-services.ts (vitest.workers.config.ts): signed in and out, the tenant's watchlist switch, forms' actions
 * and hidden fields, nothing from the URL echoed as text, `private, no-store`.
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_API, ACCOUNT_FORM_ERRORS } from '@forecourt/contracts/account';
import { WATCHLIST_API } from '@forecourt/contracts/api';
import { decodeFragmentHead, FRAGMENT_HEAD_HEADER } from '@forecourt/contracts/fragments';
import { signInPath } from '@forecourt/contracts/routes';
import { SIGN_IN_API } from '@forecourt/contracts/sign-in';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';
import { FAKE_SESSIONS } from '../test/fake-services.ts';
import { formsTo, inputs } from '../test/html.ts';
import { fetchWorker } from '../test/worker.ts';

const get = (path: string, cookie: string | null = null, tenant = 'test-motors') =>
  fetchWorker(path, { headers: { [TENANT_HEADER]: tenant, ...(cookie ? { cookie } : {}) } });

/** A page's answer: 200 HTML, noindex, never stored. */
async function page(res: Response, title: string): Promise<string> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/html');
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  expect(decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER))).toMatchObject({ title: `${title} | Test Motors`, robots: 'noindex' });
  return res.text();
}

describe('/watchlist', () => {
  it('signed in: the saved cars from edge-api with live price and status from mf-search, Remove and Compare forms', async () => {
    const html = await page(await get('/fragments/watchlist', FAKE_SESSIONS.signedIn), 'Your saved cars');
    expect(html).toContain('<h1>Your saved cars</h1>');
    expect(html).toContain('$31,990 Drive Away');
    for (const status of ['Available', 'Sold', 'Reserved', 'No longer listed']) expect(html).toContain(`">${status}</span>`);
    // A paid reservation (edge-api) shows Reserved on a car the feed does not flag.
    expect(html).toMatch(/2022 Kia Sportage S<\/a><span class="fa-saved__price">[^<]*<\/span><span class="fa-status fa-status--warn">Reserved<\/span>/);
    const removes = formsTo(html, WATCHLIST_API.remove);
    expect(removes).toHaveLength(6);
    expect(removes[0]).toMatchObject({ attrs: { method: 'post' }, hidden: { phone_number: ['0412345678'], car_id: ['148223'], redirect: ['/watchlist'] } });
    expect(formsTo(html, '/watchlist')[0]?.attrs).toMatchObject({ method: 'get', id: 'fa-compare-form' });
    expect(formsTo(html, ACCOUNT_API.profile)[0]?.hidden).toEqual({ sms_alerts: ['false'], redirect: ['/watchlist'] });
    expect(html).toContain('<div id="fa-device-favourites" data-island="mf-account/MergeFavourites" class="fc-island"></div>');
    expect(html).not.toContain('mf-account/SavedCars');
  });

  it('compares 2 to 4 saved cars side by side (GET), ignoring ids that are not the shopper’s', async () => {
    const html = await page(await get('/fragments/watchlist?compare=148223&compare=paid-1&compare=someone-elses', FAKE_SESSIONS.signedIn), 'Your saved cars');
    expect(html).toContain('<caption class="fc-visually-hidden">Your chosen saved cars, side by side</caption>');
    expect(html).toContain('<th scope="row">Transmission</th>');
    expect(html).not.toContain('someone-elses');
  });

  it('empty list: the empty state with a link to the stock search', async () => {
    const html = await page(await get('/fragments/watchlist', FAKE_SESSIONS.empty), 'Your saved cars');
    expect(html).toContain('You haven&#x27;t saved any cars yet.');
    expect(html).toContain('href="/search/new-used-and-demo-cars"');
  });

  it('signed out (no cookie, an expired session, another tenant’s): the device page and a sign-in link', async () => {
    for (const [cookie, tenant] of [[null, 'test-motors'], [FAKE_SESSIONS.expired, 'test-motors'], [FAKE_SESSIONS.signedIn, 'no-faves']] as const) {
      const html = await page(await get('/fragments/watchlist', cookie, tenant), 'Your saved cars');
      expect(html, `${cookie} ${tenant}`).toContain('data-island="mf-account/SavedCars"');
      expect(html).toContain(`href="${signInPath('watchlist', '/watchlist').replace(/&/g, '&amp;')}"`);
      expect(html).not.toContain('0412345678');
    }
  });

  it('the tenant’s watchlist switch off: the device page, no sign-in link, even signed in', async () => {
    const html = await page(await get('/fragments/watchlist', FAKE_SESSIONS.signedIn, 'watch-off'), 'Your saved cars');
    expect(html).toContain('data-island="mf-account/SavedCars"');
    expect(html).not.toContain('Sign in to keep');
    expect(html).not.toContain('Kia Sportage');
  });

  it('shows the catalogue’s messages only, never text from the URL', async () => {
    const html = await page(await get('/fragments/watchlist?account_done=removed&account_error=%3Cimg%20src%3Dx%3EFree%20car', FAKE_SESSIONS.signedIn), 'Your saved cars');
    expect(html).toContain('role="status">Car removed from your watchlist.</p>');
    expect(html).toContain(`role="alert">${ACCOUNT_FORM_ERRORS.failed}</div>`);
    expect(html).not.toMatch(/Free car|<img src=x/);
  });
});

describe('my-garage', () => {
  it('signed in: every section, every form back to the garage route the shell names', async () => {
    const html = await page(await get('/fragments/my-garage?_garage=mymotorama', FAKE_SESSIONS.signedIn), 'My Garage');
    for (const h of ['Saved cars', 'Saved searches', 'Reservations', 'Enquiries', 'Your details', 'Sign out', 'Your data']) expect(html).toContain(`">${h}</h2>`);
    expect(html).toContain('<a href="/watchlist">View all saved cars</a>');
    expect(html).toContain('Refunded: someone else reserved this car first');
    expect(html).toContain('<time dateTime="2026-11-27">27 Nov 2026</time>');
    // Delete lands on the watchlist page instead (not gated: the signed-out shopper reads that it is done).
    expect(formsTo(html, ACCOUNT_API.deleteData)[0]!.hidden.redirect).toEqual(['/watchlist']);
    for (const action of [ACCOUNT_API.changeSearch, ACCOUNT_API.profile]) {
      const found = formsTo(html, action);
      expect(found.length, action).toBeGreaterThan(0);
      for (const form of found) expect(form.hidden.redirect, action).toEqual(['/mymotorama']);
    }
    expect(formsTo(html, SIGN_IN_API.signOut)[0]?.hidden).toEqual({ redirect: ['/watchlist?account_done=signed-out'] });
    expect(inputs(formsTo(html, ACCOUNT_API.deleteData)[0]!.html).find((i) => i.name === 'confirm')).toMatchObject({ type: 'checkbox', value: 'delete' });
    expect(html).toContain(`href="${ACCOUNT_API.exportData}" download=""`);
    // The garage param is only ever one of the five routes.
    const other = await page(await get('/fragments/my-garage?_garage=evil.example', FAKE_SESSIONS.signedIn), 'My Garage');
    expect(formsTo(other, ACCOUNT_API.profile)[0]?.hidden.redirect).toEqual(['/my-garage']);
  });

  it('the watchlist switch off hides Saved cars', async () => {
    const html = await page(await get('/fragments/my-garage', FAKE_SESSIONS.signedIn, 'watch-off'), 'My Garage');
    expect(html).toContain('Saved searches</h2>');
    expect(html).not.toContain('Saved cars</h2>');
    expect(html).not.toContain('View all saved cars');
    const on = await page(await get('/fragments/my-garage', FAKE_SESSIONS.signedIn), 'My Garage');
    expect(on).toContain('Saved cars</h2>');
  });

  it('session gone (the shell’s gate passed): a Sign in link back to the page, no data', async () => {
    const html = await page(await get('/fragments/my-garage?_garage=myservco', FAKE_SESSIONS.expired), 'My Garage');
    expect(html).toContain(`href="${signInPath('my-garage', '/myservco').replace(/&/g, '&amp;')}"`);
    expect(html).not.toContain('<form');
  });

  it('edge-api failing: the page says so', async () => {
    const html = await page(await get('/fragments/my-garage', FAKE_SESSIONS.broken), 'My Garage');
    expect(html).toContain('We couldn&#x27;t load your account just now.');
    expect(html).not.toContain('<form');
  });
});

describe('/alerts/stop', () => {
  it('a plausible token: the opt-out form with it, no sign-in needed', async () => {
    const html = await page(await get('/fragments/alerts-stop?t=tok_ABCdef-1234567890'), 'Stop text alerts');
    expect(html).toContain('<h1>Stop text alerts</h1>');
    expect(formsTo(html, ACCOUNT_API.optOut).map((f) => [f.attrs.method, f.hidden])).toEqual([['post', { t: ['tok_ABCdef-1234567890'], redirect: ['/alerts/stop'] }]]);
  });

  it('anything else is the invalid-link text; the 303’s messages are the catalogue’s', async () => {
    for (const t of ['', 'short', '%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'a'.repeat(401)]) {
      const html = await page(await get(`/fragments/alerts-stop?t=${t}`), 'Stop text alerts');
      expect(html, t).toContain(`role="alert">${ACCOUNT_FORM_ERRORS.link}</div>`);
      expect(html).not.toContain('<form');
      expect(html).not.toContain('script');
    }
    const done = await page(await get('/fragments/alerts-stop?account_done=opted-out'), 'Stop text alerts');
    expect(done).toContain('role="status">You won&#x27;t get any more alerts from us by text.</p>');
  });
});
