import { FIND_SIMILAR_TEXT, SOLD_MESSAGE, SOLD_TITLE } from '@forecourt/contracts/constants';
import { similarSearchHref } from '../lib/car-view.ts';

/** The SOLD block (spec §2 Sold block): its exact texts and Find Me Something Similar, on the car and checkout pages. */
export function SoldBlock({ car, id, className = 'fv-sold' }: { car: Parameters<typeof similarSearchHref>[0]; id: string; className?: string }) {
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id}>{SOLD_TITLE}</h2>
      <p>{SOLD_MESSAGE}</p>
      <a className="fc-btn fc-btn--primary" href={similarSearchHref(car)}>
        {FIND_SIMILAR_TEXT}
      </a>
    </section>
  );
}
