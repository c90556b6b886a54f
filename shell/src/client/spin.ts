/**
 * The spin-to-win page's wheel (shell/src/lib/spin-to-win.ts renders it; issue 14). The form works without this
 * module (edge-api answers it with a 303 back to the page); with it, the form posts JSON, the wheel turns once to the
 * prize edge-api drew (one smooth rotation of WHEEL_SPIN_MS, none under prefers-reduced-motion), then the result is
 * announced in the page's polite live region, which takes focus. Nothing is drawn here: the answer names the prize.
 */
import * as v from 'valibot';
import { SPIN_API, SPIN_ERROR_TEXTS, SpinAnswerSchema, spinOutcomeText, wheelRotation, type SpinAnswer } from '@forecourt/contracts/spin';
import { SPIN_IDS, WHEEL_SPIN_MS, WHEEL_TURNS } from '../lib/spin-ids.ts';

export type SpinOutcome = { kind: 'answer'; answer: SpinAnswer } | { kind: 'sign-in' } | { kind: 'error'; message: string };

/** Reads edge-api's answer: a spin (new, or the first one again), a lost session, or a refusal's text. */
export async function readSpinResponse(res: Response): Promise<SpinOutcome> {
  const body: unknown = await res.json().catch(() => null);
  if (res.status === 401) return { kind: 'sign-in' };
  const parsed = v.safeParse(SpinAnswerSchema, body);
  if ((res.status === 201 || res.status === 409) && parsed.success) return { kind: 'answer', answer: parsed.output };
  const error = body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string' ? (body as { error: string }).error : SPIN_ERROR_TEXTS.failed;
  return { kind: 'error', message: error };
}

/** The result region's content for an answer (the server renders the same for a recorded spin). */
export function renderOutcome(region: HTMLElement, answer: SpinAnswer): void {
  region.replaceChildren();
  const doc = region.ownerDocument;
  const para = (text: string, className?: string) => {
    const p = doc.createElement('p');
    if (className) p.className = className;
    p.textContent = text;
    region.append(p);
  };
  if (answer.already_spun) para(SPIN_ERROR_TEXTS.already_spun);
  para(spinOutcomeText(answer.prize), 'fc-spin__outcome');
  if (answer.prize.claim) para(answer.prize.claim);
}

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/** Turns the wheel to the prize; resolves when it has stopped (at once under reduced motion). */
function turnWheel(wheel: SVGGElement, prizeId: string): Promise<void> {
  const ids = (wheel.dataset.prizes ?? '').split(' ');
  const index = ids.indexOf(prizeId);
  if (index < 0) return Promise.resolve();
  const angle = wheelRotation(index, ids.length, reducedMotion() ? 0 : WHEEL_TURNS);
  if (reducedMotion()) {
    wheel.style.transition = 'none';
    wheel.style.transform = `rotate(${angle}deg)`;
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    // From rest (0) to the prize: one rotation, decelerating to a stop, no other change of colour or light.
    wheel.style.transition = 'none';
    wheel.style.transform = 'rotate(0deg)';
    void wheel.getBoundingClientRect();
    wheel.style.transition = `transform ${WHEEL_SPIN_MS}ms cubic-bezier(0.22, 0.61, 0.36, 1)`;
    wheel.style.transform = `rotate(${angle}deg)`;
    const done = () => resolve();
    wheel.addEventListener('transitionend', done, { once: true });
    setTimeout(done, WHEEL_SPIN_MS + 200);
  });
}

/** Wires the page's spin form, if the page has one. */
export function initSpin(doc: Document = document): void {
  const form = doc.getElementById(SPIN_IDS.form) as HTMLFormElement | null;
  const region = doc.getElementById(SPIN_IDS.result);
  const wheel = doc.getElementById(SPIN_IDS.wheel) as SVGGElement | null;
  if (!form || !region || !wheel) return;
  // Until this runs (the shell's client loads after its federation host), the form simply posts: same outcome, no motion.
  form.dataset.spinReady = '';
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector('button');
    if (button?.disabled) return;
    if (button) button.disabled = true;
    let outcome: SpinOutcome;
    try {
      const res = await fetch(SPIN_API, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({ campaign_id: String(new FormData(form).get('campaign_id') ?? '') }),
      });
      outcome = await readSpinResponse(res);
    } catch {
      outcome = { kind: 'error', message: SPIN_ERROR_TEXTS.failed };
    }
    if (outcome.kind === 'sign-in') {
      // The session ended meanwhile: the plain form's way (edge-api sends it to sign-in and back here).
      form.submit();
      return;
    }
    if (outcome.kind === 'error') {
      region.replaceChildren(Object.assign(doc.createElement('p'), { className: 'fc-spin__notice', textContent: outcome.message }));
      region.focus();
      if (button) button.disabled = false;
      return;
    }
    await turnWheel(wheel, outcome.answer.prize.id);
    // One spin only: the form goes, the result takes its place and focus (announced by the polite live region).
    form.remove();
    renderOutcome(region, outcome.answer);
    region.focus();
  });
}
