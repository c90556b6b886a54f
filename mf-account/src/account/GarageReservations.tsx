import type { AccountReservation } from '@forecourt/contracts/account';
import { lookupOf, type CarLookup } from './data.ts';
import { ACCOUNT_TEXTS, dollars, formatDay, isoDay, reservationStatus } from './model.ts';
import { CarCell } from './CarCell.tsx';

/** My Garage's reservations: a table of car, amount, status (with why a refund was made) and date. */
export function GarageReservations({ reservations, cars, timeZone }: { reservations: readonly AccountReservation[]; cars: ReadonlyMap<string, CarLookup>; timeZone: string | undefined }) {
  return (
    <section className="fa-section" aria-labelledby="fa-garage-reservations-h">
      <h2 id="fa-garage-reservations-h">Reservations</h2>
      {reservations.length === 0 ? (
        <p>{ACCOUNT_TEXTS.noReservations}</p>
      ) : (
        <div className="fa-compare__scroll" role="region" aria-labelledby="fa-garage-reservations-h" tabIndex={0}>
          <table className="fa-compare__table fa-table">
            <caption className="fc-visually-hidden">Your reservations</caption>
            <thead>
              <tr>
                <th scope="col">Car</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
                <th scope="col">Date</th>
              </tr>
            </thead>
            <tbody>
              {reservations.map((r) => (
                <tr key={r.payment_id}>
                  <td>
                    <CarCell id={r.car_id} lookup={lookupOf(cars, r.car_id)} />
                  </td>
                  <td>{dollars(r.amount_cents)}</td>
                  <td>{reservationStatus(r)}</td>
                  <td>
                    <time dateTime={isoDay(r.created_at, timeZone)}>{formatDay(r.created_at, timeZone)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
