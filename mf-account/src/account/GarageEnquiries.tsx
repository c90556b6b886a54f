import type { AccountEnquiry } from '@forecourt/contracts/account';
import { CarCell } from './CarCell.tsx';
import { lookupOf, type CarLookup } from './data.ts';
import { ACCOUNT_TEXTS, enquiryType, formatDay, isoDay } from './model.ts';

/** My Garage's enquiries the shopper sent with their phone on this site: date (dealer's time zone), car and type. */
export function GarageEnquiries({ enquiries, cars, timeZone }: { enquiries: readonly AccountEnquiry[]; cars: ReadonlyMap<string, CarLookup>; timeZone: string | undefined }) {
  return (
    <section className="fa-section" aria-labelledby="fa-garage-enquiries-h">
      <h2 id="fa-garage-enquiries-h">Enquiries</h2>
      {enquiries.length === 0 ? (
        <p>{ACCOUNT_TEXTS.noEnquiries}</p>
      ) : (
        <div className="fa-compare__scroll" role="region" aria-labelledby="fa-garage-enquiries-h" tabIndex={0}>
          <table className="fa-compare__table fa-table">
            <caption className="fc-visually-hidden">Enquiries you sent</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Car</th>
                <th scope="col">Type</th>
              </tr>
            </thead>
            <tbody>
              {enquiries.map((e) => (
                <tr key={e.id}>
                  <td>
                    <time dateTime={isoDay(e.created_at, timeZone)}>{formatDay(e.created_at, timeZone)}</time>
                  </td>
                  <td>
                    <CarCell id={e.car_id} lookup={lookupOf(cars, e.car_id)} />
                  </td>
                  <td>{enquiryType(e.category, e.subcategory)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
