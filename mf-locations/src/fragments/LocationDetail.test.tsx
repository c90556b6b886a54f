import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { ISLAND_ATTR, ISLAND_PROPS_ATTR, parseIslandProps } from '@forecourt/contracts/fragments';
import { detailConfig, detailData } from '../test/detail.ts';
import { locationDetail } from '../lib/detail.ts';
import { LocationDetail } from './LocationDetail.tsx';

/** Friday 27 November 2026, 10am in Sydney. */
const NOW = new Date('2026-11-26T23:00:00Z');
function render(slug: string, type: string | null = null, now = NOW, config = detailConfig()) {
  const detail = locationDetail(slug, type, config, detailData(), now);
  if (!detail) throw new Error('not found');
  return renderToString(<LocationDetail detail={detail} />);
}

describe('a location’s page (server-rendered)', () => {
  const html = render('harbour-city-sales');

  it('breadcrumbs Home > Our locations > name, the name as h1, its type and town', () => {
    expect(html).toContain('<li><a href="/locations">Our locations</a></li><li aria-current="page">Harbour City Sales</li>');
    expect(html).toContain('<h1>Harbour City Sales</h1>');
    expect(html).toContain('<p class="fl-detail__subtitle">Sales · Parramatta NSW</p>');
  });

  it('the review summary near the top links to #reviews; View Our Stock and Visit Website', () => {
    const head = html.slice(0, html.indexOf('data-island'));
    expect(head).toContain('<span class="fl-stars" role="img" aria-label="Rated 4.7 out of 5" style="--fl-stars-fill:94%"></span>');
    expect(head).toContain('<a class="fl-rating__count" href="#reviews">Based on 1,234 reviews</a>');
    expect(head).toContain('<a class="fc-btn fc-btn--primary" href="/search/harbour-city-sales">View Our Stock</a>');
    expect(head).toContain('<a class="fc-btn" href="https://www.harbourcity.example/" rel="noopener">Visit Website</a>');
  });

  it('the panel is the LocationPanel island, its props every location at the address and the one shown', () => {
    expect(html).toContain(`<div id="fl-detail" ${ISLAND_ATTR}="mf-locations/LocationPanel" class="fc-island">`);
    const script = html.match(new RegExp(`<script type="application/json" ${ISLAND_PROPS_ATTR}="fl-detail">(.*?)</script>`))?.[1];
    const props = parseIslandProps(script!) as { panels: Array<{ id: string }>; selected: string };
    expect(props.panels.map((p) => p.id)).toEqual(['s1', 's2', 's3']);
    expect(props.selected).toBe('s1');
  });

  it('a labelled Location type choice that works without JavaScript (a GET form, ?type=)', () => {
    expect(html).toContain('<form class="fl-type" method="get"><label for="fl-type-select">Location type</label><select id="fl-type-select" name="type">');
    expect(html).toContain('<option value="sales" selected="">Sales</option><option value="service">Service</option><option value="parts">Parts</option>');
    expect(html).toContain('<button class="fc-btn" type="submit">Show</button>');
  });

  it('today, the address to the map, the phone, the licence', () => {
    expect(html).toContain('<strong>Open now</strong> · Closes at 5:30pm');
    expect(html).toContain('<a href="https://maps.example/parramatta">10 Church Street<br/>Parramatta NSW 2150</a>');
    expect(html).toContain('<a class="fc-btn fl-panel__phone" href="tel:0732080000">Call <!-- -->07 3208 0000</a>');
    expect(html).toContain('<span>DL# <!-- -->MD12345</span> · <span>MVR# <!-- -->MVR54321</span>');
  });

  it('the Opening Hours table: caption, a row header a day, Monday to Friday collapsed, today marked', () => {
    expect(html).toContain('<table class="fl-hours-table"><caption>Opening Hours</caption>');
    expect(html).toContain(
      '<tr class="fl-hours-table__row--today" aria-current="date"><th scope="row">Monday – Friday<span class="fl-hours-table__today">Today</span></th><td>8:30am - 5:30pm</td></tr>',
    );
    expect(html).toContain('<tr><th scope="row">Saturday</th><td>By appointment only</td></tr>');
    expect(html).toContain('<tr><th scope="row">Sunday</th><td class="fl-hours-table__closed">Closed</td></tr>');
  });

  it('View Holiday Hours opens a popover dialog (no JavaScript needed): heading, dates, Close', () => {
    expect(html).toContain('<button type="button" class="fc-btn fc-btn--ghost fl-holiday__open" popoverTarget="fl-holiday-s1">View Holiday Hours</button>');
    expect(html).toContain('<div id="fl-holiday-s1" class="fl-holiday__dialog" popover="auto" role="dialog" aria-labelledby="fl-holiday-s1-title"><h2 class="fl-holiday__title" id="fl-holiday-s1-title">Holiday hours</h2>');
    expect(html).toContain('<li class="fl-holiday__day"><time dateTime="2026-12-24">Thu 24 Dec 2026</time><span>8:30am - 12pm</span></li>');
    expect(html).toContain('<li class="fl-holiday__day"><time dateTime="2026-12-25">Fri 25 Dec 2026</time><span class="fl-holiday__closed">Closed</span></li>');
    expect(html).toContain('popoverTarget="fl-holiday-s1" popoverTargetAction="hide">Close</button>');
  });

  it('the map is inline (nothing from a third party), sized, with Get Directions and Open in Maps', () => {
    expect(html).toMatch(/<svg class="fl-map__svg" viewBox="0 0 400 \d+" width="400" height="\d+" role="img" aria-label="Map of Australia marking Parramatta NSW 2150"/);
    expect(html).toContain('<figcaption class="fl-map__caption">10 Church Street<!-- -->, <!-- -->Parramatta NSW 2150</figcaption>');
    expect(html).toContain('<a class="fc-btn fc-btn--primary" href="https://www.google.com/maps/dir/?api=1&amp;destination=-33.8151%2C151.0011">Get Directions</a>');
    expect(html).toContain('<a class="fc-btn" href="https://maps.example/parramatta">Open in Maps</a>');
    // Nothing loads from elsewhere: no iframe, no script source, images same-site only.
    expect(html).not.toMatch(/<iframe|<script[^>]+src=/);
    expect([...html.matchAll(/<img[^>]+src="([^"]+)"/g)].map((m) => m[1])).toEqual(['/img/harbour-city-sales.jpg']);
    expect(html).toContain('width="640" height="400"');
  });

  it('the #reviews block: summary, then the 12 newest rated 4 and up, each with stars, author, date and words', () => {
    const reviews = html.slice(html.indexOf('<section class="fl-reviews" id="reviews"'));
    expect(reviews).toContain('<h2 id="fl-reviews-title">Reviews</h2>');
    expect(reviews.match(/<li class="fc-card fl-review">/g)).toHaveLength(12);
    expect(reviews).toContain('<strong>Buyer 13</strong> <time dateTime="2026-11-22">22 Nov 2026</time>');
    expect(reviews).not.toContain('Too slow.');
    expect(reviews.indexOf('Buyer 13')).toBeLessThan(reviews.indexOf('Buyer 12'));
  });
});

describe('what switches and what hides', () => {
  it('?type=service shows the service location, with Enquire Now to the dealership’s booking site', () => {
    const html = render('harbour-city-sales', 'service');
    expect(html).toContain('<option value="service" selected="">Service</option>');
    expect(html).toContain('<h2 class="fl-panel__name" id="fl-panel-title">Harbour City Service</h2>');
    expect(html).toContain('<a class="fc-btn fc-btn--primary fl-panel__booking" href="https://book.example/harbour-city" rel="noopener">Enquire Now');
    // Its own week: Friday differs, so each weekday is a row, and today (Friday in Sydney) is marked.
    expect(html).toContain('<tr class="fl-hours-table__row--today" aria-current="date"><th scope="row">Friday<span class="fl-hours-table__today">Today</span></th><td>7am - 4pm</td></tr>');
  });

  it('no holiday button without upcoming dates; no type choice for a location alone; no reviews where spec §5 says no', () => {
    const parts = render('harbour-city-parts', 'parts');
    expect(parts).not.toContain('View Holiday Hours');
    const alone = render('harbour-city-brisbane');
    expect(alone).not.toContain('fl-type-select');
    expect(render('harbour-city-service')).not.toMatch(/id="reviews"|href="#reviews"/);
    const hidden = render('harbour-city-sales', null, NOW, detailConfig({ features: { reviews: false } }));
    expect(hidden).not.toMatch(/id="reviews"|fl-stars/);
  });

  it('on a holiday, Today leads the list and today’s state is the holiday’s', () => {
    const html = render('harbour-city-sales', null, new Date('2026-12-23T23:00:00Z'));
    expect(html).toContain('<li class="fl-holiday__day fl-holiday__day--today"><time dateTime="2026-12-24">Today</time><span>8:30am - 12pm</span></li>');
    expect(html).toContain('<strong>Open now</strong> · Closes at 12pm');
    expect(html).toContain('<td>8:30am - 5:30pm<span class="fl-hours-table__holiday">Today: <!-- -->8:30am - 12pm<!-- --> (holiday hours)</span></td>');
  });
});
