import type { FaqItem } from './faq.ts';

/**
 * The Trade-In FAQ (spec §9 values per tenant, faq.ts): an accordion of native `details`/`summary`, so it opens and
 * closes with the keyboard and a screen reader without any JavaScript.
 */
export function TradeInFaq({ items }: { items: FaqItem[] }) {
  return (
    <section className="ftr-faq" aria-labelledby="ftr-faq-title">
      <h2 id="ftr-faq-title">Trade-In FAQ</h2>
      {items.map((item) => (
        <details key={item.id} className="ftr-faq__item" id={`ftr-faq-${item.id}`}>
          <summary>{item.question}</summary>
          {item.hours ? (
            <dl className="ftr-faq__hours">
              {item.hours.map((line) => (
                <div key={line.days}>
                  <dt>{line.days}</dt>
                  <dd>{line.text}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p>{item.answer}</p>
          )}
        </details>
      ))}
    </section>
  );
}
