import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ANALYTICS_EVENTS } from '@forecourt/contracts/analytics';
import { QUICK_ESTIMATE, QUOTE_DEBOUNCE_MS } from '@forecourt/contracts/constants';
import { formatAud, formatNumber } from '@forecourt/contracts/display';
import { emit } from '@forecourt/contracts/events';
import { track } from '@forecourt/contracts/track';
import type { FinanceCalculatorProps } from '../lib/calculator.ts';
import { yearsText } from '../lib/terms.ts';
import {
  calculateRepayment, clampDeposit, clampResidual, ENQUIRE_FOR_FINANCE, FREQUENCIES, FREQUENCY_LABELS, parseMoney, snapToStep, validateAmount,
  type FinanceCalculatorState, type RepaymentFrequency,
} from '../lib/calculator-rules.ts';
import { SliderField } from './SliderField.tsx';
import '../styles/finance.css';

const PER: Record<RepaymentFrequency, string> = { week: 'per week', fortnight: 'per fortnight', month: 'per month' };
const QUOTE_PATH = '/api/finance/quote';
/** Analytics 26 goes once per page, however many calculators it has (spec §7). */
let firstUseTracked = false;

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));
const nearest = (values: number[], target: number) => values.reduce((best, x) => (Math.abs(x - target) < Math.abs(best - target) ? x : best));

type Quote = { weeklyRepaymentAmount: number; advertisedRate: number; comparisonRate: number };

/**
 * The finance calculator (spec §5 Finance calculator, §9): server-rendered as a GET form that works without JavaScript
 * (submit re-computes on the server), live once hydrated. Sliders stay disabled until then, since they only work with
 * JavaScript; the typed fields carry the form's values.
 */
export default function FinanceCalculator(props: FinanceCalculatorProps) {
  const { limits, standalone } = props;
  const [hydrated, setHydrated] = useState(false);
  const [state, setState] = useState<FinanceCalculatorState>(props.state);
  const [texts, setTexts] = useState(() => ({
    amount: props.typedAmount ?? formatNumber(props.state.amount),
    deposit: formatNumber(props.state.deposit ?? 0),
    residual: formatNumber(props.state.residual ?? 0),
    term: String(props.state.term),
    interest: String(props.state.interest),
  }));
  const [amountError, setAmountError] = useState<string | null>(props.errors.amount ?? null);
  const [quote, setQuote] = useState<Quote | null>(null);
  const interacted = useRef(false);

  useEffect(() => setHydrated(true), []);

  const result = calculateRepayment(state, { fee: limits.fee, roundUp: limits.roundUp });

  // Every change after the first interaction is announced; the first also records analytics 26 (spec §7).
  useEffect(() => {
    if (!interacted.current) return;
    const first = !firstUseTracked;
    firstUseTracked = true;
    emit('finance.calculator.used.v1', { state, payment: result.payment, ...(props.carId ? { car_id: props.carId } : {}), first });
    if (first) track({ event_id: ANALYTICS_EVENTS.FIRST_FINANCE_CALCULATOR_INTERACTION, ...(props.carId ? { car_id: props.carId } : {}), meta: { standalone } });
    // result.payment follows from state, so state alone decides when to announce.
  }, [state]);

  // External quote (spec §5): only with its inputs in the quick-estimate range, 500 ms after the last change; failure clears it.
  const setup = props.quote;
  const purchasePrice = setup ? (setup.purchasePrice === 'price' ? setup.price : state.amount) : null;
  const loanTerm = setup ? (setup.loanTerm === 'term' ? clamp(Math.round(state.term), QUICK_ESTIMATE.minTerm, QUICK_ESTIMATE.maxTerm) : setup.loanTerm) : null;
  useEffect(() => {
    setQuote(null);
    if (!hydrated || !setup || purchasePrice === null || loanTerm === null) return;
    if (!(purchasePrice >= QUICK_ESTIMATE.minPrice && purchasePrice <= QUICK_ESTIMATE.maxPrice)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const body = { selfAssessedCreditScore: 'GREAT', purchasePrice, loanTerm, ...(setup.year ? { year: setup.year } : {}) };
      fetch(QUOTE_PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: controller.signal })
        .then((res) => (res.ok ? (res.json() as Promise<Quote>) : null))
        .then((q) => setQuote(q && typeof q.weeklyRepaymentAmount === 'number' ? q : null))
        .catch(() => setQuote(null));
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [hydrated, setup, purchasePrice, loanTerm]);

  const change = (next: Partial<FinanceCalculatorState>, text?: Partial<typeof texts>) => {
    interacted.current = true;
    setState((s) => ({ ...s, ...next }));
    if (text) setTexts((t) => ({ ...t, ...text }));
  };

  const onAmountText = (value: string) => {
    interacted.current = true;
    setTexts((t) => ({ ...t, amount: value }));
    const checked = validateAmount(value, limits.amount);
    if ('error' in checked) setAmountError(checked.error);
    else {
      setAmountError(null);
      change({ amount: checked.value });
    }
  };
  const onTermText = (value: string) => {
    const n = parseMoney(value);
    setTexts((t) => ({ ...t, term: value }));
    if (n !== null) change({ term: limits.term.options ? nearest(limits.term.options, n) : clamp(n, limits.term.min, limits.term.max) });
  };
  const onInterestText = (value: string) => {
    const n = parseMoney(value);
    setTexts((t) => ({ ...t, interest: value }));
    if (n !== null) change({ interest: clamp(n, limits.interest.min, limits.interest.max) });
  };
  // Leaving a field shows the value the calculator uses (clamped and snapped, spec §5).
  const normalise = () => {
    const term = limits.term.options ? nearest(limits.term.options, state.term) : snapToStep(state.term, limits.term);
    setTexts((t) => ({
      ...t,
      ...(amountError ? {} : { amount: formatNumber(state.amount) }),
      deposit: formatNumber(state.deposit ?? 0),
      residual: formatNumber(state.residual ?? 0),
      term: String(term),
      interest: String(state.interest),
    }));
    if (term !== state.term) change({ term });
  };
  const onSubmit = (event: FormEvent) => {
    // Live already: the submit only serves the no-JavaScript page.
    event.preventDefault();
    normalise();
  };

  const termIndex = limits.term.options ? Math.max(0, limits.term.options.indexOf(nearest(limits.term.options, state.term))) : 0;
  const sliderAmount = clamp(state.amount, limits.amount.min, limits.amount.max);

  return (
    <form className="ffc" method="get" action={props.action} onSubmit={onSubmit} noValidate aria-labelledby="ffc-title" data-ready={hydrated ? '' : undefined}>
      {Object.entries(props.hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="ffc__fields">
        <SliderField
          id="ffc-amount"
          label="Loan amount"
          hint={`${formatAud(limits.amount.min)} to ${formatAud(standalone ? limits.amount.max : limits.amount.typedMax)}`}
          error={amountError}
          input={<input id="ffc-amount" name="amount" type="text" inputMode="numeric" autoComplete="off" value={texts.amount} onChange={(e) => onAmountText(e.target.value)} onBlur={normalise} aria-invalid={amountError ? true : undefined} aria-describedby={amountError ? 'ffc-amount-error ffc-amount-hint' : 'ffc-amount-hint'} />}
          prefix="$"
          slider={<input type="range" aria-labelledby="ffc-amount-label" min={limits.amount.min} max={limits.amount.max} step={limits.amount.step} value={sliderAmount} aria-valuetext={formatAud(sliderAmount)} disabled={!hydrated} onChange={(e) => { setAmountError(null); change({ amount: Number(e.target.value) }, { amount: formatNumber(Number(e.target.value)) }); }} />}
        />
        <SliderField
          id="ffc-deposit"
          label="Deposit or trade-in"
          hint={`${formatAud(limits.deposit.min)} to ${formatAud(limits.deposit.max)}`}
          prefix="$"
          input={<input id="ffc-deposit" name="deposit" type="text" inputMode="numeric" autoComplete="off" value={texts.deposit} onChange={(e) => { const n = parseMoney(e.target.value); change(n === null ? {} : { deposit: clampDeposit(n) }, { deposit: e.target.value }); }} onBlur={normalise} aria-describedby="ffc-deposit-hint" />}
          slider={<input type="range" aria-labelledby="ffc-deposit-label" min={limits.deposit.min} max={limits.deposit.max} step={limits.deposit.step} value={state.deposit ?? 0} aria-valuetext={formatAud(state.deposit ?? 0)} disabled={!hydrated} onChange={(e) => change({ deposit: Number(e.target.value) }, { deposit: formatNumber(Number(e.target.value)) })} />}
        />
        <SliderField
          id="ffc-term"
          label="Loan term (years)"
          hint={limits.term.options ? `${limits.term.options.join(', ')} years` : `${yearsText(limits.term.min)} to ${yearsText(limits.term.max)}, in steps of ${limits.term.step}`}
          input={<input id="ffc-term" name="term" type="text" inputMode="decimal" autoComplete="off" value={texts.term} onChange={(e) => onTermText(e.target.value)} onBlur={normalise} aria-describedby="ffc-term-hint" />}
          slider={
            limits.term.options ? (
              <input type="range" aria-labelledby="ffc-term-label" min={0} max={limits.term.options.length - 1} step={1} value={termIndex} aria-valuetext={yearsText(state.term)} disabled={!hydrated} onChange={(e) => { const t = limits.term.options![Number(e.target.value)]!; change({ term: t }, { term: String(t) }); }} />
            ) : (
              <input type="range" aria-labelledby="ffc-term-label" min={limits.term.min} max={limits.term.max} step={limits.term.step} value={state.term} aria-valuetext={yearsText(state.term)} disabled={!hydrated} onChange={(e) => change({ term: Number(e.target.value) }, { term: e.target.value })} />
            )
          }
        />
        <SliderField
          id="ffc-interest"
          label="Interest rate (% p.a.)"
          hint={`${limits.interest.min}% to ${limits.interest.max}%`}
          suffix="%"
          input={<input id="ffc-interest" name="interest" type="text" inputMode="decimal" autoComplete="off" value={texts.interest} readOnly={limits.interest.disabled} onChange={(e) => onInterestText(e.target.value)} onBlur={normalise} aria-describedby="ffc-interest-hint" />}
          slider={<input type="range" aria-labelledby="ffc-interest-label" min={limits.interest.min} max={limits.interest.max} step={limits.interest.step} value={state.interest} aria-valuetext={`${state.interest}%`} disabled={!hydrated || limits.interest.disabled} onChange={(e) => change({ interest: Number(e.target.value) }, { interest: e.target.value })} />}
        />
        <SliderField
          id="ffc-residual"
          label="Residual (balloon)"
          hint={`${formatAud(limits.residual.min)} to ${formatAud(limits.residual.max)}`}
          prefix="$"
          input={<input id="ffc-residual" name="residual" type="text" inputMode="numeric" autoComplete="off" value={texts.residual} onChange={(e) => { const n = parseMoney(e.target.value); change(n === null ? {} : { residual: clampResidual(n) }, { residual: e.target.value }); }} onBlur={normalise} aria-describedby="ffc-residual-hint" />}
          slider={<input type="range" aria-labelledby="ffc-residual-label" min={limits.residual.min} max={limits.residual.max} step={limits.residual.step} value={state.residual ?? 0} aria-valuetext={formatAud(state.residual ?? 0)} disabled={!hydrated} onChange={(e) => change({ residual: Number(e.target.value) }, { residual: formatNumber(Number(e.target.value)) })} />}
        />
        <fieldset className="ffc-frequency">
          <legend>Repayment frequency</legend>
          {FREQUENCIES.map((f) => (
            <label key={f}>
              <input type="radio" name="frequency" value={f} checked={state.frequency === f} onChange={() => change({ frequency: f })} /> {FREQUENCY_LABELS[f]}
            </label>
          ))}
        </fieldset>
      </div>
      <div className="ffc__summary">
        <div id="ffc-result" className="ffc-result" role="status" aria-live="polite" aria-atomic="true">
          {result.payment !== null ? (
            <p className="ffc-result__payment">
              <strong>{formatAud(result.payment)}</strong>
              {` ${PER[state.frequency]}`}
            </p>
          ) : (
            <p className="ffc-result__payment">
              <strong>{ENQUIRE_FOR_FINANCE}</strong>
            </p>
          )}
          <dl className="ffc-result__list">
            <div>
              <dt>Total repayments</dt>
              <dd>{result.total !== null ? formatAud(result.total) : ''}</dd>
            </div>
            {result.monthlyFromWeekly !== null && (
              <div>
                <dt>Approx. per month</dt>
                <dd>{formatAud(result.monthlyFromWeekly)}</dd>
              </div>
            )}
            {(state.residual ?? 0) > 0 && result.payment !== null && (
              <div>
                <dt>Final payment</dt>
                <dd>{formatAud(state.residual ?? 0)}</dd>
              </div>
            )}
          </dl>
        </div>
        <button type="submit" className="fc-btn fc-btn--primary">
          Calculate
        </button>
        {setup && (
          <div className="ffc-quote" aria-live="polite">
            {quote && (
              <p>
                Quick quote: <strong>{formatAud(quote.weeklyRepaymentAmount)} per week</strong> at {quote.advertisedRate}% p.a. (comparison rate {quote.comparisonRate}% p.a.) over {yearsText(loanTerm ?? QUICK_ESTIMATE.defaultTerm)} with a great credit history.
              </p>
            )}
          </div>
        )}
        <p className="ffc-note">
          {`An estimate only${limits.fee > 0 ? `, including an establishment fee of ${formatAud(limits.fee)}` : ''}. Fees, charges and lending criteria apply; subject to lender approval.`}
        </p>
      </div>
    </form>
  );
}
