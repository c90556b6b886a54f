import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import * as v from 'valibot';
import { ContactDetailsSchema, localStorageOrNull, parseStored, STORAGE_KEYS, TradeInValuationSchema } from '@forecourt/contracts/browser-storage';
import { TRADE_IN_API, TradeInAnswerSchema, TradeInTaxonomySchema, type TradeInJourneyState } from '@forecourt/contracts/trade-in';
import { StepForms, type StepFormsProps } from './StepForms.tsx';
import { StepIndicator } from './StepIndicator.tsx';
import { fieldErrorsOf, jsonBodyOf, pageHref, screenFor, type TradeInScreen } from './rules.ts';
import type { TradeInJourneyProps } from './view.ts';
import './trade-in.css';

/** spec §8 Lead form failure. */
const UNEXPECTED = 'An unexpected error occured';
const CONTACT_FIELDS = ['name', 'last_name', 'email', 'phone', 'postcode'] as const;

type Taxonomy = NonNullable<StepFormsProps['taxonomy']>;

/** The shopper's stored trade-in answers and contact details (spec §3 Browser-stored data), merged with `patch`. */
function remember(key: 'tradeInValuation' | 'contactDetails', patch: Record<string, unknown>) {
  const storage = localStorageOrNull();
  if (!storage) return;
  try {
    const schema = key === 'tradeInValuation' ? TradeInValuationSchema : ContactDetailsSchema;
    const current = parseStored(schema as v.GenericSchema, storage.getItem(STORAGE_KEYS[key]), {}) as Record<string, unknown>;
    storage.setItem(STORAGE_KEYS[key], JSON.stringify({ ...current, ...patch }));
  } catch {
    // Full or blocked storage: the journey goes on without remembering.
  }
}

/** Fills the empty fields of the step's form from what the browser remembers (never over what the shopper typed). */
function prefill(root: HTMLElement | null, screen: TradeInScreen) {
  const storage = localStorageOrNull();
  const form = root?.querySelector('form');
  if (!storage || !form) return;
  const fill = (values: Record<string, unknown>, names: readonly string[]) => {
    for (const name of names) {
      const field = form.elements.namedItem(name);
      const value = values[name];
      if ((field instanceof HTMLInputElement || field instanceof HTMLSelectElement) && !field.value && typeof value === 'string' && value) field.value = value;
    }
  };
  if (screen === 'contact') fill(parseStored(ContactDetailsSchema, storage.getItem(STORAGE_KEYS.contactDetails), { name: '', last_name: '', email: '', phone: '', postcode: '' }), CONTACT_FIELDS);
  if (screen === 'vehicle') fill(parseStored(TradeInValuationSchema, storage.getItem(STORAGE_KEYS.tradeInValuation), { adjustment_answers: {} }) as Record<string, unknown>, ['rego', 'regoState']);
}

/**
 * The journey's steps (island `mf-vehicle/TradeInJourney`, hydrated when the shopper reaches it): posts each step as
 * JSON to edge-api and swaps to the next without a reload, moving focus to the new step's heading; keeps `journey=` in
 * the URL (a reload continues); fills the manual lists from the taxonomy API; prefills and remembers contact details
 * and the valuation in the browser. A refusal shows in the alert with the fields marked, the input kept. Without
 * JavaScript the same markup posts as plain forms (edge-api answers 303 back to the page).
 */
export default function TradeInJourney(props: TradeInJourneyProps) {
  const [state, setState] = useState<TradeInJourneyState | null>(props.state);
  const [manual, setManual] = useState(props.manual);
  const [error, setError] = useState(props.error);
  const [notice, setNotice] = useState(props.notice);
  const [busy, setBusy] = useState(false);
  const [taxonomy, setTaxonomy] = useState<Taxonomy | null>(props.taxonomy);
  const [freeText, setFreeText] = useState(props.freeText);
  // The server's markup has the no-JavaScript "Show models" button; once running, the lists refine as they change.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const rootRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const swapped = useRef(false);
  const screen = screenFor(state, manual);

  useEffect(() => {
    prefill(rootRef.current, screen);
    if (swapped.current) headingRef.current?.focus();
  }, [screen, state?.id]);

  async function loadTaxonomy(pick: { make?: string; model?: string; year?: string }) {
    try {
      const query = new URLSearchParams(Object.entries(pick).filter(([, x]) => Boolean(x)) as [string, string][]);
      const res = await fetch(`${TRADE_IN_API.taxonomy}${query.size ? `?${query}` : ''}`, { headers: { accept: 'application/json' } });
      const parsed = v.safeParse(TradeInTaxonomySchema, await res.json());
      if (!res.ok || !parsed.success) return;
      const t = parsed.output;
      setTaxonomy((prev) => ({
        makes: t.makes.length ? t.makes : (prev?.makes ?? []),
        models: pick.make ? t.models : [],
        years: pick.make && pick.model ? t.years : [],
        badges: pick.make && pick.model && pick.year ? t.badges : [],
        make: pick.make ?? '',
        model: pick.model ?? '',
        year: pick.year ?? '',
      }));
    } catch {
      // No lists: the manual form keeps its free-text fields.
    }
  }

  useEffect(() => {
    if (screen === 'manual' && !taxonomy && !freeText) void loadTaxonomy({});
  }, [screen]);

  function onTaxonomyPick(field: 'make' | 'model' | 'year', value: string) {
    const current = taxonomy ?? { make: '', model: '', year: '' };
    if (field === 'make') void loadTaxonomy({ make: value });
    else if (field === 'model') void loadTaxonomy({ make: current.make, model: value });
    else void loadTaxonomy({ make: current.make, model: current.model, year: value });
  }

  function go(next: TradeInJourneyState) {
    swapped.current = true;
    setManual(false);
    setError(null);
    setNotice(null);
    setState(next);
    if (next.offer?.kind === 'estimate') remember('tradeInValuation', { offer_price: next.offer.low });
    try {
      history.replaceState(history.state, '', pageHref(props.returnPath, { journey: next.id }));
    } catch {
      // A sandboxed page: the journey still goes on (a reload starts again).
    }
  }

  async function onSubmit(event: FormEvent<HTMLDivElement>) {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    event.preventDefault();
    if (busy) return;
    const fields = Object.fromEntries([...new FormData(form)].map(([k, value]) => [k, String(value)]));
    const body = jsonBodyOf(screen, fields);
    setBusy(true);
    try {
      const res = await fetch(form.getAttribute('action') ?? '', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) });
      const raw: unknown = await res.json().catch(() => null);
      const parsed = v.safeParse(TradeInAnswerSchema, raw);
      if (parsed.success && 'journey' in parsed.output) {
        if (screen === 'vehicle') remember('tradeInValuation', { rego: fields.rego?.replace(/[\s-]/g, '').toUpperCase() ?? null, regoState: fields.regoState ?? null });
        if (screen === 'condition') remember('tradeInValuation', { adjustment_answers: { ...(body.answers as Record<string, string>), odometer: String(body.odometer ?? '') } });
        if (screen === 'contact') remember('contactDetails', Object.fromEntries(CONTACT_FIELDS.filter((f) => fields[f] !== undefined).map((f) => [f, fields[f]])));
        go(parsed.output.journey);
        // A journey that goes on with a word for the shopper (the rego was not found: enter the car by hand).
        const note = (raw as { error?: unknown }).error;
        if (typeof note === 'string') setError({ message: note, fields: {} });
      } else {
        const answer = parsed.success && 'error' in parsed.output ? parsed.output : null;
        setError({ message: answer?.error ?? UNEXPECTED, fields: fieldErrorsOf(answer?.fields) });
        requestAnimationFrame(() => alertRef.current?.focus());
      }
    } catch {
      setError({ message: UNEXPECTED, fields: {} });
      requestAnimationFrame(() => alertRef.current?.focus());
    }
    setBusy(false);
  }

  /** "Enter my car's details instead", "Not my car?", "My car isn't listed" and "Look up my car by rego instead" without a reload. */
  function onClick(event: MouseEvent<HTMLDivElement>) {
    const link = (event.target as Element).closest?.('a[data-manual], a[data-rego], a[data-free]');
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    swapped.current = true;
    setError(null);
    setManual(!link.hasAttribute('data-rego'));
    // The lists come back with "Not my car?" / "Enter my car's details"; "My car isn't listed" keeps free text.
    setFreeText(link.hasAttribute('data-free'));
    try {
      history.replaceState(history.state, '', link.getAttribute('href') ?? '');
    } catch {
      // Nothing to keep in step.
    }
  }

  return (
    <div ref={rootRef} className="ftr-journey" onSubmit={(e) => void onSubmit(e)} onClick={onClick}>
      <StepIndicator screen={screen} />
      {notice ? (
        <p className="ftr-notice-box" role="status">
          {notice}
        </p>
      ) : null}
      <StepForms
        key={screen}
        props={props}
        screen={screen}
        state={state}
        error={error}
        busy={busy}
        taxonomy={freeText ? null : taxonomy}
        headingRef={headingRef}
        alertRef={alertRef}
        onTaxonomyPick={onTaxonomyPick}
        refinePath={hydrated ? undefined : props.returnPath.split('?')[0]}
      />
    </div>
  );
}
