/** What the spin-to-win page (lib/spin-to-win.ts) and its client module (client/spin.ts) agree on. */

/** The wheel's element ids (the client module finds them). */
export const SPIN_IDS = { section: 'fc-spin', form: 'fc-spin-form', wheel: 'fc-spin-wheel', result: 'fc-spin-result' } as const;
/** Whole turns before the wheel stops: few, so segments pass slowly (with their low-contrast tints, no flashing). */
export const WHEEL_TURNS = 2;
/** The rotation's length (at most 4 s, issue 14). */
export const WHEEL_SPIN_MS = 3_600;
