import { describe, expect, it } from 'vitest';
import { adapterName } from './adapter-name.ts';
import { selectAutograb } from './autograb/select.ts';
import { EmbeddedAutograb } from './autograb/embedded.ts';
import { HttpAutograb } from './autograb/http.ts';
import { selectGeocoding } from './geocoding/select.ts';
import { EmbeddedGeocoding } from './geocoding/embedded.ts';
import { selectDelivery } from './delivery/select.ts';
import { EmbeddedDelivery } from './delivery/embedded.ts';
import { HttpDelivery } from './delivery/http.ts';
import { selectTurnstile } from './turnstile/select.ts';

describe('port adapter selection', () => {
  it("defaults to 'embedded' when the variable is unset or empty", () => {
    expect(adapterName('SMS_ADAPTER', undefined, ['embedded'] as const)).toBe('embedded');
    expect(adapterName('SMS_ADAPTER', ' ', ['embedded'] as const)).toBe('embedded');
  });

  it('names the variable and the choices when the adapter is unknown', () => {
    expect(() => adapterName('SMS_ADAPTER', 'twilio', ['embedded'] as const)).toThrow('SMS_ADAPTER="twilio" is not an available adapter (available: embedded).');
    expect(() => selectGeocoding({ GEOCODING_ADAPTER: 'google' })).toThrow(/GEOCODING_ADAPTER="google"/);
  });

  it('builds the embedded adapters', () => {
    expect(selectGeocoding({ GEOCODING_ADAPTER: 'embedded' })).toBeInstanceOf(EmbeddedGeocoding);
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
});
