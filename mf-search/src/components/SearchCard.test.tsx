import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import * as v from 'valibot';
import { CarSchema, type Car } from '@forecourt/contracts/entities/car';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { siteConfig } from '@forecourt/contracts/fixtures/tenant';
import type { SiteConfigInput } from '@forecourt/contracts/tenant';
import { cardOptions, toCardCar, type CardCar } from '../lib/card.ts';
import { SearchCard } from './SearchCard.tsx';

const NOW = Date.UTC(2026, 10, 21, 12);
const car = (overrides: Partial<Car> = {}): Car => ({ ...v.parse(CarSchema, sampleCar), created_at_timestamp: NOW - 30 * 86_400_000, tag: null, reserved: false, ...overrides });
const card = (overrides: Partial<Car> = {}, config: Partial<SiteConfigInput> = {}): CardCar => toCardCar(car(overrides), cardOptions(siteConfig('test-motors', config), NOW));
const render = (c: CardCar, props: { favourite?: boolean; showFavourite?: boolean } = {}) =>
  renderToString(<SearchCard car={c} favourite={props.favourite ?? false} showFavourite={props.showFavourite ?? true} onToggleFavourite={() => {}} priority={false} />);
const count = (html: string, re: RegExp) => html.match(re)?.length ?? 0;

describe('SearchCard markup (spec §2 Search card)', () => {
  const full = card({}, { features: { reserve_online: true, electric_tag: true }, manufacturer: 'toyota' });
  const html = render(full);

  it('has one heading, named by the title with the rest of the unique name visually hidden', () => {
    expect(count(html, /<h[1-6]\b/g)).toBe(1);
    expect(html).toMatch(/<h2 class="fs-card__title" id="(card-148223-[^"]+-title)"><a href="\/cars\/2021-toyota-corolla-ascent-sport-hybrid-148223">2021 Toyota Corolla<span class="fc-visually-hidden"> Ascent Sport Hybrid ZWE211R, stock #U14822<\/span><\/a><\/h2>/);
    const titleId = /<h2 class="fs-card__title" id="([^"]+)"/.exec(html)![1];
    expect(html).toContain(`aria-labelledby="${titleId}"`);
  });
  it('nests no interactive element inside another', () => {
    const links = html.split('<a ').slice(1).map((part) => part.slice(0, part.indexOf('</a>')));
    for (const inner of links) expect(inner).not.toMatch(/<a |<button|<summary|<input/);
    const buttons = html.split('<button').slice(1).map((part) => part.slice(0, part.indexOf('</button>')));
    for (const inner of buttons) expect(inner).not.toMatch(/<a |<button/);
  });
  it('shows the tag in words (hybrid first on an electric-tag tenant)', () => {
    expect(html).toContain('<p class="fs-card__tag" data-kind="hybrid">Hybrid</p>');
  });
  it('shows the location and view count overlays', () => {
    expect(html).toContain('<p class="fs-card__location"><span class="fc-visually-hidden">Location: </span>Springwood</p>');
    expect(html).toContain('<p class="fs-card__views">57<!-- --> <!-- -->views</p>');
  });
  it('shows price, was price, price type and the weekly estimate with a collapsed disclaimer toggle', () => {
    expect(html).toMatch(/<s class="fs-card__was"><span class="fc-visually-hidden">Was <\/span>\$33,490<\/s>/);
    expect(html).toContain('<strong>$31,990</strong>');
    expect(html).toContain('Drive Away');
    expect(html).toContain('<strong>$143 / week</strong>');
    const disclaimerId = /aria-expanded="false" aria-controls="(card-148223-[^"]+-disclaimer)"/.exec(html)![1];
    expect(html).toMatch(new RegExp(`<p class="fs-card__disclaimer" id="${disclaimerId}" hidden="">Weekly repayments are an estimate only, worked out on the price shown over 5 years`));
  });
  it('shows the first 2 buttons, then the rest behind a More options disclosure', () => {
    const [before, after] = html.split('<details class="fs-card__more">') as [string, string];
    expect(before).toContain('>Explore Vehicle<');
    expect(before).toContain('>Quick Enquiry<');
    expect(before).not.toContain('Get Finance');
    expect(after).toMatch(/^<summary>More options<span class="fc-visually-hidden"> for <!-- -->2021 Toyota Corolla/);
    expect(after).toContain('href="/cars/2021-toyota-corolla-ascent-sport-hybrid-148223/checkout" data-kind="reserve">Reserve This Car ($200)<');
    expect(after).toContain('>Book a Test Drive<');
    expect(after).toContain('href="/finance?car_id=148223&amp;vehiclePriceBudget=31990&amp;car_type=used&amp;vin=JTNK4RBE903123456&amp;preferredDealership=springwood-toyota#finance-form"');
  });
  it('names every link and button uniquely with the car (visually hidden)', () => {
    expect(html).toContain('Explore Vehicle<span class="fc-visually-hidden">: <!-- -->2021 Toyota Corolla Ascent Sport Hybrid ZWE211R, stock #U14822</span>');
    const other = render(card({ id: '9', slug: 'x-9', path: '/cars/x-9', stocknum: 'U9' }));
    expect(other).toContain('Explore Vehicle<span class="fc-visually-hidden">: <!-- -->2021 Toyota Corolla Ascent Sport Hybrid ZWE211R, stock #U9</span>');
  });
  it('renders the same markup every time (SSR = hydration: no clock, no randomness)', () => {
    expect(render(full)).toBe(html);
  });
});

describe('SearchCard: compare control (optional props)', () => {
  const withCompare = (c: CardCar, compared: boolean) =>
    renderToString(<SearchCard car={c} favourite={false} showFavourite onToggleFavourite={() => {}} priority={false} compared={compared} onToggleCompare={() => {}} />);
  it('is absent without a handler (props stay backward compatible)', () => {
    expect(render(card())).not.toContain('fs-card__compare');
  });
  it('shows Compare for a comparable car, Remove from compare when compared, nothing for a car without a price', () => {
    expect(withCompare(card(), false)).toMatch(/<button type="button" class="fc-btn fs-card__compare">Compare<span class="fc-visually-hidden">/);
    expect(withCompare(card(), true)).toMatch(/class="fc-btn fs-card__compare" data-compared="">Remove from compare/);
    expect(withCompare(card({ price: 0, before_price: null }), false)).not.toContain('fs-card__compare');
    expect(withCompare(card({ price: 0, before_price: null }), true)).toContain('Remove from compare');
  });
});

describe('SearchCard: unavailable cars and the favourite control (spec §4)', () => {
  const sold = card({ status: 'sold', sold: true }, { features: { reserve_online: true } });
  it('shows the sold tag, the prompt and Find Me Something Similar, with no finance and no grouping', () => {
    const html = render(sold);
    expect(html).toContain('<p class="fs-card__tag" data-kind="sold">JUST SOLD</p>');
    expect(html).toContain('<p class="fs-card__sold-prompt">Like this and want something similar?</p>');
    expect(html).toContain('href="/search/toyota/corolla" data-kind="similar">Find Me Something Similar<');
    expect(html).not.toContain('fs-card__finance');
    expect(html).not.toContain('<details');
    expect(html).toContain('data-available="false"');
  });
  it('hides Save on a sold car unless already saved, and when the feature is off', () => {
    expect(render(sold)).not.toContain('fs-card__fave');
    expect(render(sold, { favourite: true })).toMatch(/<button type="button" class="fc-btn fs-card__fave" data-saved="">.*Saved/);
    expect(render(card(), { showFavourite: false })).not.toContain('fs-card__fave');
    const unsaved = render(card());
    expect(unsaved).toMatch(/class="fc-btn fs-card__fave">.*Save<span class="fc-visually-hidden">/);
    expect(unsaved).not.toContain('data-saved');
  });
});

describe('SearchCard ids', () => {
  it('stay unique when the same car is rendered twice on one page', () => {
    const one = card();
    const html = renderToString(
      <>
        <SearchCard car={one} favourite={false} showFavourite onToggleFavourite={() => undefined} priority={false} />
        <SearchCard car={one} favourite={false} showFavourite onToggleFavourite={() => undefined} priority={false} />
      </>,
    );
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(2);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('SearchCard heading level', () => {
  it('is h2 in the grid and h3 when asked (inside a section with its own h2)', () => {
    const one = card();
    expect(render(one)).toMatch(/<h2 class="fs-card__title"/);
    const h3 = renderToString(<SearchCard car={one} favourite={false} showFavourite onToggleFavourite={() => undefined} priority={false} headingLevel={3} />);
    expect(h3).toMatch(/<h3 class="fs-card__title"/);
    expect(h3).not.toContain('<h2');
  });
});
