import { describe, expect, it } from 'vitest';
import { SECRET_NAME, secretNamed } from './secrets.ts';

describe('secretNamed', () => {
  const env = { DB: { prepare() {} }, CRM_SECRET_ACME: 'shh', EMPTY_SECRET: '', PORT_NUMBER: 42 };

  it('answers the value of the secret with that name', () => {
    expect(secretNamed(env, 'CRM_SECRET_ACME')).toBe('shh');
  });

  it('answers undefined when it is unset, empty or not a string (a binding, a number)', () => {
    expect(secretNamed(env, 'MISSING_SECRET')).toBeUndefined();
    expect(secretNamed(env, 'EMPTY_SECRET')).toBeUndefined();
    expect(secretNamed(env, 'DB')).toBeUndefined();
    expect(secretNamed(env, 'PORT_NUMBER')).toBeUndefined();
    expect(secretNamed({}, 'toString')).toBeUndefined();
  });
});

describe('SECRET_NAME', () => {
  it('takes upper-case env names only', () => {
    for (const name of ['CRM_WEBHOOK_SECRET', 'STRIPE_SECRET_KEY_ACME', 'K', `A${'B'.repeat(63)}`]) expect(SECRET_NAME.test(name)).toBe(true);
    for (const name of ['', 'db', 'Search', '_SECRET', '1KEY', 'MEILI-KEY', 'A B', `A${'B'.repeat(64)}`, '__proto__']) expect(SECRET_NAME.test(name)).toBe(false);
  });
});
