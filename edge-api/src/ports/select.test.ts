import { describe, expect, it } from 'vitest';
import { adapterName } from './adapter-name.ts';
import { selectAutograb } from './autograb/select.ts';
import { EmbeddedAutograb } from './autograb/embedded.ts';
import { HttpAutograb } from './autograb/http.ts';
import { selectDelivery } from './delivery/select.ts';
import { EmbeddedDelivery } from './delivery/embedded.ts';
import { HttpDelivery } from './delivery/http.ts';
import { selectGeocoding } from './geocoding/select.ts';
import { EmbeddedGeocoding } from './geocoding/embedded.ts';
import { HttpGeocoding } from './geocoding/http.ts';
import { selectTurnstile } from './turnstile/select.ts';
import { EMBEDDED_SMS_OUTSIDE_LOCAL_RUN, selectSms } from './sms/select.ts';
import { EmbeddedSms } from './sms/embedded.ts';
import { TwilioSms } from './sms/twilio.ts';

const DB = {} as D1Database;

describe('port adapter selection', () => {
  it("defaults to 'embedded' when the variable is unset or empty", () => {
    expect(adapterName('SMS_ADAPTER', undefined, ['embedded'] as const)).toBe('embedded');
    expect(adapterName('SMS_ADAPTER', ' ', ['embedded'] as const)).toBe('embedded');
  });

  it('names the variable and the choices when the adapter is unknown', () => {
    expect(() => adapterName('SMS_ADAPTER', 'twilio', ['embedded'] as const)).toThrow('SMS_ADAPTER="twilio" is not an available adapter (available: embedded).');
    expect(() => selectSms({ SMS_ADAPTER: 'messagebird', DB, DEV_PAGES: 'on' })).toThrow('SMS_ADAPTER="messagebird" is not an available adapter (available: embedded, twilio).');
  });

  it('builds the embedded adapters', () => {
    expect(selectAutograb({ AUTOGRAB_ADAPTER: 'embedded' })).toBeInstanceOf(EmbeddedAutograb);
    expect(selectDelivery({ DELIVERY_ADAPTER: 'embedded' })).toBeDefined();
    expect(selectTurnstile({ TURNSTILE_ADAPTER: 'embedded' })).toBeDefined();
  });

  it("builds the 'http' market-price and delivery adapters from their env, naming a missing secret", () => {
    expect(selectAutograb({ AUTOGRAB_ADAPTER: 'http', AUTOGRAB_API_KEY: 'sec_x' })).toBeInstanceOf(HttpAutograb);
    expect(() => selectAutograb({ AUTOGRAB_ADAPTER: 'http' })).toThrow(/AUTOGRAB_API_KEY/);
    expect(selectDelivery({})).toBeInstanceOf(EmbeddedDelivery);
    expect(selectDelivery({ DELIVERY_ADAPTER: 'http', DELIVERY_API_URL: 'https://quotes.example.com.au', DELIVERY_API_KEY: 'k' })).toBeInstanceOf(HttpDelivery);
    expect(() => selectDelivery({ DELIVERY_ADAPTER: 'http', DELIVERY_API_URL: 'https://quotes.example.com.au' })).toThrow(/DELIVERY_API_KEY/);
    expect(() => selectDelivery({ DELIVERY_ADAPTER: 'courier' })).toThrow('DELIVERY_ADAPTER="courier" is not an available adapter (available: embedded, http).');
  });

  it("builds the geocoding adapters: the gazetteer by default, 'http' (Google's wire format) from its URL and key secret", () => {
    expect(selectGeocoding({})).toBeInstanceOf(EmbeddedGeocoding);
    expect(selectGeocoding({ GEOCODING_ADAPTER: 'embedded' })).toBeInstanceOf(EmbeddedGeocoding);
    const google = 'https://maps.googleapis.com/maps/api/geocode/json';
    expect(selectGeocoding({ GEOCODING_ADAPTER: 'http', GEOCODING_API_URL: google, GEOCODING_API_KEY: 'k' })).toBeInstanceOf(HttpGeocoding);
    expect(() => selectGeocoding({ GEOCODING_ADAPTER: 'http', GEOCODING_API_URL: google })).toThrow(/GEOCODING_API_KEY is not set/);
    expect(() => selectGeocoding({ GEOCODING_ADAPTER: 'http', GEOCODING_API_KEY: 'k' })).toThrow(/GEOCODING_API_URL is not set/);
    expect(() => selectGeocoding({ GEOCODING_ADAPTER: 'http', GEOCODING_API_URL: 'http://maps.googleapis.com/maps/api/geocode/json', GEOCODING_API_KEY: 'k' })).toThrow(/must use https/);
    expect(() => selectGeocoding({ GEOCODING_ADAPTER: 'maps' })).toThrow('GEOCODING_ADAPTER="maps" is not an available adapter (available: embedded, http).');
  });

  it("builds the 'twilio' sms adapter from its settings, naming a missing one", () => {
    const twilio = { SMS_ADAPTER: 'twilio', DB, TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef', TWILIO_AUTH_TOKEN: 'tok' };
    expect(selectSms({ ...twilio, TWILIO_FROM: '+61480000111' })).toBeInstanceOf(TwilioSms);
    expect(selectSms({ ...twilio, TWILIO_MESSAGING_SERVICE_SID: 'MG0123456789abcdef0123456789abcdef' })).toBeInstanceOf(TwilioSms);
    // A deployment has no DEV_PAGES: twilio does not need it.
    expect(selectSms({ ...twilio, TWILIO_FROM: 'Forecourt', DEV_PAGES: undefined })).toBeInstanceOf(TwilioSms);
    expect(() => selectSms({ ...twilio, TWILIO_AUTH_TOKEN: undefined, TWILIO_FROM: 'Forecourt' })).toThrow(/^TWILIO_AUTH_TOKEN is not set/);
    expect(() => selectSms({ ...twilio, TWILIO_ACCOUNT_SID: '', TWILIO_FROM: 'Forecourt' })).toThrow(/^TWILIO_ACCOUNT_SID is not set/);
    expect(() => selectSms(twilio)).toThrow(/^TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID is not set/);
  });

  it('allows the embedded sms adapter (codes in clear in D1) only in a local run (DEV_PAGES=on)', () => {
    for (const SMS_ADAPTER of [undefined, '', 'embedded']) {
      for (const DEV_PAGES of [undefined, 'off', 'true', 'ON']) {
        expect(() => selectSms({ SMS_ADAPTER, DB, DEV_PAGES }), `${SMS_ADAPTER}/${DEV_PAGES}`).toThrow(EMBEDDED_SMS_OUTSIDE_LOCAL_RUN);
      }
      expect(selectSms({ SMS_ADAPTER, DB, DEV_PAGES: 'on' })).toBeInstanceOf(EmbeddedSms);
    }
    expect(EMBEDDED_SMS_OUTSIDE_LOCAL_RUN).toBe(
      'SMS_ADAPTER is "embedded" outside a local run: set SMS_ADAPTER=twilio and its settings (texts would never reach a phone).',
    );
  });
});
