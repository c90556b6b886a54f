import type { HoursRow } from '../lib/hours-table.ts';

/**
 * The Opening Hours table (spec §2 Location block detail panel): a row a day, Monday first (Monday to Friday as one
 * row when identical), each day a row header; today's row carries `aria-current="date"` and a visible 'Today', and
 * today's holiday hours when a special date replaces them.
 */
export function HoursTable({ rows, caption = 'Opening Hours' }: { rows: readonly HoursRow[]; caption?: string }) {
  if (!rows.length) return null;
  return (
    <table className="fl-hours-table">
      <caption>{caption}</caption>
      <thead className="fc-visually-hidden">
        <tr>
          <th scope="col">Day</th>
          <th scope="col">Hours</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.days} className={row.today ? 'fl-hours-table__row--today' : undefined} aria-current={row.today ? 'date' : undefined}>
            <th scope="row">
              {row.days}
              {row.today ? <span className="fl-hours-table__today">Today</span> : null}
            </th>
            <td className={row.closed ? 'fl-hours-table__closed' : undefined}>
              {row.text}
              {row.holiday ? <span className="fl-hours-table__holiday">Today: {row.holiday} (holiday hours)</span> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
