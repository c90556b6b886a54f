/** A label/value list of the car (details, specifications), as the vehicle and print pages show it. */
export function DetailList({ rows }: { rows: ReadonlyArray<{ label: string; value: string }> }) {
  return (
    <dl className="fv-details">
      {rows.map((row) => (
        <div key={row.label}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
