import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import * as v from 'valibot';
import { CarSchema, type Car } from '@forecourt/contracts/entities/car';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { siteConfig } from '@forecourt/contracts/fixtures/tenant';
import type { SiteConfigInput } from '@forecourt/contracts/tenant';
import { cardOptions, toCardCar, type CardCar } from '../lib/card.ts';
import { SearchCard } from './SearchCard.tsx';
import { CARD_IMAGE_LAYOUT, cardImage, cardImagePreload } from '../lib/card-image.ts';

const NOW = Date.UTC(2026, 10, 21, 12);
const car = (overrides: Partial<Car> = {}): Car => ({ ...v.parse(CarSchema, sampleCar), created_at_timestamp: NOW - 30 * 86_400_000, tag: null, reserved: false, ...overrides });
const card = (overrides: Partial<Car> = {}, config: Partial<SiteConfigInput> = {}): CardCar => toCardCar(car(overrides), cardOptions(siteConfig('test-motors', config), NOW));
const render = (c: CardCar, props: { favourite?: boolean; showFavourite?: boolean } = {}) =>
  renderToString(<SearchCard car={c} idBase="t" favourite={props.favourite ?? false} showFavourite={props.showFavourite ?? true} onToggleFavourite={() => {}} />);
const count = (html: string, re: RegExp) => html.match(re)?.length ?? 0;

describe('SearchCard markup (spec §2 Search card)', () => {
  const full = card({}, { features: { reserve_online: true, electric_tag: true }, manufacturer: 'toyota' });
  const html = render(full);

  it('has one heading, named by the title with the rest of the unique name visually hidden', () => {
    expect(count(html, /<h[1-6]\b/g)).toBe(1);
    expect(html).toMatch(/<h2 class="fs-card__title" id="(t-148223-title)"><a href="\/cars\/2021-toyota-corolla-ascent-sport-hybrid-148223">2021 Toyota Corolla<span class="fc-visually-hidden"> Ascent Sport Hybrid ZWE211R, stock #U14822<\/span><\/a><\/h2>/);
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
    // The toggle is an icon (44px target) named for the car, not a button-sized row.
    expect(html).toMatch(/<button type="button" class="fs-card__info" aria-expanded="false" aria-controls="t-148223-disclaimer"><span aria-hidden="true">i<\/span><span class="fc-visually-hidden">Finance disclaimer for <!-- -->2021 Toyota Corolla/);
    const disclaimerId = /aria-expanded="false" aria-controls="(t-148223-disclaimer)"/.exec(html)![1];
    expect(html).toMatch(new RegExp(`<p class="fs-card__disclaimer" id="${disclaimerId}" hidden="">Weekly repayments are an estimate only, worked out on the price shown over 5 years`));
  });
  it('shows two buttons, a primary and a secondary, then the rest behind a More options disclosure (every width)', () => {
    const [before, after] = html.split('<details class="fs-card__more">') as [string, string];
    expect(before).toContain('<a class="fc-btn fc-btn--sm fc-btn--primary" href="/cars/2021-toyota-corolla-ascent-sport-hybrid-148223" data-kind="explore">Explore Vehicle<');
    expect(before).toContain('<a class="fc-btn fc-btn--sm" href="/cars/2021-toyota-corolla-ascent-sport-hybrid-148223#enquire" data-kind="enquire">Quick Enquiry<');
    expect(before).not.toContain('Get Finance');
    // The only button-styled controls of a card are its two actions (at most 2 visible buttons, issue 13).
    expect(count(html, /class="fc-btn[ "]/g)).toBe(2);
    expect(after).toMatch(/^<summary>More<span class="fc-visually-hidden"> options for <!-- -->2021 Toyota Corolla/);
    expect(after).toMatch(/<ul class="fs-card__menu"><li><a href="[^"]+" data-kind="reserve">/);
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
    renderToString(<SearchCard car={c} idBase="t" favourite={false} showFavourite onToggleFavourite={() => {}} compared={compared} onToggleCompare={() => {}} />);
  it('is absent without a handler (props stay backward compatible)', () => {
    expect(render(card())).not.toContain('fs-card__compare');
  });
  it('shows a Compare toggle (pressed when compared) for a comparable car, nothing for a car without a price', () => {
    expect(withCompare(card(), false)).toMatch(/<button type="button" class="fs-card__toggle fs-card__compare" aria-pressed="false"><svg class="fc-icon"[^>]*><path fill="currentColor" d="M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z"><\/path><\/svg> Compare<span class="fc-visually-hidden"> <!-- -->2021 Toyota Corolla/);
    expect(withCompare(card(), true)).toMatch(/class="fs-card__toggle fs-card__compare" aria-pressed="true" data-compared=""><svg class="fc-icon"[^>]*><path fill="currentColor" d="M9.5 16.2 [^"]*"><\/path><\/svg> Compare/);
    expect(withCompare(card({ price: 0, before_price: null }), false)).not.toContain('fs-card__compare');
    expect(withCompare(card({ price: 0, before_price: null }), true)).toContain('fs-card__compare');
  });
});

describe('SearchCard: unavailable cars and the favourite control (spec §4)', () => {
  const sold = card({ status: 'sold', sold: true }, { features: { reserve_online: true } });
  it('shows the sold tag, the prompt and its own call to action, Find Me Something Similar, as the primary button', () => {
    const html = render(sold);
    expect(html).toContain('<p class="fs-card__tag" data-kind="sold">JUST SOLD</p>');
    // The prompt, then straight under it the answer to it: the primary action, to the search of its make and model.
    expect(html).toMatch(
      /<p class="fs-card__sold-prompt">Like this and want something similar\?<\/p><div class="fs-card__actions"><ul class="fs-card__buttons"><li><a class="fc-btn fc-btn--sm fc-btn--primary" href="\/search\/toyota\/corolla" data-kind="similar">Find Me Something Similar<span class="fc-visually-hidden">: <!-- -->2021 Toyota Corolla/,
    );
    expect(html).toContain('<a class="fc-btn fc-btn--sm" href="/cars/2021-toyota-corolla-ascent-sport-hybrid-148223" data-kind="explore">Explore Vehicle<');
    expect(html).not.toContain('fs-card__weekly');
    expect(html).not.toContain('<details');
    expect(html).toContain('data-available="false"');
  });
  it('hides Save on a sold car unless already saved, and when the feature is off', () => {
    expect(render(sold)).not.toContain('fs-card__fave');
    expect(render(sold, { favourite: true })).toMatch(/<button type="button" class="fs-card__toggle fs-card__fave" data-saved="">.*Saved/);
    expect(render(card(), { showFavourite: false })).not.toContain('fs-card__fave');
    const unsaved = render(card());
    expect(unsaved).toMatch(/class="fs-card__toggle fs-card__fave">.*Save<span class="fc-visually-hidden">/);
    expect(unsaved).not.toContain('data-saved');
  });
});

describe('SearchCard ids', () => {
  it('come from the list (idBase) and the car, never from where React renders the card', () => {
    const one = card();
    const alone = renderToString(<SearchCard car={one} idBase="fs-grid" favourite={false} showFavourite onToggleFavourite={() => undefined} />);
    // Deep inside other markup (as in a page around an island) the ids stay the same: SSR and hydration agree.
    const nested = renderToString(
      <div>
        <p>a</p>
        <section>
          <b>b</b>
          <SearchCard car={one} idBase="fs-grid" favourite={false} showFavourite onToggleFavourite={() => undefined} />
        </section>
      </div>,
    );
    expect(nested).toContain(alone);
    expect(alone).toContain('id="fs-grid-148223-title"');
  });
  it('stay unique when the same car is in two lists on one page', () => {
    const one = card();
    const html = renderToString(
      <>
        <SearchCard car={one} idBase="fs-grid" favourite={false} showFavourite onToggleFavourite={() => undefined} />
        <SearchCard car={one} idBase="fsim-x" favourite={false} showFavourite onToggleFavourite={() => undefined} />
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
    const h3 = renderToString(<SearchCard car={one} idBase="t" favourite={false} showFavourite onToggleFavourite={() => undefined} headingLevel={3} />);
    expect(h3).toMatch(/<h3 class="fs-card__title"/);
    expect(h3).not.toContain('<h2');
  });
});

describe('SearchCard photo', () => {
  it('is 4:3, lazy by default, eager for a first row, eager and high priority above the fold', () => {
    const html = render(card());
    expect(html).toMatch(/<img src="[^"]+" alt="" width="640" height="480" loading="lazy" fetchPriority="auto" decoding="async"\/>/);
    const at = (imageLoading: 'priority' | 'eager') => renderToString(<SearchCard car={card()} idBase="t" favourite={false} showFavourite onToggleFavourite={() => undefined} imageLoading={imageLoading} />);
    expect(at('eager')).toContain('loading="eager" fetchPriority="auto"');
    expect(at('priority')).toContain('loading="eager" fetchPriority="high"');
  });

  it('comes from the image CDN at the widths the card layouts need (srcset and sizes; quality 75, automatic format)', () => {
    const photo = '/demo-img/photo/hatch/1f4e8c.2a2a2a/0.jpg';
    const html = render(card({ primary_image_url: photo, images: [{ image: { url: photo, thumb: { url: photo } } }] }));
    const img = /<img [^>]*>/.exec(html)![0];
    const cdn = (w: number) => `/cdn-cgi/image/width=${w},quality=75,format=auto/demo-img/photo/hatch/1f4e8c.2a2a2a/0.jpg`;
    expect(img).toContain(`src="${cdn(640)}"`);
    expect(img).toContain(`srcSet="${[320, 480, 640, 800].map((w) => `${cdn(w)} ${w}w`).join(', ')}"`);
    expect(img).toContain(`sizes="${CARD_IMAGE_LAYOUT.sizes}"`);
    // Explicit size (no layout shift) and lazy unless asked otherwise.
    expect(img).toMatch(/width="640" height="480" loading="lazy" fetchPriority="auto" decoding="async"/);
    // A vector picture is not resized: its own address, no srcset.
    expect(render(card())).not.toContain('srcSet=');
  });

  it('the head preload of a card photo names the same files as the card (href, srcset, sizes)', () => {
    const photo = '/demo-img/photo/hatch/1f4e8c.2a2a2a/0.jpg';
    const image = cardImage(photo);
    expect(cardImagePreload(photo)).toEqual({ href: image.src, srcset: image.srcSet, sizes: image.sizes });
    expect(cardImagePreload('/demo-img/car/x.svg')).toEqual({ href: '/demo-img/car/x.svg' });
  });
});

describe('SearchCard: the server watchlist Save / Saved (spec §4 Watchlist toggle)', () => {
  const watchlist = (c: CardCar, state: { saved?: boolean; busy?: boolean } = {}) =>
    renderToString(<SearchCard car={c} idBase="t" favourite={false} showFavourite={true} onToggleFavourite={() => {}} watchlist={{ saved: state.saved ?? false, busy: state.busy ?? false, onToggle: () => {} }} />);

  it('is a plain form to edge-api (no JavaScript: saved on the way to the watchlist page), named for the car', () => {
    const html = watchlist(card());
    expect(html).toContain('<form class="fs-card__fave-form" action="/api/watchlist/save-car" method="post">');
    expect(html).toContain('<input type="hidden" name="car_id" value="148223"/>');
    expect(html).toContain('<input type="hidden" name="redirect" value="/watchlist"/>');
    expect(html).toMatch(/<button type="submit" class="fs-card__toggle fs-card__fave"><svg class="fc-icon"[^>]*><path fill="none"[^>]*><\/path><\/svg> <!-- -->Save<span class="fc-visually-hidden"> <!-- -->2021 Toyota Corolla/);
    // It replaces the local favourite: one save control per card.
    expect(count(html, /fs-card__fave[" ]/g)).toBe(1);
  });
  it('says Saved when saved, and is aria-disabled while the change is sent', () => {
    expect(watchlist(card(), { saved: true })).toMatch(/data-saved=""><svg class="fc-icon"[^>]*><path fill="currentColor"[^>]*><\/path><\/svg> <!-- -->Saved/);
    expect(watchlist(card(), { busy: true })).toContain('aria-disabled="true"');
  });
  it('a sold car cannot be newly saved (no control) unless already saved', () => {
    const sold = card({ status: 'sold', sold: true });
    expect(sold.available).toBe(false);
    expect(watchlist(sold)).not.toContain('fs-card__fave');
    expect(watchlist(sold, { saved: true })).toContain('fs-card__fave');
  });
});
