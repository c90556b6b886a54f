import { existsSync } from 'node:fs';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CarSchema, type CarInput } from '@forecourt/contracts/entities/car';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { sampleLocation } from '@forecourt/contracts/fixtures/location';
import { siteConfig } from '@forecourt/contracts/fixtures/tenant';
import { ISLAND_PROPS_ATTR } from '@forecourt/contracts/fragments';
import { LocationSchema } from '@forecourt/contracts/entities/location';
import { FIELD_ERROR_TEXTS } from '@forecourt/contracts/form-errors';
import { TRADE_IN_QUESTIONS } from '@forecourt/contracts/trade-in';
import type { FeatureFlags, SiteConfigInput } from '@forecourt/contracts/tenant';
import { BROKEN_JOURNEY_ID, fakeTradeInJourney, fixtureJourneyId, JOURNEY_STATES } from '../test/trade-in-fixtures.ts';
import { tradeInFragment, type TradeInContext } from './index.ts';

const TENANT = 'test-motors';
const LEAD_ID = '00000000-0000-4000-8000-000000000001';
const NOW = new Date('2026-11-27T01:00:00Z'); // Friday 11am in Brisbane
const car = (overrides: Partial<CarInput> = {}) => v.parse(CarSchema, { ...sampleCar, ...overrides });
const config = (features: Partial<FeatureFlags> = {}, overrides: Partial<SiteConfigInput> = {}) => siteConfig(TENANT, { features, ...overrides });

/** edge-api over the binding: the fixtures' journeys for TENANT; every call recorded. */
function edge() {
  const calls: string[] = [];
  return {
    calls,
    fetch: async (url: string, init?: RequestInit) => {
      calls.push(url);
      return fakeTradeInJourney(new Request(url, init), TENANT) ?? Response.json({ error: 'Not found.' }, { status: 404 });
    },
  };
}

async function render(query: Record<string, string> = {}, ctx: Partial<TradeInContext> = {}) {
  const binding = edge();
  const out = await tradeInFragment({
    config: config(), car: null, params: new URLSearchParams(query), routeJourney: null, edge: binding, locations: [v.parse(LocationSchema, sampleLocation)], now: NOW, leadId: LEAD_ID, ...ctx,
  });
  return { out, html: out ? renderToString(out.element) : '', calls: binding.calls };
}

const journey = (name: keyof typeof JOURNEY_STATES) => ({ journey: JOURNEY_STATES[name].id });
/** The island's serialised props (what the client hydrates with). */
/** The opening tag of the control with this id (React orders `name` and `value` last). */
const control = (html: string, id: string) => new RegExp(`<(?:input|select|textarea) id="${id}"[^>]*>`).exec(html)?.[0] ?? '';
const islandProps = (html: string) => JSON.parse(new RegExp(`<script type="application/json" ${ISLAND_PROPS_ATTR}="ftr-journey">(.*?)</script>`).exec(html)![1]!.replace(/\\u003c/g, '<'));

describe('trade-in journey pages: every step’s markup', () => {
  it('step 1: rego and a state select posting to edge-api with the page to return to, the manual link, the FAQ, an island that hydrates on interaction', async () => {
    const { out, html, calls } = await render();
    expect(out!.status).toBe(200);
    expect(out!.head).toMatchObject({ title: 'Trade-in valuation | Test Motors', robots: 'index, follow' });
    expect(calls).toEqual([]);
    expect(html).toMatch(/<form class="ftr-form"[^>]*action="\/api\/trade-in\/journeys" method="post">/);
    expect(html).toContain('<input type="hidden" name="return" value="/trade-in"/>');
    expect(html).toContain('<input type="hidden" name="journey" value="trade-in"/>');
    expect(html).toMatch(/<label for="ftr-rego">Registration \(rego\)/);
    expect(html).toContain('<select id="ftr-regoState" name="regoState" required=""');
    for (const state of ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']) expect(html).toContain(`<option value="${state}">${state}</option>`);
    expect(html).toContain('href="/trade-in?manual=1"');
    expect(html).toContain('Enter my car’s details instead');
    expect(html).toContain('<li class="ftr-steps__now" aria-current="step">');
    expect(html).toContain('data-island="mf-vehicle/TradeInJourney"');
    expect(html).toContain('data-island-when="interaction storage:forecourt:contact-details"');
    // The FAQ: a native accordion with the tenant's values (spec §9 defaults).
    expect(html).toContain('<h2 id="ftr-faq-title">Trade-In FAQ</h2>');
    expect(html.match(/<details class="ftr-faq__item"/g)).toHaveLength(4);
    expect(html).toContain('Mon-Fri');
    // The dealer beside the form.
    expect(html).toContain('class="fv-context fc-card"');
  });

  it('/cars/trade-in?car_id=: the car being bought beside the form, carried by step 1, noindex', async () => {
    const { out, html } = await render({ car_id: sampleCar.slug }, { car: car() });
    expect(out!.head.robots).toBe('noindex');
    expect(html).toContain(`<input type="hidden" name="car_id" value="${sampleCar.slug}"/>`);
    expect(html).toContain(`<input type="hidden" name="return" value="/cars/trade-in?car_id=${sampleCar.slug}"/>`);
    expect(html).toContain(`<a href="/cars/${sampleCar.slug}">${sampleCar.name}</a>`);
    expect(html).toContain(`Trading in toward the ${sampleCar.name}?`);
  });

  it('/sell-my-car: the sell journey without a car (a car in the query is not traded toward)', async () => {
    const { out, html } = await render({ car_id: sampleCar.slug }, { routeJourney: 'sell-my-car', car: car() });
    expect(out!.head.title).toBe('Sell my car | Test Motors');
    expect(html).toContain('<input type="hidden" name="journey" value="sell-my-car"/>');
    expect(html).toContain('<input type="hidden" name="return" value="/sell-my-car"/>');
    expect(html).not.toContain('name="car_id"');
    expect(html).not.toContain(`<a href="/cars/${sampleCar.slug}">`);
  });

  it('the manual form: make, model, year and badge as free text and a year list when edge-api has no lists, posting to the vehicle path', async () => {
    const broken = { fetch: async () => Response.json({ error: 'An unknown error occurred.' }, { status: 500 }) };
    const { html } = await render({ manual: '1' }, { edge: broken });
    expect(html).toContain('action="/api/trade-in/vehicle"');
    expect(html).not.toContain('name="refine"');
    for (const id of ['ftr-make', 'ftr-model']) expect(control(html, id)).toMatch(/type="text" required=""/);
    expect(html).toContain('<select id="ftr-year" name="year" required=""');
    expect(html).toContain('<option value="2026">2026</option>');
    expect(html).toContain('<option value="1980">1980</option>');
    expect(html).toContain('name="badge"');
    expect(html).toContain('Look up my car by rego instead');
  });

  it('the manual form lists the taxonomy’s makes without JavaScript, with a button that reloads the page for the models', async () => {
    const { html, calls } = await render({ manual: '1' });
    expect(calls).toEqual(['https://edge-api.internal/api/trade-in/taxonomy']);
    expect(html).toMatch(/<select id="ftr-make" name="make" required=""[^>]*>.*<option value="Mazda">Mazda<\/option><option value="Toyota">Toyota<\/option><\/select>/);
    expect(control(html, 'ftr-model')).toMatch(/type="text"/);
    // After Continue (Enter continues), a GET of the form to the page itself.
    const refine = /Continue<\/button>(<button [^>]*>)Show the models of this make<\/button>/.exec(html)?.[1] ?? '';
    for (const attr of ['type="submit"', 'name="refine"', 'value="1"', 'formMethod="get"', 'formAction="/trade-in"', 'formNoValidate=""']) expect(refine).toContain(attr);
    expect(islandProps(html).taxonomy).toMatchObject({ makes: ['Mazda', 'Toyota'], make: '' });
  });

  it('refining without JavaScript: the journey from `id`, the picks kept, the next list shown, until the badges', async () => {
    const models = await render({ refine: '1', id: JOURNEY_STATES.notFound.id, journey: 'trade-in', make: 'Toyota', model: '', year: '' });
    expect(models.calls).toEqual([`https://edge-api.internal/api/trade-in/journeys/${JOURNEY_STATES.notFound.id}`, 'https://edge-api.internal/api/trade-in/taxonomy?make=Toyota']);
    expect(models.out!.head.robots).toBe('noindex');
    expect(models.html).toContain(`<input type="hidden" name="id" value="${JOURNEY_STATES.notFound.id}"/>`);
    expect(models.html).toContain('<option value="Toyota" selected="">Toyota</option>');
    expect(models.html).toMatch(/<select id="ftr-model" name="model"[^>]*>.*<option value="Corolla">Corolla<\/option><option value="HiLux">HiLux<\/option>/);
    expect(models.html).toContain('Show the years of this model');

    const badges = await render({ refine: '1', journey: 'trade-in', make: 'Toyota', model: 'Corolla', year: '2023' });
    expect(badges.html).toContain('<option value="2023" selected="">2023</option>');
    expect(badges.html).toMatch(/<select id="ftr-badge" name="badge"[^>]*>.*<option value="ZR">ZR<\/option>/);
    expect(badges.html).not.toContain('name="refine"');

    // A pick the lists do not hold (typed into the address) is dropped with what follows it.
    const unknown = await render({ refine: '1', journey: 'trade-in', make: 'Tesla', model: 'Corolla' });
    expect(unknown.html).toContain('Show the models of this make');
    expect(unknown.html).not.toMatch(/<option value="[^"]+" selected="">/);
  });

  it('a rego the lookup did not find: the manual form for that journey (its id sent along)', async () => {
    const { html } = await render(journey('notFound'));
    expect(html).toContain('We couldn’t find that registration.');
    expect(html).toContain(`<input type="hidden" name="id" value="${JOURNEY_STATES.notFound.id}"/>`);
  });

  it('step 2: the identified car with "Not my car?", the odometer and every question as a radio group', async () => {
    const { out, html, calls } = await render(journey('condition'));
    expect(calls).toEqual([`https://edge-api.internal/api/trade-in/journeys/${JOURNEY_STATES.condition.id}`]);
    expect(out!.head.robots).toBe('noindex');
    expect(html).toContain('2019 Toyota Corolla Ascent Sport');
    expect(html).toContain('ABC••• (QLD)');
    expect(html).toContain(`href="/trade-in?journey=${JOURNEY_STATES.condition.id}&amp;manual=1"`);
    expect(html).toContain(`action="/api/trade-in/journeys/${JOURNEY_STATES.condition.id}/condition"`);
    expect(control(html, 'ftr-odometer')).toMatch(/required="" inputMode="numeric".*name="odometer"/);
    expect(html.match(/<fieldset class="ftr-question"/g)).toHaveLength(TRADE_IN_QUESTIONS.length);
    for (const q of TRADE_IN_QUESTIONS) {
      expect(html).toContain(`<legend>${q.label.replace(/'/g, '&#x27;')}`);
      for (const o of q.options) expect(html).toContain(`name="answers.${q.id}" value="${o.value}"`);
    }
    expect(html).toContain('<li class="ftr-steps__now" aria-current="step"><span class="ftr-steps__n" aria-hidden="true">2</span>');
  });

  it('"Not my car?": the manual form for the identified journey', async () => {
    const { html } = await render({ ...journey('condition'), manual: '1' });
    expect(html).toContain('action="/api/trade-in/vehicle"');
    expect(html).toContain(`<input type="hidden" name="id" value="${JOURNEY_STATES.condition.id}"/>`);
  });

  it('step 3: contact details with the lead id, the collection notice, and the postcode only where the tenant asks for it', async () => {
    const { html } = await render(journey('contact'));
    expect(html).toContain(`action="/api/trade-in/journeys/${JOURNEY_STATES.contact.id}/contact"`);
    expect(html).toContain(`<input type="hidden" name="lead_id" value="${LEAD_ID}"/>`);
    for (const [name, auto] of [['name', 'given-name'], ['last_name', 'family-name'], ['email', 'email'], ['phone', 'tel']]) expect(html).toContain(`name="${name}"`), expect(html).toContain(`autoComplete="${auto}"`);
    expect(html).not.toContain('name="postcode"');
    expect(html).toContain('collects your details to respond to your enquiry. Read our <a href="/privacy-policy">collection notice and privacy policy</a>');
    const withPostcode = await render(journey('contact'), { config: config({ enquiry_postcode_required: true }) });
    expect(html).not.toContain('name="terms_conditions"');
    const withTerms = await render(journey('contact'), { config: config({ terms_required: true }) });
    expect(withTerms.html).toContain('<input type="hidden" name="terms_conditions" value="false"/><input id="ftr-terms-conditions" type="checkbox" required="" name="terms_conditions" value="true"/>');
    expect(control(withPostcode.html, 'ftr-postcode')).toMatch(/required="".*pattern="\\d\{4\}".*name="postcode"/);
  });

  it('a fresh lead id per render unless pinned', async () => {
    const a = await render(journey('contact'), { leadId: undefined as never });
    const b = await render(journey('contact'), { leadId: undefined as never });
    expect(islandProps(a.html).leadId).toMatch(/^[0-9a-f-]{36}$/);
    expect(islandProps(a.html).leadId).not.toBe(islandProps(b.html).leadId);
  });

  it('step 3b: the texted code, to the masked phone', async () => {
    const { html } = await render(journey('verify'));
    expect(html).toContain('We’ve texted a 6-digit code to 04•• ••• 678.');
    expect(html).toContain('autoComplete="one-time-code"');
    expect(html).toContain(`action="/api/trade-in/journeys/${JOURNEY_STATES.verify.id}/verify"`);
    expect(html).toContain('<li class="ftr-steps__now" aria-current="step"><span class="ftr-steps__n" aria-hidden="true">3</span>');
  });

  it('step 4: the range in dollars, valid until, Accept this offer', async () => {
    const { html } = await render(journey('offer'));
    expect(html).toContain('$18,400 – $20,100');
    expect(html).toContain('Valid until Friday 4 December 2026');
    expect(html).toContain(`action="/api/trade-in/journeys/${JOURNEY_STATES.offer.id}/accept"`);
    expect(html).toContain('<input type="hidden" name="accept" value="yes"/>');
    expect(html).toContain('Accept this offer');
  });

  it('step 4 without an online estimate: why, and the contact promise in the tenant’s hours (no accept button)', async () => {
    const { html } = await render(journey('noEstimate'));
    expect(html).toContain('No online estimate');
    expect(html).toContain('Cars of this age need a look from our team');
    // contact_by is now (Friday 2pm Brisbane): the team is open until 5:30pm.
    expect(html).toContain('We&#x27;ll call you today by 5:30pm.');
    expect(html).not.toContain('Accept this offer');
    expect(html).toContain('href="tel:');
  });

  it('step 4 before the offer could be made: the promised call, and a way to try again for an online offer', async () => {
    const { html } = await render(journey('offerMissing'));
    expect(html).toContain('No online estimate');
    expect(html).toContain(`action="/api/trade-in/journeys/${JOURNEY_STATES.offerMissing.id}/accept"`);
    expect(html).toContain('<input type="hidden" name="accept" value="yes"/>');
    expect(html).toContain('Try again for an online offer');
    expect(html).not.toContain('Accept this offer');
    // An offer of 'none' is final: no retry there.
    expect((await render(journey('noEstimate'))).html).not.toContain('Try again for an online offer');
  });

  it('step 5: confirmation, what happens next, back to the car with finance and reserve where the tenant has them', async () => {
    const { html } = await render({ ...journey('accepted'), car_id: sampleCar.slug }, { car: car({ status: 'in_stock', sold: false }), config: config({ reserve_online: true }) });
    expect(html).toContain('Offer accepted');
    expect(html).toContain('What happens next');
    expect(html).toContain(`<a class="fc-btn fc-btn--primary" href="/cars/${sampleCar.slug}">Back to the ${sampleCar.name}</a>`);
    expect(html).toContain('Get finance');
    expect(html).toContain(`href="/cars/${sampleCar.slug}/checkout"`);
    const noReserve = await render({ ...journey('accepted'), car_id: sampleCar.slug }, { car: car({ status: 'in_stock', sold: false }), config: config({ reserve_online: false }) });
    expect(noReserve.html).not.toContain('/checkout"');
    const noCar = await render(journey('accepted'));
    expect(noCar.html).toContain('Browse our cars');
  });

  it('an unknown, expired, malformed or failing journey starts again with a clear message', async () => {
    for (const id of [fixtureJourneyId('expired'), 'not-an-id', BROKEN_JOURNEY_ID]) {
      const { html, out } = await render({ journey: id });
      expect(out!.head.robots).toBe('noindex');
      expect(html).toContain('action="/api/trade-in/journeys"');
      expect(html).toMatch(id === BROKEN_JOURNEY_ID ? /We couldn’t load your valuation just now/ : /That valuation has expired or could not be found/);
    }
    // Another tenant's journey is unknown here.
    const other = await render(journey('offer'), { config: siteConfig('other-motors') });
    expect(other.html).toContain('That valuation has expired');
  });

  it('the no-JavaScript error: the catalogue’s text in the red alert, the fields listed and marked', async () => {
    const { html } = await render({ trade_in_error: 'invalid', trade_in_error_fields: 'rego:rego,regoState:state' });
    expect(html).toContain('<div class="ftr-alert" role="alert" tabindex="-1" id="ftr-alert"><p class="ftr-alert__title">Please fix the following errors:</p>');
    expect(html).toContain('<a href="#ftr-rego">Registration: Invalid registration.</a>');
    expect(html).toContain('<a href="#ftr-regoState">State: Please choose a state.</a>');
    expect(html).toMatch(/id="ftr-rego"[^>]*aria-invalid="true"[^>]*aria-describedby="ftr-rego-error"/);
    const plain = await render({ trade_in_error: 'rego_not_found' });
    expect(plain.html).toContain('We couldn&#x27;t find that registration. Please check it, or enter your car&#x27;s details instead.');
  });

  it('no page where the tenant has no trade-in', async () => {
    expect((await render({}, { config: config({ trade_in: false }) })).out).toBeNull();
  });
});

describe('trade-in journey pages: review fixes (issue 18)', () => {
  it('"My car isn’t listed" is a link that works without JavaScript (no script-only button in the server markup)', async () => {
    const { html } = await render({ manual: '1' });
    expect(html).toContain('<a href="/trade-in?manual=1&amp;free=1" data-free="">My car isn’t listed</a>');
    expect(html).not.toMatch(/<button type="button"[^>]*>My car isn’t listed/);
    expect(islandProps(html).freeText).toBe(false);
    // A journey whose rego was not found keeps its id on the link.
    const missed = await render(journey('notFound'));
    expect(missed.html).toContain(`href="/trade-in?journey=${JOURNEY_STATES.notFound.id}&amp;manual=1&amp;free=1" data-free=""`);
  });

  it('`free=1`: make, model and badge typed, the year from every year, no lists read, the journey kept', async () => {
    const { html, calls } = await render({ ...journey('notFound'), manual: '1', free: '1' });
    expect(calls).toEqual([`https://edge-api.internal/api/trade-in/journeys/${JOURNEY_STATES.notFound.id}`]);
    for (const id of ['ftr-make', 'ftr-model', 'ftr-badge']) expect(control(html, id)).toMatch(/type="text"/);
    expect(html).toContain('<select id="ftr-year" name="year" required=""');
    expect(html).toContain('<option value="1980">1980</option>');
    expect(html).not.toContain('name="refine"');
    expect(html).not.toContain('My car isn’t listed');
    expect(html).toContain(`<input type="hidden" name="id" value="${JOURNEY_STATES.notFound.id}"/>`);
    expect(islandProps(html).freeText).toBe(true);
  });

  it('the no-estimate promise follows the tenant’s trade-in hours (closing 5pm), not the defaults', async () => {
    const hours = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: 'Open' as const, open: '09:00', close: '17:00' }));
    const { html } = await render(journey('noEstimate'), { config: config({}, { trade_in: { hours } }) });
    expect(html).toContain('We&#x27;ll call you today by 5pm.');
    expect(islandProps(html).hours).toEqual(hours);
  });

  it('Turnstile on the contact step only where the tenant switched it on with a site key: the test key’s token without JavaScript, the widget’s box for a real key', async () => {
    const off = await render(journey('contact'), { config: config({ turnstile: false }, { turnstile_site_key: '1x00000000000000000000AA' }) });
    for (const marker of ['ftr-turnstile', 'turnstile_token', 'cf-turnstile-response']) expect(off.html).not.toContain(marker);
    expect(islandProps(off.html).turnstileSiteKey).toBeNull();
    const test = await render(journey('contact'), { config: config({ turnstile: true }, { turnstile_site_key: '1x00000000000000000000AA' }) });
    expect(test.html).toMatch(/<form class="ftr-form"[^>]*\/contact"[^]*<input type="hidden" name="turnstile_token" value="XXXX.DUMMY.TOKEN.XXXX"\/>[^]*<\/form>/);
    const real = await render(journey('contact'), { config: config({ turnstile: true }, { turnstile_site_key: '0x4AAAAAAAexampleKey' }) });
    expect(real.html).toContain('<div class="ftr-turnstile" data-sitekey="0x4AAAAAAAexampleKey"><div></div></div>');
    expect(real.html).not.toContain('name="turnstile_token"');
    // Other steps never carry it.
    expect((await render(journey('condition'), { config: config({ turnstile: true }, { turnstile_site_key: '1x00000000000000000000AA' }) })).html).not.toContain('turnstile_token');
  });

  it('a tenant that verifies phones asks for a mobile (a code is texted), and edge-api’s `sms_phone` reads beside the field', async () => {
    const plain = await render(journey('contact'));
    expect(plain.html).toContain('<label for="ftr-phone">Phone');
    const verify = config({}, { trade_in: { verify_phone: true } });
    const { html } = await render(journey('contact'), { config: verify });
    expect(html).toContain('<label for="ftr-phone">Mobile');
    expect(html).toContain('We text you a code to check it');
    expect(control(html, 'ftr-phone')).toMatch(/type="tel".*autoComplete="tel"/);
    const refused = await render({ ...journey('contact'), trade_in_error: 'invalid', trade_in_error_fields: 'phone:sms_phone' }, { config: verify });
    expect(refused.html).toContain(`<p class="ftr-error" id="ftr-phone-error">${FIELD_ERROR_TEXTS.sms_phone.replace(/\(/g, '(')}</p>`);
  });

  it('the test fixtures live in src/test, not beside the shipped pages', () => {
    expect(existsSync(new URL('./fixtures.ts', import.meta.url))).toBe(false);
    expect(existsSync(new URL('../test/trade-in-fixtures.ts', import.meta.url))).toBe(true);
  });
});
