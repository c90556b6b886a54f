/**
 * Body-type tiles show a drawing of the body (spec §2 Search results: "body type with logos"). The drawings are this
 * remote's static files (`public/body/*.svg`, served under its versioned `/_mf/mf-search/<version>/` path), so a
 * tile costs one cached image request, not markup in every page.
 */
const ICONS: Record<string, string> = {
  sedan: 'sedan',
  hatch: 'hatch',
  hatchback: 'hatch',
  suv: 'suv',
  '4x4': '4x4',
  wagon: 'wagon',
  stationwagon: 'wagon',
  ute: 'ute',
  utility: 'ute',
  van: 'van',
  peoplemover: 'people-mover',
  coupe: 'coupe',
  softtop: 'convertible',
  convertible: 'convertible',
  cabriolet: 'convertible',
  hardtop: 'coupe',
  cabchassis: 'cab-chassis',
  lighttruck: 'truck',
  truck: 'truck',
  motorcycle: 'motorcycle',
  motorbike: 'motorcycle',
};

/** `peopleMover` -> `<base>body/people-mover.svg`; an unknown body gets the generic vehicle drawing. */
export function bodyIconUrl(assetBase: string, body: string): string {
  const key = body.toLowerCase().replace(/[^a-z0-9]/g, '');
  return `${assetBase}body/${ICONS[key] ?? 'vehicle'}.svg`;
}
