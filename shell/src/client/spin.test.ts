import { describe, expect, it } from 'vitest';
import { SPIN_ERROR_TEXTS } from '@forecourt/contracts/spin';
import { readSpinResponse } from './spin.ts';

const prize = { id: 'fuel-card', label: '$50 fuel card', win: true, claim: 'Collect it at the showroom.' };

describe('readSpinResponse (what the wheel turns to is what edge-api drew)', () => {
  it('a new spin (201) and a repeat (409, the first outcome) are answers', async () => {
    expect(await readSpinResponse(Response.json({ campaign_id: 'c', prize, already_spun: false, lead_id: 'l-1' }, { status: 201 }))).toEqual({
      kind: 'answer', answer: { campaign_id: 'c', prize, already_spun: false, lead_id: 'l-1' },
    });
    const again = await readSpinResponse(Response.json({ campaign_id: 'c', prize, already_spun: true, error: SPIN_ERROR_TEXTS.already_spun }, { status: 409 }));
    expect(again).toMatchObject({ kind: 'answer', answer: { already_spun: true } });
  });

  it('a lost session goes to sign-in; a refusal shows its text; anything else the generic text', async () => {
    expect(await readSpinResponse(Response.json({ error: SPIN_ERROR_TEXTS.sign_in }, { status: 401 }))).toEqual({ kind: 'sign-in' });
    expect(await readSpinResponse(Response.json({ error: SPIN_ERROR_TEXTS.ended }, { status: 409 }))).toEqual({ kind: 'error', message: SPIN_ERROR_TEXTS.ended });
    expect(await readSpinResponse(new Response('<html>bad gateway</html>', { status: 502 }))).toEqual({ kind: 'error', message: SPIN_ERROR_TEXTS.failed });
    // A 201 outside the contract is not an outcome.
    expect(await readSpinResponse(Response.json({ prize: { id: 'Not A Slug' } }, { status: 201 }))).toEqual({ kind: 'error', message: SPIN_ERROR_TEXTS.failed });
  });
});
