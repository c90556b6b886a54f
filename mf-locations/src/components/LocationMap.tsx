import { AUSTRALIA_PATH, MAP_VIEWBOX } from '../lib/australia-map.ts';

type MapProps = {
  /** Where the location falls on the map (../lib/australia-map.ts `projectPoint`); no marker when null. */
  marker: { x: number; y: number } | null;
  /** 'Springwood QLD 4127' */
  locality: string;
  street: string;
  directionsHref: string;
  mapHref: string;
};

/**
 * Where the location is, without a third-party map (issue 17: nothing loads from a third party until the shopper
 * clicks): an inline SVG outline of Australia with a marker, its caption the address, then 'Get Directions' and
 * 'Open in Maps', plain links to Google Maps. The SVG has its width and height, so it takes its room before it paints.
 */
/**
 * The inline SVG outline of Australia with the location's marker (one drawing for the location page's map and the
 * location block's map variant); its width and height are set, so it takes its room before it paints.
 */
export function AustraliaMapSvg({ marker, locality }: Pick<MapProps, 'marker' | 'locality'>) {
  const { width, height } = MAP_VIEWBOX;
  return (
    <svg className="fl-map__svg" viewBox={`0 0 ${width} ${height}`} width={width} height={height} role="img" aria-label={marker ? `Map of Australia marking ${locality}` : 'Map of Australia'} focusable="false">
      <path className="fl-map__land" d={AUSTRALIA_PATH} />
      {marker ? (
        <g className="fl-map__marker" transform={`translate(${marker.x} ${marker.y})`}>
          <circle r="14" className="fl-map__halo" />
          <path d="M0 0c-6-9-10-14-10-19a10 10 0 0 1 20 0c0 5-4 10-10 19z" />
          <circle cy="-19" r="3.5" className="fl-map__dot" />
        </g>
      ) : null}
    </svg>
  );
}

export function LocationMap({ marker, locality, street, directionsHref, mapHref }: MapProps) {
  return (
    <div className="fl-map">
      <figure className="fl-map__figure">
        <AustraliaMapSvg marker={marker} locality={locality} />
        <figcaption className="fl-map__caption">
          {street}, {locality}
        </figcaption>
      </figure>
      <p className="fl-map__links">
        <a className="fc-btn fc-btn--primary" href={directionsHref}>
          Get Directions
        </a>
        <a className="fc-btn" href={mapHref}>
          Open in Maps
        </a>
      </p>
    </div>
  );
}
