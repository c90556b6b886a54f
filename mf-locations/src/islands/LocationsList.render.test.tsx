import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { parseSiteConfig } from '@forecourt/contracts/tenant';
import { GEOCODE_ERRORS } from '@forecourt/contracts/internal';
import { groupConfigInput, groupData } from '../test/group.ts';
import { listPageView } from '../lib/list-page.ts';
import type { PlaceLookup } from '../lib/locator.ts';
import LocationsList from './LocationsList.tsx';

const config = parseSiteConfig(groupConfigInput());
const NOW = new Date('2026-03-04T00:00:00Z');
const render = (page: 'locations' | 'dealer-locator', query = '', place?: PlaceLookup) => {
  const v = listPageView(page, new URLSearchParams(query), config, groupData(), NOW, place);
  return renderToString(<LocationsList groups={v.groups} query={v.query} tab={v.tab} keep={v.keep} locator={v.locator} />);
};
const cards = (html: string) => [...html.matchAll(/<article class="fc-card fl-dcard" id="fl-d-([a-z-]+)"/g)].map((m) => m[1]);

describe('LocationsList, server-rendered as it hydrates', () => {
  it('/locations: the search box and a card per dealership; no locator', () => {
    const html = render('locations');
    expect(html).toContain('<label for="fl-search-input">Search locations</label>');
    expect(html).toContain('placeholder="Search locations..."');
    expect(html).not.toContain('fl-locator');
    expect(cards(html)).toEqual(['penrith-ford', 'harbour-hyundai', 'bay-kia-mazda']);
    expect(html).toContain('<p class="fl-list__count" role="status">7 locations</p>');
  });

  it('the search box filters on the server the same way: a dealership stays whole when one location matches', () => {
    const html = render('locations', 'locationQuery=logan');
    expect(cards(html)).toEqual(['harbour-hyundai']);
    expect(html).toContain('Showing 4 of 7 locations');
    expect(render('locations', 'locationQuery=perth')).toContain('No locations match your search.');
  });

  it('/dealer-locator: a labelled box tied to its hint, type and brand selects, Find, and Use my location kept invisible until hydrated', () => {
    const html = render('dealer-locator');
    expect(html).toContain('<form class="fc-card fl-locator" id="fl-locator" role="search" aria-labelledby="fl-locator-title" noValidate="" action="/dealer-locator" method="get">');
    expect(html).toContain('<h2 class="fl-locator__title" id="fl-locator-title">Find your nearest dealer</h2>');
    expect(html).toContain('<label for="fl-near">Postcode or suburb</label>');
    expect(html).toMatch(/<input id="fl-near" type="text" inputMode="text" autoComplete="postal-code" spellCheck="false" maxLength="60" aria-describedby="fl-near-hint" name="near" value=""\/>/);
    expect(html).toContain('<label for="fl-locator-type">Location type</label>');
    expect(html).toContain('<option value="service">Service</option>');
    expect(html).toContain('<label for="fl-locator-brand">Brand</label>');
    expect(html).toContain('<option value="mazda">Mazda</option>');
    expect(html).toContain('<button class="fc-btn fc-btn--primary" type="submit">Find</button>');
    expect(html).toContain('<button class="fc-btn fl-locator__locate" type="button" data-ready="false" aria-hidden="true" tabindex="-1">Use my location</button>');
    expect(html).toContain('<p class="fl-locator__live" role="status"></p>');
    expect(html).not.toContain('Clear search');
  });

  it('a field error: aria-invalid and aria-describedby name it; the list still shows', () => {
    const html = render('dealer-locator', 'near=412', { kind: 'field-error', error: GEOCODE_ERRORS.postcode });
    expect(html).toContain('aria-invalid="true" aria-describedby="fl-near-hint fl-near-error" name="near" value="412"/>');
    expect(html).toContain('<p class="fl-field__error" id="fl-near-error">Invalid postcode. Please enter a 4-digit number.</p>');
    expect(cards(html)).toHaveLength(3);
  });

  it('found: Nearest to …, nearest first with N km away; unavailable: the notice and the list unsorted', () => {
    const html = render('dealer-locator', 'near=Capalaba', { kind: 'found', origin: { lat: -27.5312, lng: 153.2005 }, label: 'Capalaba QLD 4157' });
    expect(html).toContain('<p class="fl-nearest">Nearest to Capalaba QLD 4157</p>');
    expect(cards(html)).toEqual(['bay-kia-mazda', 'harbour-hyundai', 'penrith-ford']);
    expect(html).toContain('<p class="fl-loc__distance">Less than 0.1 km away</p>');
    expect(html).toContain('Clear search');
    const down = render('dealer-locator', 'near=4127', { kind: 'notice', message: GEOCODE_ERRORS.unavailable });
    expect(down).toContain(`<p class="fl-notice" role="status">${GEOCODE_ERRORS.unavailable}</p>`);
    expect(cards(down)).toEqual(['penrith-ford', 'harbour-hyundai', 'bay-kia-mazda']);
    expect(down).not.toContain('fl-loc__distance');
  });

  it('filters that leave nothing: a way back to every location', () => {
    const html = render('dealer-locator', 'type=parts&brand=ford');
    expect(html).toContain('No locations match your search.');
    expect(html).toContain('<a class="fc-btn" href="/dealer-locator">Show all locations</a>');
  });
});
