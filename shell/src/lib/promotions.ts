import { html } from 'hono/html';
import { livePromotions, type Promotion } from '@forecourt/contracts/content';
import { PROMO_SLIDER_SIZE } from '@forecourt/contracts/constants';
import type { Tenant } from './tenant.ts';
import { todayIn } from '@forecourt/contracts/display';
import { heroPicture } from './banner-image.ts';

/** How often the slider moves on by itself (client/carousel.ts), in ms: long enough to read a slide's heading and text. */
export const PROMO_INTERVAL_MS = 6000;

/**
 * The home page's hero: the promotions slider when the tenant has live promotions (today in its time zone), else its
 * first banner with the stock search and trade-in calls to action.
 */
export function heroSection(tenant: Tenant, now = Date.now()) {
  const slides = livePromotions(tenant.content, todayIn(tenant.config.time_zone, now));
  return slides.length ? promotionsSlider(tenant, slides) : bannerHero(tenant);
}

/**
 * The hero's first picture (the first live promotion's, else the first banner's): the home page's largest paint when
 * the hero leads it, preloaded from the head (pages.ts homePage). Undefined when the hero has none.
 */
export function heroImage(tenant: Tenant, now = Date.now()): string | undefined {
  const slides = livePromotions(tenant.content, todayIn(tenant.config.time_zone, now));
  return slides.length ? slides[0]!.image : tenant.config.banners[0]?.image;
}

function bannerHero(tenant: Tenant) {
  const { config } = tenant;
  const features = config.features;
  const hero = config.banners[0];
  return html`<section class="fc-hero" aria-labelledby="fc-hero-title">
${hero ? heroPicture(hero.image, html` alt="" width="1920" height="540" fetchpriority="high"`) : ''}
<div class="fc-hero__text">
<h1 id="fc-hero-title">${hero?.title ?? config.name}</h1>
${hero?.subtitle ? html`<p>${hero.subtitle}</p>` : ''}
<div class="fc-hero__actions"><a class="fc-btn fc-btn--primary" href="${hero?.href ?? '/search/new-used-and-demo-cars'}">${hero?.href ? 'Find out more' : 'Browse our stock'}</a>${features.trade_in ? html`<a class="fc-btn" href="/trade-in">Value my trade-in</a>` : ''}</div>
</div>
</section>`;
}

/** The slide's label for assistive technology (APG carousel: "n of N"). */
export const slideLabel = (index: number, count: number) => `${index + 1} of ${count}`;

const PAUSE_ICON = html`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" class="fc-carousel__pause-icon"><path fill="currentColor" d="M7 5h3.5v14H7zm6.5 0H17v14h-3.5z"/></svg><svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" class="fc-carousel__play-icon"><path fill="currentColor" d="M8 5v14l11-7z"/></svg>`;
const PREV_ICON = html`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="none" stroke="currentColor" stroke-width="2.5" d="M15 5l-7 7 7 7"/></svg>`;
const NEXT_ICON = html`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="none" stroke="currentColor" stroke-width="2.5" d="M9 5l7 7-7 7"/></svg>`;

/**
 * The promotions slider (spec §2, §9: 1920x540) as an APG carousel: a region with its own role description and label,
 * each slide a group labelled "n of N". The page's one h1 is the site's name (visually hidden), so every slide's title
 * is an h2 whichever slide shows. Without JavaScript the slides are a horizontally scrolling row with snap points
 * (every slide reachable by scrolling or Tab) and the buttons stay hidden; client/carousel.ts shows the rotation
 * control first, then Previous and Next, makes the slides not shown inert (only what is on screen is reachable; the
 * slide revealed is what the polite live region announces), and moves on every PROMO_INTERVAL_MS unless the shopper
 * prefers reduced motion. The first image is the page's largest paint (fetchpriority high); the others load lazily.
 */
export function promotionsSlider(tenant: Tenant, slides: readonly Promotion[]) {
  const { width, height } = PROMO_SLIDER_SIZE;
  const count = slides.length;
  return html`<section class="fc-carousel" id="fc-promos" aria-roledescription="carousel" aria-label="Promotions" data-carousel data-interval="${PROMO_INTERVAL_MS}">
<h1 class="fc-visually-hidden">${tenant.config.name}</h1>
${count > 1
  ? html`<div class="fc-carousel__controls" data-carousel-controls hidden>
<button type="button" class="fc-carousel__btn" data-carousel-rotation aria-label="Pause slide show">${PAUSE_ICON}</button>
<button type="button" class="fc-carousel__btn" data-carousel-prev aria-controls="fc-promos-track" aria-label="Previous slide">${PREV_ICON}</button>
<button type="button" class="fc-carousel__btn" data-carousel-next aria-controls="fc-promos-track" aria-label="Next slide">${NEXT_ICON}</button>
</div>`
  : ''}
<div class="fc-carousel__track" id="fc-promos-track" data-carousel-track aria-live="polite">
${slides.map(
  (s, i) => html`<div class="fc-hero fc-carousel__slide" role="group" aria-roledescription="slide" aria-label="${slideLabel(i, count)}" data-carousel-slide>
${heroPicture(s.image, html` alt="${s.alt}" width="${width}" height="${height}"${i === 0 ? html` fetchpriority="high"` : html` loading="lazy"`}`)}
<div class="fc-hero__text">
<h2>${s.title}</h2>
${s.text ? html`<p>${s.text}</p>` : ''}
${s.href ? html`<div class="fc-hero__actions"><a class="fc-btn fc-btn--primary" href="${s.href}">${s.action_label}<span class="fc-visually-hidden">: ${s.title}</span></a></div>` : ''}
</div>
</div>`,
)}
</div>
</section>`;
}
