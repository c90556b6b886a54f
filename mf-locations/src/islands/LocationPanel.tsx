import { useState } from 'react';
import { HolidayHours } from '../components/HolidayHours.tsx';
import { HoursTable } from '../components/HoursTable.tsx';
import { LocationMap } from '../components/LocationMap.tsx';
import { TodayHours } from '../components/TodayHours.tsx';
import { TYPE_PARAM, type DetailPanel } from '../lib/detail.ts';
import '../styles/locations.css';
import { AddressAndPhone } from '../components/AddressAndPhone.tsx';

export type LocationPanelProps = { panels: DetailPanel[]; selected: string };

/** Query string with the location type set, other parameters kept. */
export function withType(search: string, value: string): string {
  const params = new URLSearchParams(search);
  params.set(TYPE_PARAM, value);
  return `?${params}`;
}

export const TYPE_SELECT_ID = 'fl-type-select';

/**
 * A location page's panel (spec §4: the opening-hours table switches by selected location type): with several
 * locations, a 'Location type' choice, then the chosen one's today, address, phone, Opening Hours table, holiday hours
 * and map. Without JavaScript the choice is a GET form (`?type=service`, answered by the server); hydrated, it switches
 * in place and keeps the URL in step, so a reload or a shared link shows the same.
 */
export default function LocationPanel({ panels, selected }: LocationPanelProps) {
  const [id, setId] = useState(selected);
  const panel = panels.find((p) => p.id === id) ?? panels[0];
  if (!panel) return null;

  function choose(value: string) {
    const next = panels.find((p) => p.option.value === value);
    if (!next) return;
    setId(next.id);
    history.replaceState(history.state, '', `${location.pathname}${withType(location.search, value)}${location.hash}`);
  }

  return (
    <div className="fl-detail__body">
      {panels.length > 1 ? (
        <form className="fl-type" method="get" onSubmit={(e) => e.preventDefault()}>
          <label htmlFor={TYPE_SELECT_ID}>Location type</label>
          <select id={TYPE_SELECT_ID} name="type" value={panel.option.value} onChange={(e) => choose(e.target.value)}>
            {panels.map((p) => (
              <option key={p.id} value={p.option.value}>
                {p.option.label}
              </option>
            ))}
          </select>
          <button className="fc-btn" type="submit">
            Show
          </button>
        </form>
      ) : null}
      <PanelView key={panel.id} panel={panel} />
    </div>
  );
}

/** One location: what it is, where it stands today, how to reach it, its week and holidays, where it is. */
function PanelView({ panel }: { panel: DetailPanel }) {
  return (
    <section className="fl-panel" aria-labelledby="fl-panel-title">
      <div className="fl-panel__info">
        <h2 className="fl-panel__name" id="fl-panel-title">
          {panel.name}
        </h2>
        <p className="fl-panel__type">{panel.typeLabel}</p>
        <TodayHours today={panel.today} />
        <AddressAndPhone place={panel} block="fl-panel" phoneButton />
        {panel.bookingHref ? (
          <p>
            <a className="fc-btn fc-btn--primary fl-panel__booking" href={panel.bookingHref} rel="noopener">
              Enquire Now<span className="fc-visually-hidden">: book a service online (the dealer’s booking site)</span>
            </a>
          </p>
        ) : null}
        {panel.dealerLicence || panel.repairer ? (
          <p className="fl-panel__licence">
            {panel.dealerLicence ? <span>DL# {panel.dealerLicence}</span> : null}
            {panel.dealerLicence && panel.repairer ? ' · ' : null}
            {panel.repairer ? <span>MVR# {panel.repairer}</span> : null}
          </p>
        ) : null}
        <HoursTable rows={panel.hours} />
        <HolidayHours id={`fl-holiday-${panel.id}`} name={panel.name} days={panel.holidays} />
      </div>
      <div className="fl-panel__media">
        {panel.image ? <img className="fl-panel__image" src={panel.image.src} alt={panel.image.alt} width={640} height={400} decoding="async" /> : null}
        <LocationMap marker={panel.marker} locality={panel.locality} street={panel.street} directionsHref={panel.directionsHref} mapHref={panel.mapHref} />
      </div>
    </section>
  );
}
