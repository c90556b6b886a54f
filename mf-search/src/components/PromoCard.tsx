/** Promotional card in the results grid (spec §2 Search results). */
export function PromoCard() {
  return (
    <aside className="fs-promo" aria-label="We buy cars">
      <h2 className="fs-promo__title">We Want Your Car!</h2>
      <p>We buy all types of cars</p>
      <p>Our high turnover means we can pay more</p>
      <a className="fc-btn fc-btn--primary" href="/sell-my-car">
        Sell your car
      </a>
    </aside>
  );
}
