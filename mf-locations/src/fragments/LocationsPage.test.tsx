import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { ISLAND_ATTR, ISLAND_PROPS_ATTR, parseIslandProps } from '@forecourt/contracts/fragments';
import { LOCATION_IDS, siteConfig, tenantData } from '../test/tenant.ts';
import { pageView } from '../lib/pages.ts';
import { LocationsPage } from './LocationsPage.tsx';

const config = siteConfig('test-motors', { locations: LOCATION_IDS });
const data = tenantData();
function render(page: string, query = '') {
  const view = pageView(page, new URLSearchParams(query), config, data, new Date('2026-03-04T00:00:00Z'));
  if (view.kind === 'not-found') throw new Error('not found');
  return renderToString(<LocationsPage view={view} config={config} />);
}

describe('locations list page', () => {
  const html = render('locations', 'locationQuery=logan');
  it('is the LocationsList island, hydrated on interaction, its props the dealerships’ cards, the query and ?tab=', () => {
    expect(html).toContain(`<div id="fl-locations" ${ISLAND_ATTR}="mf-locations/LocationsList" class="fc-island" data-island-when="interaction">`);
    const script = html.match(new RegExp(`<script type="application/json" ${ISLAND_PROPS_ATTR}="fl-locations">(.*?)</script>`))?.[1];
    const props = parseIslandProps(script!) as { groups: Array<{ slug: string; tabs: Array<{ locations: Array<{ id: string }> }> }>; query: string; tab: string | null; locator: unknown };
    expect(props).toMatchObject({ query: 'logan', tab: null, locator: null });
    expect(props.groups.map((g) => [g.slug, g.tabs.flatMap((t) => t.locations.map((l) => l.id))])).toEqual([
      ['springwood-motor-group', ['l1', 'l2']],
      ['logan-euro', ['l4']],
    ]);
  });
  it('server-renders the search box with the query and only the matching dealerships', () => {
    expect(html).toContain('placeholder="Search locations..."');
    expect(html).toMatch(/name="locationQuery"[^>]*value="logan"/);
    expect(html).toContain('<p class="fl-list__count" role="status">Showing 1 of 3 locations</p>');
    expect(html).toContain('<h2 class="fl-dcard__name" id="fl-d-logan-euro-name">Logan Euro</h2>');
    expect(html).toContain('<h3 class="fl-loc__name" id="fl-loc-l4">Logan Škoda Sales</h3>');
    expect(html).not.toContain('Springwood Motor Group</h2>');
  });
  it('shows every dealership without a query: tabs per address, name, address linked to the map, phone link, hours summary', () => {
    const all = render('locations');
    expect(all).toContain('<p class="fl-list__count" role="status">3 locations</p>');
    expect(all).toContain('role="tablist" aria-label="Springwood Motor Group locations"');
    expect(all).toMatch(/role="tab" href="\?tab=l1#fl-d-springwood-motor-group" aria-selected="true" aria-controls="fl-panel-springwood-motor-group-l1">Sales<\/a>/);
    expect(all).toMatch(/role="tab" href="\?tab=l2#fl-d-springwood-motor-group" aria-selected="false" aria-controls="fl-panel-springwood-motor-group-l2">Service<\/a>/);
    expect(all).toContain('<a href="https://maps.example/springwood">3350 Pacific Highway<br/>Springwood QLD 4127</a>');
    expect(all).toContain('<a class="fc-btn fl-loc__phone" href="tel:0732080000">Call <!-- -->07 3208 0000</a>');
    expect(all).toContain('<dt>Mon-Fri</dt><dd>8:30am - 5:30pm</dd>');
    expect(all).toContain('<dt>Sat</dt><dd>By appointment only</dd>');
    expect(all).toContain('<dt>Sun</dt><dd>Closed</dd>');
    expect(all).toContain('DL# <!-- -->MD12345');
    expect(all).toContain('href="/locations/springwood-toyota"');
  });
  it('?tab= selects a location’s tab without JavaScript', () => {
    const tabbed = render('locations', 'tab=l2');
    expect(tabbed).toMatch(/aria-selected="true" aria-controls="fl-panel-springwood-motor-group-l2">Service<\/a>/);
    expect(tabbed).toContain('<div id="fl-panel-springwood-motor-group-l1" class="fl-dcard__panel" role="tabpanel" aria-labelledby="fl-tab-springwood-motor-group-l1" tabindex="0" hidden="">');
  });
  it('each card says whether the location is open now, with today’s hours', () => {
    const all = render('locations');
    expect(all).toContain('<div class="fl-today fl-today--open"><p class="fl-today__status"><span class="fl-today__dot" aria-hidden="true"></span><strong>Open now</strong> · Closes at 5:30pm</p>');
    expect(all).toContain('Today: <!-- -->8:30am - 5:30pm');
  });
  it('the dealer locator: the form above the same list', () => {
    const locator = render('dealer-locator');
    expect(locator).toContain('<h1>Dealer locator</h1>');
    expect(locator).toContain('<h2 class="fl-locator__title" id="fl-locator-title">Find your nearest dealer</h2>');
    expect(locator).toContain('<label for="fl-near">Postcode or suburb</label>');
    expect(locator).toContain('role="tablist" aria-label="Springwood Motor Group locations"');
  });
});

describe('other pages', () => {
  it('contact lists the locations as the location block, with phone and email, and the marker of its lead-form slot', () => {
    const html = render('contact');
    expect(html).toContain('<h1>Contact us</h1>');
    expect(html).toContain('<a class="fc-btn fl-reach__call" href="tel:0730000000">Call <!-- -->07 3000 0000</a>');
    expect(html).toContain('<a href="mailto:sales@example.com.au">sales@example.com.au</a>');
    expect(html.match(/class="fc-card fl-bcard/g)).toHaveLength(3);
    // On the contact page the cards lead elsewhere: directions and the location's page, not back to a contact form.
    expect(html).not.toContain('fl-bcard__contact');
    expect(html).toContain('>Get Directions<');
    // mf-account's form fills the slot (the shell pastes it here); this remote renders no form of its own.
    expect(html).toContain('<fc-slot id="contact-form"></fc-slot>');
    expect(html).not.toContain('<form');
  });
  it('puts the form in one column and its context beside it: the dealer’s details and the first location; the rest below as the block', () => {
    const html = render('contact');
    expect(html).toContain('<div class="fl-split"><div class="fc-card fl-split__form" id="fl-enquiry"><fc-slot id="contact-form"></fc-slot></div><div class="fl-split__aside"><section class="fc-card fl-reach"');
    const aside = html.slice(html.indexOf('fl-split__aside'), html.indexOf('fl-more'));
    expect(aside).toContain('<h2 class="fl-bcard__name" id="fl-block-l1">Springwood Toyota Sales</h2>');
    expect(aside).not.toContain('fl-block-l2');
    const below = html.slice(html.indexOf('fl-more'));
    expect(below).toContain('<h2 id="fl-more-title">Our other locations</h2>');
    expect(below).toContain('<ul class="fl-block__grid" data-columns="2">');
    expect(below).toContain('<h3 class="fl-bcard__name" id="fl-block-l4">Logan Škoda Sales</h3>');
    expect(below).toContain('<h3 class="fl-bcard__name" id="fl-block-l2">Springwood Toyota Service</h3>');
  });
  it('with one location, nothing follows the two columns', () => {
    const html = render('contact', '_slug=logan-skoda');
    expect(html.slice(html.indexOf('fl-split__aside')).match(/class="fc-card fl-bcard/g)).toHaveLength(1);
    expect(html).not.toContain('fl-more');
  });
  it('a location page has breadcrumbs through Our locations, its name as h1 and no self link', () => {
    const html = render('location', '_slug=springwood-toyota');
    expect(html).toContain('<li><a href="/locations">Our locations</a></li><li aria-current="page">Springwood Toyota Sales</li>');
    expect(html).toContain('<h1>Springwood Toyota Sales</h1>');
    expect(html).not.toContain('View location details');
  });
  it('service lists only service locations, how to book, and the service pages', () => {
    const html = render('service');
    expect(html).toContain('Send us an enquiry and we will call you to book your service.');
    expect(html.match(/class="fc-card fl-bcard/g)).toHaveLength(1);
    expect(html).toContain('<h3 class="fl-booking__name">Springwood Motor Group</h3>');
    expect(html).toContain('href="/roadside-assist">Roadside assist</a>');
  });
});
