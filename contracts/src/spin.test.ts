import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  SPIN_ERROR_TEXTS, SpinAnswerSchema, SpinRequestSchema, campaignDate, campaignDatesText, campaignPhase, dayIn, prizeResult, readSpinError, spinErrorCode, spinOutcomeText, wheelRotation,
} from './spin.ts';

describe('spin-to-win contract', () => {
  it('takes the campaign id only (the phone comes from the session, never the body)', () => {
    expect(v.parse(SpinRequestSchema, { campaign_id: 'summer-spin', phone: '0412345678' })).toEqual({ campaign_id: 'summer-spin' });
    expect(v.safeParse(SpinRequestSchema, { campaign_id: 'Not A Slug' }).success).toBe(false);
    expect(v.safeParse(SpinRequestSchema, {}).success).toBe(false);
  });

  it('answers a prize without its odds; a miss carries no claim', () => {
    expect(prizeResult({ id: 'fuel', label: '$50 fuel card', weight: 10, win: true, claim: 'Show this at the service desk.' })).toEqual({ id: 'fuel', label: '$50 fuel card', win: true, claim: 'Show this at the service desk.' });
    expect(prizeResult({ id: 'miss', label: 'Next time', weight: 50, win: false, claim: 'ignored' })).toEqual({ id: 'miss', label: 'Next time', win: false });
    expect(v.is(SpinAnswerSchema, { campaign_id: 'c', prize: { id: 'miss', label: 'Next time', win: false }, already_spun: false })).toBe(true);
  });

  it('reads a refusal from the query as a code of its catalogue, never as text', () => {
    expect(readSpinError(new URLSearchParams('spin_error=already_spun'))).toEqual({ code: 'already_spun', message: SPIN_ERROR_TEXTS.already_spun });
    expect(readSpinError(new URLSearchParams('spin_error=You+won+a+car'))).toEqual({ code: 'failed', message: SPIN_ERROR_TEXTS.failed });
    expect(readSpinError(new URLSearchParams('spin_error=toString'))?.code).toBe('failed');
    expect(readSpinError(new URLSearchParams(''))).toBeNull();
    expect(spinErrorCode(SPIN_ERROR_TEXTS.sign_in)).toBe('sign_in');
    expect(spinErrorCode('anything else')).toBe('failed');
  });

  it("dates a campaign in the tenant's time zone, first and last days included", () => {
    // 2026-10-31T14:30Z is already 1 November in Brisbane (UTC+10) and Sydney (UTC+11, daylight saving), not in Perth.
    const at = Date.UTC(2026, 9, 31, 14, 30);
    expect(dayIn('Australia/Brisbane', at)).toBe('2026-11-01');
    expect(dayIn('Australia/Sydney', at)).toBe('2026-11-01');
    expect(dayIn('Australia/Perth', at)).toBe('2026-10-31');
    expect(dayIn('Not/AZone', at)).toBe('2026-11-01');
    const campaign = { starts: '2026-11-01', ends: '2027-01-31' };
    expect(campaignPhase(campaign, '2026-10-31')).toBe('upcoming');
    expect(campaignPhase(campaign, '2026-11-01')).toBe('open');
    expect(campaignPhase(campaign, '2027-01-31')).toBe('open');
    expect(campaignPhase(campaign, '2027-02-01')).toBe('ended');
  });

  it('says the dates in words', () => {
    expect(campaignDate('2026-11-01')).toBe('1 November 2026');
    expect(campaignDatesText({ starts: '2026-11-01', ends: '2027-01-31' }, 'ended')).toBe('This promotion has ended. It ran from 1 November 2026 to 31 January 2027.');
    expect(campaignDatesText({ starts: '2026-11-01', ends: '2027-01-31' }, 'upcoming')).toBe('This promotion has not started yet. It runs from 1 November 2026 to 31 January 2027.');
  });

  it("says an outcome, and turns the wheel to the drawn segment's middle", () => {
    expect(spinOutcomeText({ label: '$50 fuel card', win: true })).toBe('You won: $50 fuel card!');
    expect(spinOutcomeText({ label: 'Better luck next time', win: false })).toBe('The wheel stopped on "Better luck next time": no prize this time.');
    expect(wheelRotation(0, 4, 2)).toBe(1035);
    // Whatever the turns, the segment's middle ends at the top (0 degrees).
    for (let i = 0; i < 6; i++) expect((wheelRotation(i, 6, 1) + (i + 0.5) * 60) % 360).toBe(0);
  });
});
