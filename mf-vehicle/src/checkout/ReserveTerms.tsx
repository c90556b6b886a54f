/** How reserving works: the hold, the amount off the price, the refund of a lost race, the dealer's refunds. */
export function ReserveTerms({ dealer, amountLabel }: { dealer: string; amountLabel: string | null }) {
  return (
    <section className="fco-terms" aria-labelledby="fco-terms-title">
      <h2 id="fco-terms-title">How reserving works</h2>
      <ul>
        <li>Your {amountLabel ?? 'reserve'} payment holds this car for you: it shows as Reserved and is taken off sale while {dealer} contacts you.</li>
        <li>The amount comes off the price when you buy the car.</li>
        <li>If someone reserved the car moments before you, your payment is refunded in full automatically.</li>
        <li>
          Refunds otherwise follow {dealer}'s <a href="/terms-and-conditions">terms and conditions</a>; the dealer refunds through the payment processor and the car becomes available again.
        </li>
      </ul>
    </section>
  );
}
