import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import * as v from 'valibot';
import { ACCOUNT_API, ACCOUNT_FORM_ERRORS } from '@forecourt/contracts/account';
import { WATCHLIST_API } from '@forecourt/contracts/api';
import { CarSchema } from '@forecourt/contracts/entities/car';
import { signInPath } from '@forecourt/contracts/routes';
import { SIGN_IN_API } from '@forecourt/contracts/sign-in';
import { FAKE_CARS, FAKE_EMPTY_SUMMARY, FAKE_SUMMARY } from '../test/fake-services.ts';
import { formsTo, inputs } from '../test/html.ts';
import { siteConfig } from '../test/tenant.ts';
import { AlertsStopPage } from './AlertsStopPage.tsx';
import type { CarLookup } from './data.ts';
import { ACCOUNT_TEXTS, compareSelection, readMessages } from './model.ts';
import { garageCarIds, MyGaragePage } from './MyGaragePage.tsx';
import { WatchlistPage } from './WatchlistPage.tsx';

const config = siteConfig();
const none = { done: null, error: null };

/** The lookups the fake services give: live cars (paid-1 with a paid reservation), gone-1 gone, broken-1 unknown. */
const cars = new Map<string, CarLookup>([
  ...Object.entries(FAKE_CARS).map(([id, input]): [string, CarLookup] => [id, { kind: 'car', car: v.parse(CarSchema, input), reserved: id === 'paid-1' }]),
  ['gone-1', { kind: 'gone' }],
  ['broken-1', { kind: 'unknown' }],
]);

/** The markup of one `<li>` of the saved list whose text contains `needle`. */
const itemWith = (html: string, needle: string) => html.split('<li ').find((chunk) => chunk.includes(needle)) ?? '';

describe('watchlist (signed in)', () => {
  const render = (query = '', summary = FAKE_SUMMARY, cfg = config) =>
    renderToString(<WatchlistPage config={cfg} summary={summary} cars={cars} messages={readMessages(new URLSearchParams(query))} compare={compareSelection(new URLSearchParams(query), summary.watchlist)} />);

  it('lists each saved car with picture, link, live price and honest status', () => {
    const html = render();
    expect(html).toContain('<h1>Your saved cars</h1>');
    expect(html).toContain('You have 6 saved cars.');
    const corolla = itemWith(html, 'Corolla Ascent');
    expect(corolla).toContain('<img src="/demo-img/hatch/blue/1.svg" alt=""');
    expect(corolla).toContain(`href="/cars/${FAKE_CARS['148223']!.slug}"`);
    expect(corolla).toContain('$31,990 Drive Away');
    expect(corolla).toContain('(was <!-- -->$33,490<!-- -->)');
    expect(corolla).toContain('>Available</span>');
    expect(itemWith(html, 'Mazda CX-5')).toContain('>Sold</span>');
    expect(itemWith(html, 'Hyundai i30')).toContain('>Reserved</span>');
    // A paid reservation in edge-api is Reserved too, though the feed does not say so.
    expect(itemWith(html, 'Kia Sportage')).toContain('>Reserved</span>');
    expect(itemWith(html, 'A car no longer listed')).toContain('>No longer listed</span>');
    expect(itemWith(html, ACCOUNT_TEXTS.carUnknown.replaceAll("'", '&#x27;'))).toContain('Saved car');
  });

  it('each car has a Remove form: POST the watchlist API with the car, the shopper’s phone and the way back', () => {
    const html = render();
    const [gone, ...others] = formsTo(itemWith(html, 'A car no longer listed'), WATCHLIST_API.remove);
    expect(others).toEqual([]);
    expect(gone!.attrs.method).toBe('post');
    expect(gone!.hidden).toEqual({ phone_number: ['0412345678'], car_id: ['gone-1'], redirect: ['/watchlist'] });
    expect(gone!.html).toContain('Remove<span class="fc-visually-hidden"> <!-- -->A car no longer listed<!-- --> from your saved cars</span>');
    expect(formsTo(html, WATCHLIST_API.remove).map((f) => f.hidden.car_id)).toEqual(FAKE_SUMMARY.watchlist.map((id) => [id]));
  });

  it('compare: checkboxes of a GET form to /watchlist (listed cars only), and the table of 2 to 4 chosen cars', () => {
    const html = render();
    expect(formsTo(html, '/watchlist')[0]?.attrs).toMatchObject({ id: 'fa-compare-form', method: 'get' });
    const boxes = inputs(html).filter((i) => i.name === 'compare');
    // Listed cars only (not gone-1, nor broken-1 whose details are unknown), each tied to the compare form.
    expect(boxes.map((b) => b.value)).toEqual(['148223', 'sold-1', 'feed-reserved-1', 'paid-1']);
    expect(boxes.every((b) => b.type === 'checkbox' && b.form === 'fa-compare-form' && !('checked' in b))).toBe(true);
    expect(html).toContain('<label for="fa-compare-148223">Compare<span class="fc-visually-hidden"> <!-- -->2021 Toyota Corolla Ascent Sport Hybrid</span></label>');
    expect(html).not.toContain('<table');
    const compared = render('compare=148223&compare=paid-1&compare=not-mine');
    expect(inputs(compared).filter((i) => i.name === 'compare' && 'checked' in i).map((i) => i.value)).toEqual(['148223', 'paid-1']);
    expect(compared).toContain('<caption class="fc-visually-hidden">Your chosen saved cars, side by side</caption>');
    expect(compared).toMatch(/<th scope="col">.*2021 Toyota Corolla Ascent Sport Hybrid<\/a><\/th><th scope="col">.*2022 Kia Sportage S<\/a><\/th>/);
    for (const label of ['Price', 'Year', 'Kilometres', 'Body', 'Transmission', 'Fuel', 'Engine', 'Colour', 'Status']) expect(compared).toContain(`<th scope="row">${label}</th>`);
    expect(compared).toContain('<td>2.0L</td>');
    expect(compared).not.toContain('not-mine');
    // One car, or more than four: said, no table.
    const one = render('compare=148223');
    expect(one).toContain(`role="alert">${ACCOUNT_TEXTS.compareTooFew}</div>`);
    expect(one).not.toContain('<table');
    expect(render('compare=148223&compare=sold-1&compare=feed-reserved-1&compare=paid-1&compare=gone-1')).toContain(ACCOUNT_TEXTS.compareTooMany);
    // A gone car in the choice is left out, and the page says so.
    expect(render('compare=148223&compare=paid-1&compare=gone-1')).toContain(ACCOUNT_TEXTS.compareGone);
    // The tenant's compare switch off: no compare at all.
    const off = render('compare=148223&compare=paid-1', FAKE_SUMMARY, siteConfig('test-motors', { features: { compare: false } }));
    expect(off).not.toContain('fa-compare-form');
    expect(off).not.toContain('<table');
  });

  it('the empty state, the device-favourites container, the SMS opt-in and My Garage', () => {
    const html = render('', FAKE_EMPTY_SUMMARY);
    expect(html).toContain("You haven&#x27;t saved any cars yet.");
    expect(html).toContain('href="/search/new-used-and-demo-cars"');
    // The island that keeps the cached list in step with the page and offers the device favourites.
    expect(html).toContain('<div id="fa-device-favourites" data-island="mf-account/MergeFavourites" class="fc-island"></div>');
    expect(html).not.toContain('fa-compare-form');
    expect(html).toContain('<h2 id="fa-alerts-h">Text alerts</h2>');
    expect(html).toContain('At most one text a day, never between 9 pm and 8 am.');
    const [optIn] = formsTo(html, ACCOUNT_API.profile);
    expect(optIn?.attrs.method).toBe('post');
    expect(optIn?.hidden).toEqual({ sms_alerts: ['true'], redirect: ['/watchlist'] });
    expect(optIn?.html).toContain('Text me alerts');
    expect(html).toContain('href="/my-garage"');
    // Alerts on: the form turns them off.
    const [optOut] = formsTo(render(), ACCOUNT_API.profile);
    expect(optOut?.hidden).toEqual({ sms_alerts: ['false'], redirect: ['/watchlist'] });
    expect(optOut?.html).toContain('Stop text alerts');
  });

  it('shows the catalogue’s done status and error alert, never the URL’s words', () => {
    const html = render('account_done=removed&account_error=%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(html).toContain('<p class="fa-msg" role="status">Car removed from your watchlist.</p>');
    expect(html).toContain(`role="alert">${ACCOUNT_FORM_ERRORS.failed}</div>`);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('alert(1)');
    expect(render('account_done=Free%20car')).not.toContain('Free car');
  });
});

describe('my garage', () => {
  const render = (query = '', account: Parameters<typeof MyGaragePage>[0]['account'] = { kind: 'signed-in', summary: FAKE_SUMMARY, cars }, cfg = config, path = '/mymotorama') =>
    renderToString(<MyGaragePage config={cfg} path={path} messages={readMessages(new URLSearchParams(query))} account={account} />);

  it('has a section per part, with headings', () => {
    const html = render();
    expect(html).toContain('<h1>My Garage</h1>');
    for (const h of ['Saved cars', 'Saved searches', 'Reservations', 'Enquiries', 'Your details', 'Sign out', 'Your data']) expect(html).toContain(`">${h}</h2>`);
    expect(html).toContain('Welcome back, Sam.');
  });

  it('saved cars: the count, the first 4 with links and status, View all; hidden with the watchlist switch off', () => {
    const html = render();
    expect(html).toContain('You have 6 saved cars.');
    expect(html).toContain(`href="/cars/${FAKE_CARS['148223']!.slug}"`);
    expect(html).toContain('>Sold</span>');
    // The fifth (gone-1) is not listed here.
    const section = html.slice(html.indexOf('fa-garage-cars-h'), html.indexOf('fa-garage-searches-h'));
    expect(section).not.toContain('no longer listed');
    expect(section).toContain('<a href="/watchlist">View all saved cars</a>');
    const off = render('', undefined, siteConfig('test-motors', { features: { watchlist: false } }));
    expect(off).not.toContain('Saved cars</h2>');
    expect(garageCarIds(FAKE_SUMMARY, false, 4)).toEqual(['paid-1', 'gone-1', '148223']);
    expect(garageCarIds(FAKE_SUMMARY, true, 4)).toEqual(['148223', 'sold-1', 'feed-reserved-1', 'paid-1', 'gone-1']);
  });

  it('saved searches: a link only to a search page, an alerts switch and Remove, each back to the page', () => {
    const html = render();
    expect(html).toContain('<a href="/search/used-cars?make=Toyota">Used Toyota</a>');
    expect(html).not.toContain('evil.example');
    expect(html).toContain('Odd search');
    const changes = formsTo(html, ACCOUNT_API.changeSearch);
    expect(changes.map((f) => [f.attrs.method, f.hidden])).toEqual([
      ['post', { id: ['search-1'], alerts: ['false'], redirect: ['/mymotorama'] }],
      ['post', { id: ['search-1'], redirect: ['/mymotorama'] }],
      ['post', { id: ['search-2'], alerts: ['true'], redirect: ['/mymotorama'] }],
      ['post', { id: ['search-2'], redirect: ['/mymotorama'] }],
    ]);
    expect(changes[0]!.html).toContain('Turn alerts off<span class="fc-visually-hidden"> for <!-- -->Used Toyota</span>');
    expect(changes[1]!.html).toContain('Remove<span class="fc-visually-hidden"> <!-- -->Used Toyota</span>');
  });

  it('reservations: car, amount in dollars, status in words, date; enquiries: date in the dealer’s zone, car, type', () => {
    const html = render();
    expect(html).toContain('<th scope="col">Car</th><th scope="col">Amount</th><th scope="col">Status</th><th scope="col">Date</th>');
    expect(html).toContain('<td><a href="/cars/2021-toyota-corolla-paid-1">2022 Kia Sportage S</a></td><td>$500</td><td>Paid</td>');
    expect(html).toContain('<td>A car no longer listed</td><td>$99.50</td><td>Refunded: someone else reserved this car first</td><td><time dateTime="2026-11-22">22 Nov 2026</time></td>');
    expect(html).toContain('<td><time dateTime="2026-11-27">27 Nov 2026</time></td><td><a href="/cars/2021-toyota-corolla-ascent-sport-hybrid-148223">2021 Toyota Corolla Ascent Sport Hybrid</a></td><td>Test Drive</td>');
    expect(html).toContain('<td>—</td><td>Trade-In Valuation: Offer Accepted</td>');
    const empty = render('', { kind: 'signed-in', summary: FAKE_EMPTY_SUMMARY, cars: new Map() });
    expect(empty).toContain(ACCOUNT_TEXTS.noEnquiries);
    expect(empty).toContain(ACCOUNT_TEXTS.noReservations);
  });

  it('your details: labelled fields prefilled, the SMS box (unticked sends false), sign out and your data', () => {
    const html = render();
    const [profile] = formsTo(html, ACCOUNT_API.profile);
    expect(profile?.attrs.method).toBe('post');
    // The unticked box still sends false: a hidden false before the box (the last value counts).
    expect(profile?.hidden).toEqual({ redirect: ['/mymotorama'], sms_alerts: ['false'] });
    const fields = inputs(profile!.html);
    expect(fields.find((i) => i.name === 'first_name')).toMatchObject({ id: 'fa-first-name', type: 'text', autoComplete: 'given-name', value: 'Sam' });
    expect(fields.find((i) => i.name === 'last_name')).toMatchObject({ id: 'fa-last-name', autoComplete: 'family-name', value: 'Driver' });
    expect(fields.find((i) => i.name === 'email')).toMatchObject({ id: 'fa-email', type: 'email', autoComplete: 'email', value: 'sam@example.com' });
    expect(fields.find((i) => i.name === 'sms_alerts' && i.type === 'checkbox')).toMatchObject({ id: 'fa-sms-alerts', value: 'true', checked: '', 'aria-describedby': 'fa-sms-alerts-hint' });
    for (const [id, label] of [['fa-first-name', 'First name'], ['fa-last-name', 'Last name'], ['fa-email', 'Email']]) expect(profile!.html).toContain(`<label for="${id}">${label}</label>`);
    expect(formsTo(html, SIGN_IN_API.signOut).map((f) => [f.attrs.method, f.hidden])).toEqual([['post', { redirect: ['/watchlist?account_done=signed-out'] }]]);
    expect(html).toContain(`<a class="fc-btn" href="${ACCOUNT_API.exportData}" download="">Download my data</a>`);
    const [del] = formsTo(html, ACCOUNT_API.deleteData);
    expect(del?.attrs.method).toBe('post');
    // Back to the watchlist page (not gated), where the signed-out shopper reads that it is done.
    expect(del?.hidden).toEqual({ redirect: ['/watchlist'] });
    expect(inputs(del!.html).find((i) => i.name === 'confirm')).toMatchObject({ id: 'fa-delete-confirm', type: 'checkbox', value: 'delete', required: '' });
    expect(html).toContain('This removes your account, your saved cars and your saved searches from this site, and signs you out. Enquiries and reservations you already sent to <!-- -->Test Motors<!-- --> stay with <!-- -->Test Motors<!-- -->.');
  });

  it('signed out: a Sign in link back to the page, no data; edge-api down: says so', () => {
    const html = render('account_done=deleted', { kind: 'signed-out' });
    expect(html).toContain(`href="${signInPath('my-garage', '/mymotorama').replace(/&/g, '&amp;')}"`);
    expect(html).toContain('role="status">Your account and saved data are deleted.</p>');
    expect(html).not.toContain('<form');
    expect(html).not.toContain('0412345678');
    const down = render('', { kind: 'unavailable' });
    expect(down).toContain(`role="alert">${ACCOUNT_TEXTS.unavailable.replaceAll("'", '&#x27;')}</div>`);
    expect(down).not.toContain('<form');
  });
});

describe('/alerts/stop', () => {
  const render = (token: string | null, query = '') => renderToString(<AlertsStopPage config={config} token={token} messages={readMessages(new URLSearchParams(query))} />);

  it('a plausible token: the explanation and the opt-out form with it', () => {
    const html = render('tok_1234567890');
    expect(html).toContain('<h1>Stop text alerts</h1>');
    expect(formsTo(html, ACCOUNT_API.optOut).map((f) => [f.attrs.method, f.hidden])).toEqual([['post', { t: ['tok_1234567890'], redirect: ['/alerts/stop'] }]]);
    expect(html).not.toContain('role="alert"');
  });
  it('no token: the invalid-link text, no form; after the 303, the catalogue’s message only', () => {
    const bad = render(null);
    expect(bad).toContain(`role="alert">${ACCOUNT_FORM_ERRORS.link}</div>`);
    expect(bad).not.toContain('<form');
    const done = render(null, 'account_done=opted-out');
    expect(done).toContain('role="status">You won&#x27;t get any more alerts from us by text.</p>');
    expect(done).not.toContain('role="alert"');
    const refused = render(null, 'account_error=link');
    expect(refused.match(/role="alert"/g)).toHaveLength(1);
  });
});
