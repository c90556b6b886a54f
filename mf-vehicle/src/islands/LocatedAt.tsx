import { useState } from 'react';

export type LocatedAtProps = { city: string; directionsHref: string };

/** 'Located at {city}' announcement with Get Directions and a dismiss X (spec §2; §4 visible then dismissed). */
export default function LocatedAt({ city, directionsHref }: LocatedAtProps) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <div className="fv-located" role="region" aria-label="Car location">
      <p>
        Located at <strong>{city}</strong>
      </p>
      <a className="fv-located__link" href={directionsHref} target="_blank" rel="noopener noreferrer">
        Get Directions
      </a>
      <button type="button" className="fv-located__close" aria-label="Dismiss" onClick={() => setOpen(false)}>
        ×
      </button>
    </div>
  );
}
