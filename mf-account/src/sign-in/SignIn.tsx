import { useEffect, useRef, useState, type FormEvent } from 'react';
import { safeRedirectPath, type SessionUser } from '@forecourt/contracts/sign-in';
import { localStorageOrNull } from '@forecourt/contracts/browser-storage';
import { browserDeps, refreshWatchlist, writeWatchlistCache } from '@forecourt/contracts/watchlist-client';
import { readSession, requestCode, signOut, verifyCode, type SignInApiOptions } from './api.ts';
import {
  checkCode,
  cleanCode,
  emptyPhoneValues,
  maskPhone,
  PHONE_FIELDS,
  resendSecondsLeft,
  resendWaitText,
  validateCodeStep,
  validatePhoneStep,
  type FieldErrors,
  type PhoneField,
  type PhoneValues,
  type SendCodeBody,
} from './model.ts';
import type { SignInIslandProps } from './SignInPage.tsx';
import { CodeForm } from './CodeForm.tsx';
import { CODE_SENT, fieldId, SENDING_LABEL, SIGN_IN_ID, sentToText } from './markup.ts';
import { PhoneForm } from './PhoneForm.tsx';
import { SignInAlert } from './SignInAlert.tsx';
import '../lead-form/lead-form.css';
import './sign-in.css';

type View = 'phone' | 'code' | 'signed-in';
type Busy = null | 'send' | 'resend' | 'verify' | 'sign-out' | 'done';

/**
 * What the shopper typed into the server forms before this island replaced them (client island mode: during the
 * first render the server forms are still in the document), and which field had focus.
 */
function readServerForms(): { values: PhoneValues; code: string; focused: string | null } {
  const values = emptyPhoneValues();
  if (typeof document === 'undefined') return { values, code: '', focused: null };
  const read = (name: PhoneField | 'token') => {
    const el = document.getElementById(fieldId(name));
    return el instanceof HTMLInputElement && el.form?.hasAttribute('data-no-js') ? el.value : '';
  };
  for (const f of PHONE_FIELDS) values[f] = read(f);
  const active = document.activeElement;
  const focused = active instanceof HTMLInputElement && active.id.startsWith(`${SIGN_IN_ID}-`) ? active.id : null;
  return { values, code: read('token'), focused };
}

/** For tests: the calls, the clock and the navigation (fetch, Date.now, location.assign / reload by default). */
export type SignInDeps = SignInApiOptions & { assign?: (href: string) => void; reload?: () => void; now?: () => number };

/**
 * The sign-in island (exposed as `mf-account/SignIn`, client mode): the same two steps as the server forms, sent as
 * JSON with the spec's checks and texts, then back where the shopper came from (safeRedirectPath: never off-site).
 * A shopper who is already signed in sees who, a Continue link and Sign out.
 */
export default function SignIn({ deps = {}, ...props }: SignInIslandProps & { deps?: SignInDeps }) {
  const [boot] = useState(readServerForms);
  const now = deps.now ?? Date.now;
  const redirect = safeRedirectPath(props.redirect);
  const [view, setView] = useState<View>(props.step === 'code' ? 'code' : 'phone');
  const [values, setValues] = useState<PhoneValues>(boot.values);
  const [errors, setErrors] = useState<FieldErrors<PhoneField>>({});
  const [code, setCode] = useState(boot.code);
  const [codeError, setCodeError] = useState<string | undefined>(undefined);
  const [alert, setAlert] = useState<string | null>(props.error);
  const [busy, setBusy] = useState<Busy>(null);
  // The number the code went to; after a reload of step 2 it is known only if the server read it (pending cookie).
  const [sent, setSent] = useState<{ body: SendCodeBody; at: number | null } | null>(props.phone ? { body: { phone: props.phone }, at: null } : null);
  const [announce, setAnnounce] = useState('');
  const [user, setUser] = useState<SessionUser | null>(null);
  const [clock, setClock] = useState(now);
  // When edge-api said to ask again (a 429's retry_after: its back-off can be longer than the page's cool-down).
  const [blockedUntil, setBlockedUntil] = useState<number | null>(null);
  const [focusTarget, setFocusTarget] = useState<{ id: string; select?: boolean; n: number } | null>(boot.focused ? { id: boot.focused, n: 0 } : null);
  const inFlight = useRef(false);
  const alertRef = useRef<HTMLDivElement>(null);

  const focus = (id: string, select = false) => setFocusTarget((prev) => ({ id, select, n: (prev?.n ?? 0) + 1 }));
  useEffect(() => {
    if (!focusTarget) return;
    const el = focusTarget.id === 'alert' ? alertRef.current : document.getElementById(focusTarget.id);
    el?.focus();
    if (focusTarget.select && el instanceof HTMLInputElement) el.select();
  }, [focusTarget]);

  // Already signed in (spec §6): say so instead of asking again. No session cookie, nothing to ask.
  useEffect(() => {
    if (!props.sessionCookie) return;
    let live = true;
    void readSession(deps).then((found) => {
      if (!live || !found) return;
      const hadFocus = document.getElementById(SIGN_IN_ID)?.contains(document.activeElement) ?? false;
      setUser(found);
      setView('signed-in');
      if (hadFocus) focus(`${SIGN_IN_ID}-signed-in`);
    });
    return () => {
      live = false;
    };
    // Once, when the island mounts.
  }, []);

  // The resend cool-down ticks once a second while it runs.
  const waitSeconds = resendSecondsLeft(sent?.at ?? null, clock, blockedUntil);
  useEffect(() => {
    if (waitSeconds <= 0) return;
    const timer = setTimeout(() => setClock(now()), 1000);
    return () => clearTimeout(timer);
  }, [waitSeconds, clock, now]);

  const showFailure = (message: string) => {
    setAlert(message);
    focus('alert');
  };

  const send = async (body: SendCodeBody, kind: 'send' | 'resend') => {
    inFlight.current = true;
    setBusy(kind);
    setAlert(null);
    setAnnounce(SENDING_LABEL);
    const result = await requestCode(body, deps);
    inFlight.current = false;
    setBusy(null);
    setAnnounce('');
    if (!result.ok) {
      if (result.status === 429 && result.retryAfter) {
        const at = now();
        setBlockedUntil(at + result.retryAfter * 1000);
        setClock(at);
      }
      // edge-api's field messages go under their fields (the first one focused); anything else in the alert.
      const fieldErrors: FieldErrors<PhoneField> = {};
      for (const f of PHONE_FIELDS) if (result.fields?.[f]) fieldErrors[f] = result.fields[f];
      const first = PHONE_FIELDS.find((f) => fieldErrors[f]);
      if (kind === 'send' && first) {
        setErrors(fieldErrors);
        return focus(fieldId(first));
      }
      return showFailure(result.message);
    }
    const at = now();
    setSent({ body, at });
    setClock(at);
    setCode('');
    setCodeError(undefined);
    setView('code');
    setAnnounce(`${CODE_SENT} ${sentToText(body.phone)}`);
    focus(fieldId('token'));
  };

  const onPhoneSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    const checked = validatePhoneStep(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      // The first field with a message, in the form's order.
      const first = PHONE_FIELDS.find((f) => checked.errors[f]);
      if (first) focus(fieldId(first));
      return;
    }
    setErrors({});
    void send(checked.body, 'send');
  };

  const onCodeSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (inFlight.current) return event.preventDefault();
    // Not knowing the number (a reload of step 2), only the code is checked and the plain form posts: edge-api
    // reads the number from its pending cookie.
    const checked = sent ? validateCodeStep(sent.body.phone, code) : checkCode(code);
    if (!checked.ok) {
      event.preventDefault();
      setCodeError(checked.error);
      focus(fieldId('token'));
      return;
    }
    setCodeError(undefined);
    inFlight.current = true;
    setBusy('verify');
    if (!('body' in checked)) return;
    event.preventDefault();
    setAlert(null);
    void verifyCode(checked.body, deps).then((result) => {
      if (result.ok) {
        setBusy('done');
        setAnnounce('Signed in. Taking you back…');
        // The signed-in shopper's watchlist, cached for the pages' Save / Saved (the last shopper's is not theirs).
        writeWatchlistCache(localStorageOrNull(), null);
        const back = () => (deps.assign ?? ((href: string) => window.location.assign(href)))(redirect);
        void refreshWatchlist({ ...browserDeps(() => {}), ...(deps.fetch ? { fetch: deps.fetch } : {}) }).finally(back);
        return;
      }
      inFlight.current = false;
      setBusy(null);
      setAlert(result.message);
      // The alert is announced; the field keeps focus with the wrong code selected, ready to retype.
      focus(fieldId('token'), true);
    });
  };

  const onResend = () => {
    if (inFlight.current || !sent || resendSecondsLeft(sent.at, now(), blockedUntil) > 0) return;
    void send(sent.body, 'resend');
  };

  const onOtherNumber = () => {
    if (inFlight.current) return;
    setView('phone');
    setAlert(null);
    setAnnounce('');
    setCode('');
    setCodeError(undefined);
    focus(fieldId('phone'));
  };

  const onSignOut = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy('sign-out');
    const result = await signOut(deps);
    if (result.ok) writeWatchlistCache(localStorageOrNull(), null);
    if (result.ok) return (deps.reload ?? (() => window.location.reload()))();
    inFlight.current = false;
    setBusy(null);
    showFailure(result.message);
  };

  const query = { type: props.type, redirect, back: props.back };
  return (
    <div className="fa-sign-in__body">
      <SignInAlert message={alert} alertRef={alertRef} />
      {view === 'signed-in' && user ? (
        <div className="fa-sign-in__done">
          <p id={`${SIGN_IN_ID}-signed-in`} tabIndex={-1}>
            You&apos;re signed in as {maskPhone(user.phone)}.
          </p>
          <div className="flf-actions">
            <a className="fc-btn fc-btn--primary" href={redirect}>
              Continue
            </a>
            <button type="button" className="fc-btn" onClick={onSignOut} disabled={busy === 'sign-out'}>
              {busy === 'sign-out' ? <span className="flf-spinner" aria-hidden="true" /> : null}
              Sign out
            </button>
          </div>
        </div>
      ) : view === 'code' ? (
        <CodeForm
          mode="island"
          query={query}
          phone={sent?.body.phone ?? null}
          code={code}
          error={codeError}
          busy={busy === 'verify' || busy === 'done'}
          resendDisabled={waitSeconds > 0 || busy === 'resend'}
          resending={busy === 'resend'}
          resendWait={busy === 'resend' ? '' : resendWaitText(waitSeconds)}
          announce={announce}
          onChange={(value) => {
            setCode(cleanCode(value));
            if (codeError) setCodeError(undefined);
          }}
          onSubmit={onCodeSubmit}
          onResend={onResend}
          onOtherNumber={onOtherNumber}
        />
      ) : (
        <>
          <PhoneForm
            mode="island"
            query={query}
            values={values}
            errors={errors}
            busy={busy === 'send'}
            onChange={(name, value) => {
              setValues((prev) => ({ ...prev, [name]: value }));
              // A corrected field loses its message at once; new messages wait for the next submit.
              if (errors[name])
                setErrors((prev) => {
                  const next = { ...prev };
                  delete next[name];
                  return next;
                });
            }}
            onSubmit={onPhoneSubmit}
          />
          <p className="fc-visually-hidden" role="status">
            {announce}
          </p>
        </>
      )}
    </div>
  );
}
