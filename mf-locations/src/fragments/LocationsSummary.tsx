import { SummaryCard } from '../components/SummaryCard.tsx';
import type { LocationsSummary as Summary } from '../lib/summary.ts';

export const SUMMARY_TITLE_ID = 'fl-summary-title';

/**
 * The home page's locations section (contracts SLOTS.locationsSummary), server-rendered without an island: its
 * heading, a link to every location when the site has more than one, and a card per location shown.
 */
export function LocationsSummary({ summary }: { summary: Summary }) {
  const { cards, total } = summary;
  return (
    <section className="fl-summary" aria-labelledby={SUMMARY_TITLE_ID}>
      <div className="fl-summary__head">
        <h2 id={SUMMARY_TITLE_ID}>{total === 1 ? 'Visit us' : 'Our locations'}</h2>
        {total > 1 ? (
          <a className="fc-btn fc-btn--ghost" href="/locations">
            {total > cards.length ? `All ${total} locations` : 'All locations'}
          </a>
        ) : null}
      </div>
      <ul className="fl-summary__list">
        {cards.map((card) => (
          <li key={card.id}>
            <SummaryCard card={card} />
          </li>
        ))}
      </ul>
    </section>
  );
}
