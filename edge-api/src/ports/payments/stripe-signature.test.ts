import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { stripeSignatureHeader, verifyStripeSignature } from './stripe-signature.ts';

const SECRET = 'whsec_test_local_only';
const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'checkout.session.completed', data: { object: { id: 'cs_test_1' } } });
// Computed independently with node:crypto, as Stripe documents it: HMAC-SHA256(secret, `${t}.${payload}`) in hex.
const nodeSig = (t: number, body = payload, secret = SECRET) => createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

describe('Stripe-Signature (t=,v1= HMAC-SHA256 over `${t}.${payload}`)', () => {
  const t = 1_763_776_000;

  it('writes the header Stripe sends', async () => {
    expect(await stripeSignatureHeader(SECRET, payload, t)).toBe(`t=${t},v1=${nodeSig(t)}`);
  });

  it('accepts a genuine signature, with v0 and a second (rolled) v1 beside it', async () => {
    await expect(verifyStripeSignature({ payload, header: `t=${t},v1=${nodeSig(t)}`, secret: SECRET, nowSeconds: t + 10 })).resolves.toEqual({ ok: true, timestamp: t });
    const header = `t=${t},v1=${nodeSig(t, payload, 'whsec_old')},v1=${nodeSig(t)},v0=${'0'.repeat(64)}`;
    await expect(verifyStripeSignature({ payload, header, secret: SECRET, nowSeconds: t })).resolves.toMatchObject({ ok: true });
  });

  it('refuses a changed body, another secret, a missing or malformed header', async () => {
    const header = `t=${t},v1=${nodeSig(t)}`;
    await expect(verifyStripeSignature({ payload: payload.replace('cs_test_1', 'cs_test_2'), header, secret: SECRET, nowSeconds: t })).resolves.toEqual({ ok: false, reason: 'mismatch' });
    await expect(verifyStripeSignature({ payload, header, secret: 'whsec_other', nowSeconds: t })).resolves.toEqual({ ok: false, reason: 'mismatch' });
    await expect(verifyStripeSignature({ payload, header: null, secret: SECRET, nowSeconds: t })).resolves.toEqual({ ok: false, reason: 'missing' });
    await expect(verifyStripeSignature({ payload, header: `v1=${nodeSig(t)}`, secret: SECRET, nowSeconds: t })).resolves.toEqual({ ok: false, reason: 'malformed' });
    await expect(verifyStripeSignature({ payload, header: `t=${t},v0=${nodeSig(t)}`, secret: SECRET, nowSeconds: t })).resolves.toEqual({ ok: false, reason: 'malformed' });
    // A signature made for another timestamp does not pass as this one.
    await expect(verifyStripeSignature({ payload, header: `t=${t},v1=${nodeSig(t - 1)}`, secret: SECRET, nowSeconds: t })).resolves.toEqual({ ok: false, reason: 'mismatch' });
  });

  it('refuses a replay more than 300 s old (or from the future), accepts 300 s exactly', async () => {
    const header = `t=${t},v1=${nodeSig(t)}`;
    await expect(verifyStripeSignature({ payload, header, secret: SECRET, nowSeconds: t + 300 })).resolves.toMatchObject({ ok: true });
    await expect(verifyStripeSignature({ payload, header, secret: SECRET, nowSeconds: t + 301 })).resolves.toEqual({ ok: false, reason: 'too-old' });
    await expect(verifyStripeSignature({ payload, header, secret: SECRET, nowSeconds: t - 301 })).resolves.toEqual({ ok: false, reason: 'too-old' });
  });
});
