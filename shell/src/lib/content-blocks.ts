/**
 * The blocks a tenant's content page is made of (contracts/content.ts ContentBlockSchema), rendered to HTML on the
 * server. Blocks other remotes own are fragment slots (mf-search's stock strip, mf-account's lead form), returned with
 * the HTML for the page's head. Everything works without JavaScript: the FAQ is details/summary, the price range is a
 * GET form; the shell's client module (client/content.ts) only keeps the sales counter and the price label current.
 */
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { MAX_FRAGMENT_SLOTS, slotMarker, type FragmentSlot } from '@forecourt/contracts/fragments';
import { leadFormErrorParams } from '@forecourt/contracts/lead-forms';
import { slotFor } from '@forecourt/contracts/slots';
import { PRICE_SLIDER_PAGE } from '@forecourt/contracts/constants';
import { todayIn } from '@forecourt/contracts/display';
import { formatAud } from '@forecourt/contracts/display';
import type { Offer } from '@forecourt/contracts/entities/content';
import { blogDate, blogExcerpt, pageAt, postsAbout, priceRangeSearchPath, salesSoFar, type BlogPost, type ContentBlock, type ContentPage } from '@forecourt/contracts/content';
import { renderMarkdown } from './markdown.ts';
import { sectionHead } from './pages.ts';
import type { Tenant } from './tenant.ts';
import { heroPicture, imageAttributes, OFFER_LAYOUT } from './banner-image.ts';

type Html = HtmlEscapedString | Promise<HtmlEscapedString> | string;
type Block<T extends ContentBlock['type']> = Extract<ContentBlock, { type: T }>;
type Action = { label: string; href: string; primary: boolean };
type ImageRef = { src: string; alt: string; width: number; height: number };

export type BlockOptions = {
  /** The request's query (a lead form's no-JavaScript error travels to the form). */
  query?: URLSearchParams;
  /** Now, in ms (sales counter, offers' expiry). */
  now?: number;
  /** The spin-to-win wheel's HTML, rendered by its own module (only /spin-to-win passes it). */
  spin?: string;
};
export type RenderedBlocks = { html: string; slots: FragmentSlot[] };

/** The slot id of a content page's lead form, and the form's island id (its fields' ids start with it). */
export const LEAD_FORM_SLOT = 'lead-form';
export const CONTENT_FORM_ID = 'fa-lead-form';
/** Where the price-range slider starts before the shopper moves it. */
export const PRICE_RANGE_DEFAULT = 50_000;
/** Offers' descriptions on cards are cut here (as on the home page). */
const OFFER_TEXT_MAX = 140;

/** The page's blocks in order. The first block's hero heading is the page's h1; without a hero first, the title is. */
export async function renderBlocks(tenant: Tenant, page: Pick<ContentPage, 'title' | 'blocks'>, options: BlockOptions = {}): Promise<RenderedBlocks> {
  const slots: FragmentSlot[] = [];
  const ctx: Ctx = { tenant, options, now: options.now ?? Date.now(), slots };
  const parts = page.blocks.map((block, i) => renderBlock(block, { ...ctx, id: `fc-b${i}`, index: i, first: i === 0 }));
  const title = page.blocks[0]?.type === 'hero' ? '' : html`<h1>${page.title}</h1>`;
  return { html: String(await html`${title}${parts}`), slots };
}

type Ctx = { tenant: Tenant; options: BlockOptions; now: number; slots: FragmentSlot[] };
type BlockCtx = Ctx & { id: string; index: number; first: boolean };

function renderBlock(block: ContentBlock, ctx: BlockCtx): Html {
  switch (block.type) {
    case 'hero':
      return heroBlock(block, ctx);
    case 'markdown':
      return html`<div class="fc-prose" id="${ctx.id}">${raw(renderMarkdown(block.markdown))}</div>`;
    case 'image':
      return html`<figure class="fc-figure" id="${ctx.id}">${image(block.image, { lazy: !ctx.first })}${block.caption ? html`<figcaption>${block.caption}</figcaption>` : ''}</figure>`;
    case 'faq':
      return faqBlock(block, ctx);
    case 'benefits':
      return benefitsBlock(block, ctx);
    case 'disclaimer':
      // A titled disclaimer is a section named by its heading; an untitled one is plain small print.
      return block.heading
        ? html`<section class="fc-disclaimer" id="${ctx.id}" aria-labelledby="${ctx.id}-title"><h2 id="${ctx.id}-title">${block.heading}</h2>${block.items.map((item) => html`<div class="fc-disclaimer__item">${raw(renderMarkdown(item))}</div>`)}</section>`
        : html`<div class="fc-disclaimer" id="${ctx.id}">${block.items.map((item) => html`<div class="fc-disclaimer__item">${raw(renderMarkdown(item))}</div>`)}</div>`;
    case 'cta':
      return html`<section class="fc-cta fc-card" id="${ctx.id}" aria-labelledby="${ctx.id}-title"><h2 id="${ctx.id}-title">${block.heading}</h2>${block.text ? html`<p>${block.text}</p>` : ''}${actions(block.actions, 'fc-cta__actions')}</section>`;
    case 'stats':
      return statsBlock(block.items ?? ctx.tenant.config.stats, ctx.id, `${ctx.tenant.config.name} at a glance`);
    case 'sales-counter':
      return salesCounterBlock(block, ctx);
    case 'offers':
      return offersBlock(block, ctx);
    case 'stock-strip': {
      const slotId = `stock-strip-${ctx.index}`;
      if (!addSlot(ctx, () => slotFor('stockStrip', slotId, { strip: block.strip, ...pick(block, ['car_type', 'heading', 'make', 'model']) }))) return '';
      return html`<div class="fc-section" id="${ctx.id}">${raw(slotMarker(slotId))}</div>`;
    }
    case 'lead-form':
      return leadFormBlock(block, ctx);
    case 'blog-list': {
      const posts = postsAbout(ctx.tenant.content, { make: block.make, model: block.model }, block.limit);
      if (!posts.length) return '';
      const titleId = `${ctx.id}-title`;
      return html`<section class="fc-section" id="${ctx.id}" aria-labelledby="${titleId}">${sectionHead(titleId, block.heading ?? 'Latest news', { href: '/blog', label: 'All posts' })}${blogCardList(posts, 3)}</section>`;
    }
    case 'price-range':
      return priceRangeBlock(block, ctx);
    case 'spin-to-win':
      // The wheel is its own module's; a page that is not /spin-to-win has none to show.
      return ctx.options.spin ? raw(ctx.options.spin) : '';
  }
}

/** Copies the named optional fields that are set. */
function pick<T extends object, K extends keyof T>(obj: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) if (obj[key] !== undefined) out[key] = obj[key];
  return out;
}

/** Adds a slot unless the page already has the most a fragment may carry (MAX_FRAGMENT_SLOTS); false when full. */
function addSlot(ctx: Ctx, make: () => FragmentSlot): boolean {
  if (ctx.slots.length >= MAX_FRAGMENT_SLOTS) return false;
  ctx.slots.push(make());
  return true;
}

const image = (img: ImageRef, opts: { lazy: boolean; className?: string; decorative?: boolean }) =>
  html`<img${opts.className ? html` class="${opts.className}"` : ''} src="${img.src}" alt="${opts.decorative ? '' : img.alt}" width="${img.width}" height="${img.height}"${opts.lazy ? raw(' loading="lazy" decoding="async"') : raw(' fetchpriority="high"')}>`;

const actions = (list: readonly Action[], className: string) =>
  list.length ? html`<div class="${className}">${list.map((a) => html`<a class="fc-btn${a.primary ? ' fc-btn--primary' : ''}" href="${a.href}">${a.label}</a>`)}</div>` : '';

function heroBlock(block: Block<'hero'>, ctx: BlockCtx): Html {
  const titleId = `${ctx.id}-title`;
  const heading = ctx.first ? html`<h1 id="${titleId}">${block.heading}</h1>` : html`<h2 id="${titleId}">${block.heading}</h2>`;
  return html`<section class="fc-hero fc-block-hero" id="${ctx.id}" aria-labelledby="${titleId}">
${block.image ? heroPicture(block.image.src, html` alt="${block.image.alt}" width="${block.image.width}" height="${block.image.height}"${ctx.first ? raw(' fetchpriority="high"') : raw(' loading="lazy" decoding="async"')}`) : ''}
<div class="fc-hero__text">${heading}${block.text ? html`<p>${block.text}</p>` : ''}${actions(block.actions, 'fc-hero__actions')}</div>
</section>`;
}

function faqBlock(block: Block<'faq'>, ctx: BlockCtx): Html {
  const titleId = `${ctx.id}-title`;
  const label = block.heading ? html`aria-labelledby="${titleId}"` : raw('aria-label="Frequently asked questions"');
  return html`<section class="fc-section fc-faq" id="${ctx.id}" ${label}>
${block.heading ? html`<h2 id="${titleId}">${block.heading}</h2>` : ''}
${block.items.map((item, n) => html`<details class="fc-faq__item" id="${ctx.id}-q${n}"><summary>${item.question}</summary><div class="fc-faq__answer fc-prose">${raw(renderMarkdown(item.answer))}</div></details>`)}
</section>`;
}

function benefitsBlock(block: Block<'benefits'>, ctx: BlockCtx): Html {
  const titleId = `${ctx.id}-title`;
  const level = block.heading ? 'h3' : 'h2';
  return html`<section class="fc-section" id="${ctx.id}"${block.heading ? html` aria-labelledby="${titleId}"` : ''}>
${block.heading ? html`<h2 id="${titleId}">${block.heading}</h2>` : ''}
<ul class="fc-benefits">${block.items.map((item, n) => {
    const itemId = `${ctx.id}-i${n}`;
    return html`<li><article class="fc-benefit fc-card" aria-labelledby="${itemId}">${item.image ? image(item.image, { lazy: true, decorative: true }) : ''}<div class="fc-benefit__body">${raw(`<${level} id="${itemId}">`)}${item.title}${raw(`</${level}>`)}${item.meta ? html`<p class="fc-benefit__meta">${item.meta}</p>` : ''}<p>${item.text}</p>${item.action ? html`<a class="fc-btn${item.action.primary ? ' fc-btn--primary' : ''}" href="${item.action.href}">${item.action.label}<span class="fc-visually-hidden">: ${item.title}</span></a>` : ''}</div></article></li>`;
  })}</ul>
</section>`;
}

/** A stats banner ('50+ Locations'): the block's items or the tenant's configured `stats`; nothing without any. */
export function statsBlock(items: ReadonlyArray<{ value: string; label: string }>, id: string, label: string): Html {
  if (!items.length) return '';
  // The brand grid's banner markup (brand-pages.ts statsBanner), so both share one look.
  return html`<ul class="fc-stats" id="${id}" aria-label="${label}">${items.map((s) => html`<li><span class="fc-stats__value">${s.value}</span> <span class="fc-stats__label">${s.label}</span></li>`)}</ul>`;
}

function salesCounterBlock(block: Block<'sales-counter'>, ctx: BlockCtx): Html {
  const titleId = `${ctx.id}-title`;
  // Deliberately not a live region: a figure that changes every few minutes is read when the shopper reaches it.
  return html`<section class="fc-sales-counter fc-card" id="${ctx.id}" ${block.heading ? html`aria-labelledby="${titleId}"` : raw('aria-label="Sales today"')} data-sales-counter>
${block.heading ? html`<h2 id="${titleId}">${block.heading}</h2>` : ''}
<p class="fc-sales-counter__figure"><span class="fc-sales-counter__value" data-sales-count>${salesSoFar(ctx.now)}</span> <span>cars sold so far today</span></p>
${block.text ? html`<p>${block.text}</p>` : ''}
</section>`;
}

/** Today (YYYY-MM-DD) in the tenant's time zone: offers run whole days there. */
export const tenantToday = (timeZone: string, now: number): string => todayIn(timeZone, now);

/** The tenant's running offers, optionally of one make or model. */
export function offersFor(tenant: Tenant, filter: { manufacturer?: string; model?: string }, now: number): Offer[] {
  const today = tenantToday(tenant.config.time_zone, now);
  return tenant.data.offers.filter(
    (o) => (!o.expiry || o.expiry >= today) && (!filter.manufacturer || o.manufacturer_slug === filter.manufacturer) && (!filter.model || o.model?.slug === filter.model),
  );
}

/** Where an offer's "Explore {model}" goes: the model's page where the tenant has one, else its own link or stock. */
function exploreHref(tenant: Tenant, offer: Offer): string | null {
  if (!offer.model) return null;
  if (pageAt(tenant.content, `/models/${offer.model.slug}`)) return `/models/${offer.model.slug}`;
  if (offer.url) return offer.url;
  return offer.manufacturer_slug ? `/search/${offer.manufacturer_slug}/${offer.model.slug}` : null;
}

/** Offer cards (as the home page's), each with Enquire Now and Explore {model}. */
export function offerCards(tenant: Tenant, offers: readonly Offer[], idPrefix: string, level: 'h2' | 'h3' = 'h3'): Html {
  return html`<ul class="fc-offers">${offers.map((o, n) => {
    const titleId = `${idPrefix}-o${n}`;
    const explore = exploreHref(tenant, o);
    const text = o.description.length > OFFER_TEXT_MAX ? `${o.description.slice(0, OFFER_TEXT_MAX - 3)}...` : o.description;
    return html`<li><article class="fc-offer fc-card" aria-labelledby="${titleId}">${o.image_or_model_image?.url ? html`<img${imageAttributes(o.image_or_model_image.url, OFFER_LAYOUT)} alt="" width="800" height="600" loading="lazy" decoding="async">` : ''}<div class="fc-offer__body">${raw(`<${level} id="${titleId}">`)}${o.name}${raw(`</${level}>`)}<p>${text}</p><div class="fc-offer__actions"><a class="fc-btn fc-btn--primary" href="/contact?offer=${encodeURIComponent(o.id)}">Enquire Now<span class="fc-visually-hidden">: ${o.name}</span></a>${explore && o.model ? html`<a class="fc-btn" href="${explore}">Explore ${o.model.name}</a>` : ''}</div></div></article></li>`;
  })}</ul>`;
}

function offersBlock(block: Block<'offers'>, ctx: BlockCtx): Html {
  const titleId = `${ctx.id}-title`;
  const offers = offersFor(ctx.tenant, block, ctx.now).slice(0, block.limit);
  return html`<section class="fc-section" id="${ctx.id}" aria-labelledby="${titleId}">
${sectionHead(titleId, block.heading ?? 'Current offers', { href: '/special-offers', label: 'All offers' })}
${offers.length ? offerCards(ctx.tenant, offers, ctx.id) : html`<p>There are no offers running right now. Ask us about today's best price, or see <a href="/special-offers">all current offers</a>.</p>`}
</section>`;
}

function leadFormBlock(block: Block<'lead-form'>, ctx: BlockCtx): Html {
  const query = ctx.options.query ?? new URLSearchParams();
  // With a heading of its own the block names the form (the form's 'page' layout has none); without, the form's own
  // section heading does.
  const layout = block.heading ? ({ layout: 'page' } as const) : {};
  if (!addSlot(ctx, () => slotFor('leadForm', LEAD_FORM_SLOT, { form: block.form, id: CONTENT_FORM_ID, ...layout, ...leadFormErrorParams(query) }))) return '';
  const titleId = `${ctx.id}-title`;
  if (!block.heading) return html`<div class="fc-section fc-lead-form" id="${ctx.id}">${raw(slotMarker(LEAD_FORM_SLOT))}</div>`;
  return html`<section class="fc-section fc-lead-form" id="${ctx.id}" aria-labelledby="${titleId}"><h2 id="${titleId}">${block.heading}</h2>${raw(slotMarker(LEAD_FORM_SLOT))}</section>`;
}

/** Blog cards (spec §2): heading, image, date dd MMM yyyy, description cut at 100 characters, READ MORE. */
export function blogCardList(posts: readonly BlogPost[], level: 2 | 3 = 3): Html {
  const tag = `h${level}`;
  return html`<ul class="fc-post-cards">${posts.map(
    (p) => html`<li><article class="fc-post-card fc-card">${image(p.image, { lazy: true, decorative: true })}<div class="fc-post-card__body">${raw(`<${tag}>`)}${p.heading}${raw(`</${tag}>`)}<p class="fc-post-card__date"><time datetime="${p.date}">${blogDate(p.date)}</time></p><p>${blogExcerpt(p.description)}</p><a class="fc-btn" href="/blog/${p.slug}">READ MORE<span class="fc-visually-hidden">: ${p.heading}</span></a></div></article></li>`,
  )}</ul>`;
}

function priceRangeBlock(block: Block<'price-range'>, ctx: BlockCtx): Html {
  const titleId = `${ctx.id}-title`;
  const inputId = `${ctx.id}-price`;
  const { min, max, step } = PRICE_SLIDER_PAGE;
  const amount = formatAud(PRICE_RANGE_DEFAULT);
  // A GET form: without JavaScript the slider still submits; the client module keeps the shown amount in step.
  // The output is not announced (aria-live off): the slider's own value text already is.
  return html`<section class="fc-section fc-price-range fc-card" id="${ctx.id}" ${block.heading ? html`aria-labelledby="${titleId}"` : raw('aria-label="Shop by price"')}>
${block.heading ? html`<h2 id="${titleId}">${block.heading}</h2>` : ''}
<form class="fc-price-range__form" action="${priceRangeSearchPath(ctx.tenant.config.search.used_only)}" method="get">
<label for="${inputId}">Maximum price</label>
<output class="fc-price-range__value" id="${ctx.id}-value" for="${inputId}" aria-live="off">${amount}</output>
<input type="range" id="${inputId}" name="price_max" min="${min}" max="${max}" step="${step}" value="${PRICE_RANGE_DEFAULT}" aria-valuetext="${amount}" data-price-range="${ctx.id}-value">
<div class="fc-price-range__scale" aria-hidden="true"><span>${formatAud(min)}</span><span>${formatAud(max)}</span></div>
<input type="hidden" name="sortBy" value="price_desc">
<button class="fc-btn fc-btn--primary" type="submit">Show cars in my budget</button>
</form>
</section>`;
}
