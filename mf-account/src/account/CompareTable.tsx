import type { Car } from '@forecourt/contracts/entities/car';
import { compareImage } from '../lib/car-images.ts';
import { carHref, carImage, compareRows } from './model.ts';

/**
 * The chosen saved cars side by side: a column per car (its header the picture and name linking to the car), a row per
 * detail (price, year, km, body, transmission, fuel, engine, colour, status) with row headers; scrolls sideways on
 * small screens (a focusable, named region).
 */
export function CompareTable({ cars }: { cars: { car: Car; reserved: boolean }[] }) {
  const rows = compareRows(cars);
  return (
    <div className="fa-compare__scroll" role="region" aria-label="Comparison of your saved cars" tabIndex={0}>
      <table className="fa-compare__table">
        <caption className="fc-visually-hidden">Your chosen saved cars, side by side</caption>
        <thead>
          <tr>
            <td />
            {cars.map(({ car }) => {
              const image = carImage(car);
              return (
                <th key={car.id} scope="col">
                  {image ? <img {...compareImage(image)} alt="" width={160} height={107} loading="lazy" decoding="async" /> : null}
                  <a href={carHref(car)}>{car.name}</a>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {row.values.map((value, i) => (
                <td key={cars[i]!.car.id}>{value}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
