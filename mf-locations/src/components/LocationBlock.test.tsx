import { iconHtml } from '@forecourt/ui/icon-html';
import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { locationInput, locationsData, siteConfig } from '../test/tenant.ts';
import { blockCards, locationBlock } from '../lib/block.ts';
import { LocationsSummary } from '../fragments/LocationsSummary.tsx';
import { LocationBlockCards } from './LocationBlock.tsx';

const NOW = new Date('2026-03-04T00:00:00Z');
const locations = Array.from({ length: 7 }, (_, i) =>
  locationInput({ id: `l${i}`, name: `Yard ${i}`, slug: `yard-${i}`, location_type: i === 1 ? 'service' : 'sales', image: { image: { url: `/img/yard-${i}.svg` } } }),
);
const data = locationsData('t', {
  locations,
  dealerships: [{ id: 'd1', slug: 'springwood-motor-group', name: 'Springwood Motor Group', service_booking_url: 'https://www.springwood.example/service-booking' }],
});
const cards = (n: number, features: Record<string, boolean> = {}) => blockCards(data.locations.slice(0, n), siteConfig('t', { locations: locations.map((l) => l.id), features }), data, NOW);

describe('LocationBlockCards (spec §2 Location block)', () => {
  it('one location: the large card, its photo with width and height, no grid', () => {
    const html = renderToString(<LocationBlockCards cards={cards(1)} />);
    expect(html).toMatch(/^<article class="fc-card fl-bcard fl-bcard--large" aria-labelledby="fl-block-l0" data-location-id="l0">/);
    expect(html).toContain('<img class="fl-bcard__img" src="/img/yard-0.svg" width="640" height="320" alt="" loading="lazy" decoding="async"/>');
    expect(html).not.toContain('fl-block__grid');
  });
  it.each([
    [2, 2], [3, 3], [4, 4], [5, 4], [6, 3], [7, 4],
  ])('%i locations: a grid of %i columns, no photos', (n, columns) => {
    const html = renderToString(<LocationBlockCards cards={cards(n)} />);
    expect(html).toContain(`<ul class="fl-block__grid" data-columns="${columns}">`);
    expect(html.match(/<li><article class="fc-card fl-bcard"/g)).toHaveLength(n);
    expect(html).not.toContain('<img');
  });
  it('each card: address, phone, hours, rating, Contact Us, Get Directions, View Location Details (named per location)', () => {
    const html = renderToString(<LocationBlockCards cards={cards(2)} />);
    expect(html).toContain('<h4 class="fl-bcard__hours-title">Opening hours</h4>');
    expect(html).toContain('<a class="fc-btn fc-btn--primary fl-bcard__contact" href="/contact-us/yard-0">Contact Us<span class="fc-visually-hidden">: <!-- -->Yard 0</span></a>');
    expect(html).toContain('Get Directions<span class="fc-visually-hidden">: <!-- -->Yard 1</span>');
    expect(html).toContain('href="/locations/yard-1">View Location Details');
    expect(html).toContain('aria-label="Rated 4.6 out of 5"');
  });
  it('Book a Service on the service location where the tenant says so, to the dealership’s booking site', () => {
    const html = renderToString(<LocationBlockCards cards={cards(2, { location_book_service: true })} />);
    expect(html).toContain('<a class="fc-btn fc-btn--primary fl-bcard__contact" href="https://www.springwood.example/service-booking" data-external="">Book a Service<span class="fc-visually-hidden">: <!-- -->Yard 1</span></a>');
    // On a page with a form only the booking site shows: Contact Us would lead back to the page.
    const booking = renderToString(<LocationBlockCards cards={cards(2, { location_book_service: true })} contact="booking" />);
    expect(booking.match(/fl-bcard__contact/g)).toHaveLength(1);
    expect(booking).toContain('>Book a Service<');
  });
});

describe('LocationsSummary: the carousel layout', () => {
  const render = (n: number) => renderToString(<LocationsSummary summary={{ layout: 'carousel', cards: cards(n), total: 7, variant: 'card', heading: null, reviews: null }} />);
  it('is the LocationsCarousel island, loaded when visible, server-rendered as a scroll-snap list with sized photos', () => {
    const html = render(4);
    expect(html).toContain('<div id="fl-carousel" data-island="mf-locations/LocationsCarousel" class="fc-island fl-block" data-island-when="visible">');
    expect(html).toContain('<section class="fl-carousel" aria-labelledby="fl-carousel-title"><div class="fl-carousel__head"><h2 id="fl-carousel-title">Our Locations</h2>');
    expect(html).toContain('<a class="fc-btn fc-btn--ghost" href="/locations">All 7 locations</a>');
    expect(html.match(/<li class="fl-carousel__item">/g)).toHaveLength(4);
    expect(html).toContain('<img class="fl-ccard__img" src="/img/yard-0.svg" width="640" height="320" alt="" loading="lazy" decoding="async"/>');
  });
  it('each card: View Location, and View Our Stock (the location’s search page) on sales locations only', () => {
    const html = render(2);
    expect(html).toContain('href="/locations/yard-0">View Location<span class="fc-visually-hidden">: <!-- -->Yard 0</span>');
    expect(html).toContain('href="/search/yard-0">View Our Stock');
    expect(html).not.toContain('href="/search/yard-1"');
  });
  it('the Swipe hint only above 3 cards (spec §9); Previous and Next disabled and held invisible until hydrated; no autoplay control', () => {
    expect(render(3)).not.toContain('Swipe');
    const html = render(4);
    expect(html).toContain(`<p class="fl-carousel__hint">${iconHtml('arrow-left')} Swipe ${iconHtml('arrow-right')}</p>`);
    expect(html).toContain('<div class="fl-carousel__controls"><button type="button" class="fc-btn fc-btn--sm fl-carousel__prev" aria-controls="fl-carousel-list" disabled="">');
    expect(html.match(/disabled=""/g)).toHaveLength(2);
    expect(html).not.toMatch(/Pause|Play|data-interval/);
  });
});

describe("LocationsSummary: the car page's location, map variant and reviews list (issue 18)", () => {
  const reviewed = locationsData('t', {
    locations: [
      locationInput({
        id: 'm1', name: 'Springwood Toyota', slug: 'springwood-toyota', image: { image: { url: '/img/yard.svg' } },
        review_items: [
          { author: 'Sam P.', rating: 5, text: 'Great service.', date: '2026-02-12' },
          { author: 'Lou', rating: 2, text: 'Slow.', date: '2026-02-20' },
        ],
      }),
      locationInput({ id: 'm2', name: 'Quiet Yard', slug: 'quiet-yard', review_items: [] }),
    ],
    dealerships: [],
  });
  const render = (id: string, features: Record<string, boolean> = {}, params: Record<string, string> = { variant: 'map', reviews: 'list', heading: 'Location' }) =>
    renderToString(<LocationsSummary summary={locationBlock(siteConfig('t', { locations: ['m1', 'm2'], features }), reviewed, { show: 'id', id, ...params }, NOW)} />);

  it('the map variant: the host’s heading, the map of Australia with the pin in place of the photo (nothing loaded from elsewhere), today, phone, Get Directions', () => {
    const html = render('m1');
    expect(html).toContain('<h2 id="fl-summary-title">Location</h2>');
    expect(html).toMatch(/<figure class="fl-bcard__map"><svg class="fl-map__svg" viewBox="0 0 \d+ \d+" width="\d+" height="\d+" role="img" aria-label="Map of Australia marking Springwood QLD 4127"/);
    expect(html).toContain('class="fl-map__marker" transform="translate(');
    expect(html).not.toContain('<img');
    expect(html).toContain('href="tel:0732080000"');
    expect(html).toContain('Get Directions<span class="fc-visually-hidden">: <!-- -->Springwood Toyota</span>');
    // Without the variant: the photo, as on the home page.
    expect(render('m1', {}, {})).toContain('<img class="fl-bcard__img" src="/img/yard.svg"');
  });
  it('the reviews list: #reviews with the reviews rated 4 and up, the card’s rating linking there; none with reviews off or none to list', () => {
    const html = render('m1');
    expect(html).toContain('<a class="fl-rating__count" href="#reviews">Based on 212 reviews</a>');
    const reviews = html.slice(html.indexOf('<section class="fl-reviews" id="reviews"'));
    expect(reviews).toContain('<strong>Sam P.</strong>');
    expect(reviews).not.toContain('Slow.');
    for (const off of [render('m1', { reviews: false }), render('m2'), render('m1', {}, { variant: 'map' })]) {
      expect(off).not.toContain('id="reviews"');
      expect(off).not.toContain('href="#reviews"');
    }
  });
});
