import { describe, expect, it } from 'vitest';
import { normaliseLeadPhone } from './phone.ts';

describe('normaliseLeadPhone (spec §5: leading 61 -> 0, default country 61)', () => {
  it('turns every Australian spelling into the local form', () => {
    for (const raw of ['+61 412 345 678', '61412345678', '0412 345 678', '(04) 1234-5678', ' 0412345678 ']) {
      expect(normaliseLeadPhone(raw), raw).toBe('0412345678');
    }
    expect(normaliseLeadPhone('07 3000 0000')).toBe('0730000000');
    expect(normaliseLeadPhone('+61 7 3000 0000')).toBe('0730000000');
    expect(normaliseLeadPhone('1300 123 456')).toBe('1300123456');
  });

  it('keeps other countries in E.164', () => {
    expect(normaliseLeadPhone('+64 21 123 4567')).toBe('+64211234567');
  });

  it('refuses numbers that cannot be dialled', () => {
    for (const raw of ['12345678', '0412 345 67', '0000000000', 'abc', '', '+', '04123456789012345']) expect(normaliseLeadPhone(raw), raw).toBeNull();
  });
});
