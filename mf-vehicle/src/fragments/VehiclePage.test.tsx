import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { sampleLocation } from '@forecourt/contracts/fixtures/location';
import { CarSchema } from '@forecourt/contracts/entities/car';
import { LocationSchema } from '@forecourt/contracts/entities/location';
import * as v from 'valibot';
import { addressText } from '@forecourt/contracts/locations';
import { siteConfig } from '../test/tenant.ts';
import { slotMarker } from '@forecourt/contracts/fragments';
import { dialogSlotId } from '../lib/lead-forms.ts';
import { LOCATION_SLOT_ID, locationSlotParams, SIMILAR_SLOT_ID, VehiclePage, type VehiclePageProps } from './VehiclePage.tsx';

const car = v.parse(CarSchema, sampleCar);
const location = v.parse(LocationSchema, sampleLocation);
const other = v.parse(LocationSchema, { ...sampleLocation, id: 'loc-other', slug: 'other-yard', primary: false, name: 'Other Yard', address: { ...sampleLocation.address, city: 'Beenleigh', postcode: '4207' } });
const render = (props: Partial<VehiclePageProps> = {}, features: Record<string, boolean> = {}, extra: Record<string, unknown> = {}) =>
  renderToString(
    <VehiclePage
      car={car}
      config={siteConfig('test-motors', { site_url: 'https://www.test-motors.com.au', locations: [location.id, other.id], features, ...extra })}
      locations={[location, other]}
      market={null}
      now={new Date('2024-06-01T00:00:00Z')}
      {...props}
    />,
  );

describe('VehiclePage', () => {
  it("a past rego expiry: 'Unregistered' only for a tenant with vdp_config.show_unregistered (spec §4)", () => {
    const expired = { car: { ...car, regplate: null, rego_expiry: '2024-01-31' } };
    expect(render(expired)).not.toContain('Unregistered');
    expect(render(expired, {}, { vdp_config: { show_unregistered: true } })).toContain('Unregistered');
  });
  it("the 360 viewer opens on the photos for a tenant with vdp_config.spin_default_view 'gallery'", () => {
    const spinning = { car: { ...car, spin_images: ['/a.svg', '/b.svg', '/c.svg'] } };
    expect(render(spinning)).toContain('"initialView":"spinner"');
    expect(render(spinning, {}, { vdp_config: { spin_default_view: 'gallery' } })).toContain('"initialView":"gallery"');
  });
  it('breadcrumbs go Home > Used Cars > make > model > car', () => {
    const html = render();
    expect(html).toContain('<li><a href="/search/used-cars">Used Cars</a></li><li><a href="/search/toyota">Toyota</a></li><li><a href="/search/toyota/corolla">Corolla</a></li><li aria-current="page">2021 Toyota Corolla Ascent Sport Hybrid</li>');
  });
  it('price: Was price, reduced amount, below-market badge and the weekly estimate', () => {
    const html = render();
    expect(html).toContain('Was <s>$33,490</s>');
    expect(html).toContain('<strong>$31,990</strong> <span class="fv-price__type">Drive Away</span>');
    expect(html).toContain('Reduced by $1,500');
    expect(html).toContain('$910 below market average'); // 32,900 state average - 31,990
    expect(html).toMatch(/Est\. <strong>\$\d+\/week<\/strong>/);
  });
  it('key info shows 4 then Show More / Show Less; features 8 then Show All / Hide', () => {
    const many = { ...car, features: Array.from({ length: 10 }, (_, i) => `Feature ${i + 1}`) };
    const html = render({ car: many });
    const keyInfo = html.slice(html.indexOf('id="fv-key-info"'), html.indexOf('id="fv-details"'));
    expect(keyInfo.match(/<ul class="fv-keyinfo">(.*?)<\/ul>/)![1]!.match(/<li>/g)).toHaveLength(4);
    expect(keyInfo).toContain('<span class="fv-more__closed">Show More</span><span class="fv-more__open">Show Less</span>');
    const features = html.slice(html.indexOf('id="fv-features"'), html.indexOf('id="fv-specs"'));
    expect(features.match(/<ul class="fv-features">(.*?)<\/ul>/)![1]!.match(/<li>/g)).toHaveLength(8);
    expect(features).toContain('<span class="fv-more__closed">Show All</span><span class="fv-more__open">Hide</span>');
  });
  it('dealer comments: pending text, sanitised HTML, 400-character cut with show more', () => {
    expect(render({ car: { ...car, dealercomments: ' - ' } })).toContain('Dealer comments are pending. Please check back here later.');
    const evil = render({ car: { ...car, dealercomments: '<p onclick="x()">Nice <script>alert(1)</script><b>car</b></p>' } });
    expect(evil).toContain('<div class="fv-comments"><p>Nice <b>car</b></p></div>');
    expect(evil).not.toContain('alert(1)');
    const long = render({ car: { ...car, dealercomments: 'word '.repeat(120) } });
    expect(long).toContain('class="fv-comments__short"');
    expect(long).toContain('Show more');
  });
  it('the car at a non-primary location gets the Located at bar with directions', () => {
    expect(render({ car: { ...car, location_id: other.id, location: { ...car.location!, id: other.id } } })).toContain('Located at <strong>Beenleigh</strong>');
    expect(render()).not.toContain('Located at');
  });
  it('dialogs: native <dialog>s, each holding the marker of its lead-form slot (mf-account fills it)', () => {
    const html = render();
    for (const [id, form] of [['fv-enquire', 'enquire'], ['fv-test-drive', 'test-drive'], ['fv-request-photos', 'request-photos'], ['fv-contact', 'contact']] as const) {
      const at = html.indexOf(`<dialog id="${id}" class="fv-dialog" aria-labelledby="${id}-title">`);
      expect(at, id).toBeGreaterThan(-1);
      const dialog = html.slice(at);
      expect(dialog.slice(0, dialog.indexOf('</dialog>'))).toContain(slotMarker(dialogSlotId(form)));
    }
    // No remote's form source is rendered here: the kit is mf-account's.
    expect(html).not.toContain('name="category"');
  });
  it('call-the-dealer: masked phone, and the number in the JSON props for the reveal', () => {
    const html = render();
    expect(html).toContain('07 380* **** <span class="fv-phone__hint">Show number</span>');
    expect(render({}, { phone_reveal_open: true })).toContain('href="tel:0738080000"');
  });
  it('calculators: delivery only where enabled, fuel hidden for electric cars', () => {
    expect(render()).not.toContain('Delivery Calculator');
    expect(render({}, { delivery_calculator: true })).toContain('Delivery Calculator');
    expect(render()).toContain('Estimated fuel cost: <strong>$');
    expect(render({ car: { ...car, fuel: 'Electric', simple_fuel: 'electric' } })).not.toContain('Fuel Calculator');
  });
  it('share icons only with a site URL; Twitter hidden by the tenant flag', () => {
    expect(render()).toContain('aria-label="Share on Twitter"');
    expect(render({}, { twitter_share: false })).not.toContain('Share on Twitter');
    expect(render({}, {}, { site_url: undefined })).not.toContain('Share this car');
  });
  it("similar cars: mf-search's slot (its markup and styles come with it), after the sections, also for a sold car", () => {
    const html = render();
    expect(html).toContain(`<div class="fv-slot fv-similar">${slotMarker(SIMILAR_SLOT_ID)}</div>`);
    expect(html).not.toContain('mf-search/SimilarCars');
    expect(render({ car: { ...car, status: 'sold', sold: true } })).toContain(slotMarker(SIMILAR_SLOT_ID));
  });
  it('small screens read gallery, then title, price and actions, then the sections (the grid areas place them on wide screens)', () => {
    const html = render();
    const at = (needle: string) => html.indexOf(needle);
    expect(at('class="fv-vdp__media"')).toBeGreaterThan(-1);
    expect(at('class="fv-vdp__media"')).toBeLessThan(at('<h1 class="fv-side__title"'));
    expect(at('<h1 class="fv-side__title"')).toBeLessThan(at('class="fv-buttons"'));
    expect(at('class="fv-buttons"')).toBeLessThan(at('class="fv-vdp__main"'));
    // The first photo is the page's LCP image: eager, high priority, its size fixed.
    expect(html).toMatch(/<div class="fv-vdp__media">.*?<img src="[^"]+" alt="[^"]+" width="1200" height="900" loading="eager" fetchPriority="high"/);
  });
  it('the weekly estimate, the sticky header and the disclaimer name the same figures: the lender\'s when the car has one', () => {
    const html = render();
    expect(html).toMatch(/Est\. <strong>\$(\d+)\/week<\/strong>/);
    const weekly = /Est\. <strong>(\$\d+)\/week<\/strong>/.exec(html)![1];
    // sampleCar's Taurus entry: 7.99% over 5 years.
    expect(html).toContain(`"weekly":"Est. ${weekly}/week at 7.99% p.a."`);
    expect(html).toContain('over 5 years at 7.99% p.a. Comparison rate 8.56% p.a.');
    const plain = render({ car: { ...car, finance_lenders: null } });
    expect(plain).toContain('at 6.29% p.a."');
    expect(plain).toContain('over 5 years at 6.29% p.a. Comparison rate 8.19% p.a.');
  });
  it('#vehicle-map: the car location\'s section (mf-locations\' block with map and reviews), the sidebar linking to it; none when switched off or the location is unknown (issue 18)', () => {
    const html = render();
    expect(html).toContain(`<div class="fv-section fv-map" id="vehicle-map"><div class="fv-slot fv-map__slot">${slotMarker(LOCATION_SLOT_ID)}</div>`);
    expect(html).toContain('<p class="fv-side__meta"><a href="#vehicle-map">Springwood Toyota Sales</a>');
    // The slot failing (the shell puts '' for its marker): the section is not left empty, its own fallback names the
    // location with directions, so the sidebar's `#vehicle-map` link still leads somewhere.
    const failed = html.replace(slotMarker(LOCATION_SLOT_ID), '');
    const section = /<div class="fv-section fv-map" id="vehicle-map">([\s\S]*?)<\/section><\/div>/.exec(failed)?.[1] ?? '';
    expect(section).toContain('<div class="fv-slot fv-map__slot"></div><section class="fv-map__fallback" aria-labelledby="fv-map-fallback"><h2 id="fv-map-fallback">Where to find this car</h2>');
    expect(section).toContain('<a href="/locations/springwood-toyota-sales">Springwood Toyota Sales</a>');
    // The address as every page writes it (contracts addressText).
    expect(section).toContain(`<p>${addressText(sampleLocation)}</p>`);
    expect(section).toContain('Get directions');
    const config = siteConfig('test-motors', { locations: [location.id] });
    expect(locationSlotParams(car, config, [location])).toEqual({ show: 'id', id: location.id, variant: 'map', reviews: 'list', heading: 'Where to find this car' });
    const off = render({}, {}, { vdp_config: { show_map_section: false } });
    expect(off).not.toContain('id="vehicle-map"');
    expect(off).not.toContain(slotMarker(LOCATION_SLOT_ID));
    expect(off).toContain('<p class="fv-side__meta"><a href="/locations/springwood-toyota-sales">Springwood Toyota Sales</a>');
    // A location the tenant's data does not know, or the site does not show (hidden, another site's): no section.
    expect(render({ locations: [other] })).not.toContain('id="vehicle-map"');
    expect(locationSlotParams(car, siteConfig('test-motors', { locations: [other.id] }), [location, other])).toBeNull();
    expect(locationSlotParams(car, config, [{ ...location, visible: false }])).toBeNull();
  });
  it('#enquire: the address opens the Enquire dialog (the button that opens it answers the hash), the action buttons are its no-JS target (issue 18)', () => {
    const html = render();
    expect(html).toContain('<aside class="fv-vdp__side fc-card" id="enquire" aria-label="Price and actions">');
    expect(html).toMatch(/"dialog":"fv-enquire","label":"Enquire Now","href":"\/contact","className":"fc-btn fc-btn--primary","hashes":\["enquire"\]/);
    expect(html).toContain('"hashes":["test-drive"]');
    expect(html).toContain('"hashes":["request-photos"]');
    expect(html).toContain('"dialog":"fv-contact","label":"Contact the dealer","href":"/contact","hashes":["contact"]');
    // Instant Message in place of Enquire Now: #enquire opens the contact dialog.
    const instant = render({}, { instant_message: true });
    expect(instant).not.toContain('id="fv-enquire"');
    expect(instant).toContain('"dialog":"fv-contact","label":"Contact the dealer","href":"/contact","hashes":["enquire","contact"]');
  });
  it('Trade-In Valuation in the sidebar and the sticky header starts the journey with this car, where the tenant has trade-in (issue 18)', () => {
    const href = `/cars/trade-in?car_id=${car.slug}`;
    const html = render({}, { trade_in: true });
    expect(html).toContain(`<a class="fc-btn" href="${href}">Trade-In Valuation</a>`);
    expect(html).toContain(`"tradeInHref":"${href}"`);
    const off = render({}, { trade_in: false });
    expect(off).not.toContain('Trade-In Valuation');
    expect(off).toContain('"tradeInHref":null');
  });
  it('market panel when given, with its label', () => {
    expect(render({ market: { fill: 0.7, listingPrice: 31990, min: 30000, max: 34000, confidence: 0.8, description: null, label: 'Great Deal', band: 'high' } })).toContain('<strong>Great Deal</strong>');
  });
});
