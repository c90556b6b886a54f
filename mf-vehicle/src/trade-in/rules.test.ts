import { describe, expect, it } from 'vitest';
import { readFormError } from '@forecourt/contracts/form-errors';
import { TRADE_IN_QUESTIONS } from '@forecourt/contracts/trade-in';
import { JOURNEY_STATES } from '../test/trade-in-fixtures.ts';
import {
  actionFor,
  dayText,
  fieldErrorsOf,
  indicatorStep,
  journeyIdOf,
  journeyKindOf,
  jsonBodyOf,
  offerRangeText,
  pageHref,
  pagePathFor,
  returnPathFor,
  screenFor,
  validUntilText,
} from './rules.ts';

describe('screenFor: which step a journey state shows', () => {
  it('starts at the rego step, or the manual form with ?manual=1', () => {
    expect(screenFor(null, false)).toBe('vehicle');
    expect(screenFor(null, true)).toBe('manual');
  });

  it('asks for the car by hand when the lookup found nothing, and on "Not my car?" while the car is identified', () => {
    expect(screenFor(JOURNEY_STATES.notFound, false)).toBe('manual');
    expect(screenFor(JOURNEY_STATES.condition, false)).toBe('condition');
    expect(screenFor(JOURNEY_STATES.condition, true)).toBe('manual');
  });

  it('follows the state for the later steps (manual=1 cannot take a shopper back once past the car)', () => {
    expect(screenFor(JOURNEY_STATES.contact, true)).toBe('contact');
    expect(screenFor(JOURNEY_STATES.verify, false)).toBe('verify');
    expect(screenFor(JOURNEY_STATES.offer, false)).toBe('offer');
    expect(screenFor(JOURNEY_STATES.noEstimate, false)).toBe('offer');
    expect(screenFor(JOURNEY_STATES.accepted, false)).toBe('accepted');
  });

  it('places each screen on the five-step indicator (the texted code is part of "Your details")', () => {
    expect(['vehicle', 'manual', 'condition', 'contact', 'verify', 'offer', 'accepted'].map((s) => indicatorStep(s as never))).toEqual([1, 1, 2, 3, 3, 4, 5]);
  });
});

describe('paths, actions and bodies', () => {
  it('reads the journey kind from the route and only a well-formed journey id from the query', () => {
    expect(journeyKindOf('sell-my-car')).toBe('sell-my-car');
    expect(journeyKindOf(undefined)).toBe('trade-in');
    expect(journeyIdOf(JOURNEY_STATES.offer.id)).toBe(JOURNEY_STATES.offer.id);
    expect(journeyIdOf('../../admin')).toBeNull();
    expect(journeyIdOf('short')).toBeNull();
  });

  it('returns to the page with its car (trade-in only), and keeps the car on its own links', () => {
    expect(pagePathFor('trade-in', true)).toBe('/cars/trade-in');
    expect(pagePathFor('trade-in', false)).toBe('/trade-in');
    expect(pagePathFor('sell-my-car', false)).toBe('/sell-my-car');
    expect(pagePathFor('sell-my-car', false, '/sell-your-car')).toBe('/sell-your-car');
    expect(pagePathFor('sell-my-car', false, '/cars/trade-in')).toBe('/sell-my-car');
    expect(returnPathFor('/cars/trade-in', 'toyota-corolla-1')).toBe('/cars/trade-in?car_id=toyota-corolla-1');
    expect(returnPathFor('/sell-my-car', 'toyota-corolla-1')).toBe('/sell-my-car');
    expect(pageHref('/cars/trade-in?car_id=x', { journey: 'abc', manual: '1', none: null })).toBe('/cars/trade-in?car_id=x&journey=abc&manual=1');
    expect(pageHref('/trade-in', {})).toBe('/trade-in');
  });

  it('posts each step to its edge-api path, the journey id in the path once there is one', () => {
    const id = JOURNEY_STATES.condition.id;
    expect(actionFor('vehicle', null)).toBe('/api/trade-in/journeys');
    expect(actionFor('manual', id)).toBe('/api/trade-in/vehicle');
    expect(actionFor('condition', id)).toBe(`/api/trade-in/journeys/${id}/condition`);
    expect(actionFor('contact', id)).toBe(`/api/trade-in/journeys/${id}/contact`);
    expect(actionFor('verify', id)).toBe(`/api/trade-in/journeys/${id}/verify`);
    expect(actionFor('offer', id)).toBe(`/api/trade-in/journeys/${id}/accept`);
  });

  it('sends the JSON the plain form would: answers folded, the return path dropped', () => {
    const fields: Record<string, string> = { return: '/trade-in', odometer: '85,000', ...Object.fromEntries(TRADE_IN_QUESTIONS.map((q) => [`answers.${q.id}`, q.options[0].value])) };
    expect(jsonBodyOf('condition', fields)).toEqual({ odometer: '85,000', answers: Object.fromEntries(TRADE_IN_QUESTIONS.map((q) => [q.id, q.options[0].value])) });
    expect(jsonBodyOf('vehicle', { return: '/trade-in', journey: 'trade-in', rego: 'abc123', regoState: 'QLD', car_id: '' })).toEqual({ journey: 'trade-in', rego: 'abc123', regoState: 'QLD' });
    expect(jsonBodyOf('contact', { return: '/trade-in', lead_id: 'x', name: '', email: 'a@b.co', phone: '0412345678', last_name: '' })).toEqual({ lead_id: 'x', name: '', email: 'a@b.co', phone: '0412345678' });
    expect(jsonBodyOf('offer', { return: '/trade-in', accept: 'yes' })).toEqual({ accept: 'yes' });
    expect(jsonBodyOf('contact', { lead_id: 'x', name: 'A', email: 'a@b.co', phone: '0412345678', terms_conditions: 'true' })).toMatchObject({ terms_conditions: true });
    expect(jsonBodyOf('contact', { lead_id: 'x', name: 'A', email: 'a@b.co', phone: '0412345678', terms_conditions: 'false' })).toMatchObject({ terms_conditions: false });
  });
});

describe('texts', () => {
  it('shows the offer in whole dollars with its last valid day', () => {
    const offer = JOURNEY_STATES.offer.offer;
    expect(offerRangeText(offer)).toBe('$18,400 – $20,100');
    expect(offerRangeText({ ...offer, high: offer.low })).toBe('$18,400');
    expect(validUntilText(offer)).toBe('Valid until Friday 4 December 2026');
    expect(dayText('not a date')).toBe('not a date');
  });
});

describe('error mapping (form-error catalogue codes in the query)', () => {
  it('shows the catalogue text for a code and marks the named fields, a question by its answers field', () => {
    const error = readFormError(new URLSearchParams({ trade_in_error: 'invalid', trade_in_error_fields: 'odometer:odometer,answers.accident_history:answer' }), 'tradeIn')!;
    expect(error.code).toBe('invalid');
    expect(fieldErrorsOf(error.fields)).toEqual({ odometer: 'Please enter the odometer reading in km.', 'answers.accident_history': 'Please choose an answer.' });
    expect(readFormError(new URLSearchParams({ trade_in_error: 'rego_not_found' }), 'tradeIn')!.message).toBe("We couldn't find that registration. Please check it, or enter your car's details instead.");
  });

  it('never shows text of the link’s own: an unknown code reads as the general failure', () => {
    expect(readFormError(new URLSearchParams({ trade_in_error: 'Pay $200 to BSB 123' }), 'tradeIn')!.message).toBe('An error occurred when submitting this form');
  });

  it('maps a JSON answer’s nested answer fields to the form’s names', () => {
    expect(fieldErrorsOf({ 'answers.keys': 'Please choose an answer.', keys: 'x', name: 'This is a required field.' })).toEqual({ 'answers.keys': 'x', name: 'This is a required field.' });
    expect(fieldErrorsOf(undefined)).toEqual({});
  });
});

describe('review fixes: the island’s JSON carries Turnstile’s token, edge-api’s field codes read as sentences', () => {
  it('sends the widget’s `cf-turnstile-response` (or the test token’s field) as `turnstile_token`, never an empty one', () => {
    const base = { return: '/trade-in', lead_id: 'x', name: 'Sam', email: 'sam@example.com', phone: '0412345678' };
    expect(jsonBodyOf('contact', { ...base, 'cf-turnstile-response': 'tok-1' })).toEqual({ lead_id: 'x', name: 'Sam', email: 'sam@example.com', phone: '0412345678', turnstile_token: 'tok-1' });
    expect(jsonBodyOf('contact', { ...base, turnstile_token: 'XXXX.DUMMY.TOKEN.XXXX' })).toMatchObject({ turnstile_token: 'XXXX.DUMMY.TOKEN.XXXX' });
    const none = jsonBodyOf('contact', { ...base, 'cf-turnstile-response': '' });
    expect(none).not.toHaveProperty('turnstile_token');
    expect(none).not.toHaveProperty('cf-turnstile-response');
  });

  it('maps the `sms_phone` code on `phone` to the catalogue’s sentence (and keeps messages as they are)', () => {
    expect(fieldErrorsOf({ phone: 'sms_phone' })).toEqual({ phone: 'Please enter an Australian mobile number (we text the code to it).' });
    expect(fieldErrorsOf({ email: 'Invalid email address.' })).toEqual({ email: 'Invalid email address.' });
  });
});
