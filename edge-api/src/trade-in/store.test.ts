import { describe, expect, it } from 'vitest';
import { journeyStep, type Journey } from './store.ts';

const base: Journey = {
  tenant: 't', id: 'A'.repeat(22), kind: 'trade-in', car_id: null, rego: null, rego_state: null,
  vehicle: { year: 2021, make: 'Mazda', model: 'CX-5', source: 'manual' }, odometer: 40_000, answers: { keys: '2' },
  lead_id: 'lead-1', verify_phone: '0412345678', verified_at: null, offer: null, accepted_at: null, created_at: 0, updated_at: 0, expires_at: 1,
};

describe('journeyStep', () => {
  it('asks for the code only while it is owed', () => {
    expect(journeyStep(base, true)).toBe('verify');
    expect(journeyStep(base, false)).toBe('offer');
  });

  it('shows the offer step (never verify again) once verified, even while the offer is still to be made', () => {
    expect(journeyStep({ ...base, verified_at: 5 }, true)).toBe('offer');
    expect(journeyStep({ ...base, verified_at: 5, accepted_at: 9 }, true)).toBe('accepted');
  });
});
