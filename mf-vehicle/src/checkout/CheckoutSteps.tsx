/** Steps of the journey: 1 details, 2 payment, 3 reserved. */
export function CheckoutSteps({ current }: { current: 1 | 2 | 3 }) {
  const steps = ['Your details', 'Payment', 'Reserved'];
  return (
    <ol className="fco-steps" aria-label="Checkout steps">
      {steps.map((label, i) => (
        <li key={label} className={i + 1 === current ? 'fco-steps__now' : i + 1 < current ? 'fco-steps__done' : undefined} aria-current={i + 1 === current ? 'step' : undefined}>
          <span className="fco-steps__n" aria-hidden="true">
            {i + 1}
          </span>
          {label}
        </li>
      ))}
    </ol>
  );
}
