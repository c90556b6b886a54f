import { tooltipPlacement, type PlacedHotspot } from './spin.ts';

/**
 * The 360 viewer's hotspots for the current angle (spec §4 Spin viewer): a numbered marker per feature that toggles its
 * tooltip, placed so the tooltip stays inside the frame. `prefix` keeps the tooltip ids of the two layers apart.
 */
export function HotspotLayer({ spots, open, onToggle, prefix }: { spots: PlacedHotspot[]; open: string | null; onToggle: (id: string) => void; prefix: string }) {
  if (!spots.length) return null;
  return (
    <ul className="fvs-hotspots" aria-label="Features">
      {spots.map((h) => {
        const place = tooltipPlacement(h.posX, h.posY);
        const tip = `${prefix}-tip-${h.id}`;
        return (
          <li key={h.id} className="fvs-hotspot" style={{ left: `${h.posX}%`, top: `${h.posY}%` }} data-h={place.horizontal} data-v={place.vertical}>
            <button type="button" className="fvs-hotspot__marker" aria-expanded={open === h.id} aria-describedby={tip} onClick={() => onToggle(h.id)}>
              <span aria-hidden="true">{h.number}</span>
              <span className="fc-visually-hidden">Feature {h.number}</span>
            </button>
            <span role="tooltip" id={tip} className="fvs-tip" hidden={open !== h.id}>
              {h.description}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
