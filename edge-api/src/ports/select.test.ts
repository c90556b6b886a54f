import { describe, expect, it } from 'vitest';
import { adapterName } from './adapter-name.ts';
import { selectAutograb } from './autograb/select.ts';
import { EmbeddedAutograb } from './autograb/embedded.ts';
import { selectGeocoding } from './geocoding/select.ts';
import { EmbeddedGeocoding } from './geocoding/embedded.ts';
import { selectDelivery } from './delivery/select.ts';
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
});
