/** spec §2 accepted-payments strip. */
export const ACCEPTED_PAYMENTS = ['Mastercard', 'Visa', 'Maestro', 'Google Pay', 'Apple Pay'] as const;

/** spec §2 accepted-payments strip: Mastercard, Visa, Maestro, Google Pay, Apple Pay. */
export function PaymentsStrip() {
  return (
    <section className="fco-payments" aria-labelledby="fco-payments-title">
      <h2 id="fco-payments-title" className="fco-payments__title">
        Accepted payments
      </h2>
      <ul className="fco-payments__list">
        {ACCEPTED_PAYMENTS.map((name) => (
          <li key={name} className="fco-payments__item">
            {name}
          </li>
        ))}
      </ul>
    </section>
  );
}
