import { html, raw } from 'hono/html';
import { slotMarker, type FragmentHead, type FragmentSlot } from '@forecourt/contracts/fragments';
import { islandName } from '@forecourt/contracts/islands';
import { slotFor } from '@forecourt/contracts/slots';
import type { HomeSection, SiteConfig } from '@forecourt/contracts/tenant';
import { telHref } from '@forecourt/contracts/display';
import { notFoundBlock, slugify } from './document.ts';
import type { ResolvedTenant, Tenant } from './tenant.ts';
import { brandGridSection } from './brand-pages.ts';
import { heroImage, heroSection } from './promotions.ts';
import { heroPreloads, imageAttributes, OFFER_LAYOUT } from './banner-image.ts';
import { offersFor } from './content-blocks.ts';

export type ShellPage = { status: number; head: FragmentHead; body: string };

/** One of the tenant's model slugs (`config.stock.models`, slugified): only these have `/<slug>` as another address of their `/models/<slug>` page. */
export const isModelSlug = (tenant: Tenant, slug: string): boolean => tenant.config.stock.models.some((m) => slugify(m) === slug);

/** The home page's sections when the tenant's config names none: per template (README "Home pages"). */
export function defaultHomeSections(config: Pick<SiteConfig, 'template' | 'search' | 'brands' | 'features'>): HomeSection[] {
  const sections = templateSections(config.template);
  // The brand grid wherever the tenant switches it on (features.brand_grid), after the quick search.
  if (config.features.brand_grid && !sections.some((s) => s.kind === 'brands')) sections.splice(2, 0, { kind: 'brands' });
  return sections;
}

function templateSections(template: SiteConfig['template']): HomeSection[] {
  switch (template) {
    case 'group':
      return [{ kind: 'hero' }, { kind: 'quick-search' }, { kind: 'brands' }, { kind: 'stock-strip', strip: 'new-arrivals' }, { kind: 'stock-strip', strip: 'specials' }, { kind: 'prompts' }, { kind: 'offers' }, { kind: 'locations' }, { kind: 'reviews' }];
    case 'used':
      return [{ kind: 'hero' }, { kind: 'quick-search' }, { kind: 'stock-strip', strip: 'new-arrivals' }, { kind: 'prompts' }, { kind: 'stock-strip', strip: 'specials' }, { kind: 'shop-by' }, { kind: 'locations' }, { kind: 'reviews' }];
    default:
      return [{ kind: 'hero' }, { kind: 'quick-search' }, { kind: 'stock-strip', strip: 'type', car_type: 'new' }, { kind: 'offers' }, { kind: 'prompts' }, { kind: 'stock-strip', strip: 'type', car_type: 'used' }, { kind: 'shop-by' }, { kind: 'locations' }, { kind: 'reviews' }];
  }
}

/** A section heading with its "View all" link. */
export const sectionHead = (id: string, title: string, more?: { href: string; label: string }) =>
  html`<div class="fc-section__head"><h2 id="${id}">${title}</h2>${more ? html`<a class="fc-section__more" href="${more.href}">${more.label}</a>` : ''}</div>`;

/**
 * Home page: the tenant's sections in order (config `home.sections`, else the template's). Sections other remotes own
 * are their fragments, filled as slots: mf-search's quick search and stock strips, mf-locations' locations and reviews
 * summaries.
 */
export async function homePage(tenant: Tenant, now = Date.now()): Promise<ShellPage> {
  const { config } = tenant;
  const sections = config.home?.sections ?? defaultHomeSections(config);
  const slots: FragmentSlot[] = [];
  const features = config.features;
  const parts = sections.map((section, i) => {
    switch (section.kind) {
      case 'hero':
        return heroSection(tenant, now);
      case 'quick-search': {
        // mf-search's form, with the stock's own makes, models, body types and counts (contracts SLOTS.quickSearch).
        const id = 'quick-search';
        slots.push(slotFor('quickSearch', id, {}));
        return html`<section class="fc-quick-search fc-card">${raw(slotMarker(id))}</section>`;
      }
      case 'stock-strip': {
        const id = `stock-strip-${i}`;
        slots.push(slotFor('stockStrip', id, { strip: section.strip, ...(section.car_type ? { car_type: section.car_type } : {}), ...(section.heading ? { heading: section.heading } : {}) }));
        return html`<div class="fc-section">${raw(slotMarker(id))}</div>`;
      }
      case 'offers': {
        // Current offers only (an expired one is gone on its expiry's next day, in the tenant's time zone).
        const offers = offersFor(tenant, {}, now).slice(0, 3);
        if (!offers.length) return '';
        return html`<section class="fc-section" aria-labelledby="fc-offers-title">
${sectionHead('fc-offers-title', 'Current offers', { href: '/special-offers', label: 'All offers' })}
<ul class="fc-offers">${offers.map(
          (o) => html`<li><article class="fc-offer fc-card">${o.image_or_model_image?.url ? html`<img${imageAttributes(o.image_or_model_image.url, OFFER_LAYOUT)} alt="" width="800" height="600" loading="lazy">` : ''}<div class="fc-offer__body"><h3>${o.name}</h3><p>${o.description.length > 140 ? `${o.description.slice(0, 137)}...` : o.description}</p><a class="fc-btn" href="/offers/${o.id}">View offer<span class="fc-visually-hidden">: ${o.name}</span></a></div></article></li>`,
        )}</ul>
</section>`;
      }
      case 'prompts': {
        return html`<section class="fc-section fc-prompts" aria-label="Finance and trade-in">
<div class="fc-prompt fc-card"><h2>Finance made simple</h2><p>Work out your repayments, then apply online in minutes. Getting pre-approved won't affect your credit score.</p><a class="fc-btn fc-btn--primary" href="/finance">Explore finance</a></div>
${features.trade_in ? html`<div class="fc-prompt fc-card"><h2>What's your car worth?</h2><p>Tell us about your car and get a trade-in valuation from ${config.name}, with or without buying from us.</p><a class="fc-btn fc-btn--primary" href="/trade-in">Value my trade-in</a></div>` : ''}
</section>`;
      }
      case 'locations': {
        const id = 'locations-summary';
        // The tenant's location block (spec §2: which locations, block or carousel) as its config names it, else the default.
        slots.push(slotFor('locationsSummary', id, section.params ?? {}));
        // mf-locations' fragment brings its own heading and "All locations" link.
        return html`<div class="fc-section">${raw(slotMarker(id))}</div>`;
      }
      case 'reviews': {
        // 'What our customers say': mf-locations owns the location reviews and when they show (empty where spec §5 hides them).
        const id = 'reviews-summary';
        slots.push(slotFor('reviewsSummary', id, {}));
        return html`<div class="fc-section">${raw(slotMarker(id))}</div>`;
      }
      case 'brands':
        return brandGridSection(tenant);
      case 'shop-by':
        return html`<section class="fc-section" aria-labelledby="fc-shop-by">
${sectionHead('fc-shop-by', 'Shop by type')}
<ul class="fc-tiles">
${config.search.used_only ? '' : html`<li><a class="fc-tile" href="/search/new-cars">New cars</a></li><li><a class="fc-tile" href="/search/demo-cars">Demo cars</a></li>`}
<li><a class="fc-tile" href="/search/used-cars">Used cars</a></li>
<li><a class="fc-tile" href="/search/new-used-and-demo-cars">All stock</a></li>
</ul>
</section>`;
    }
  });
  const body = await html`${parts}`;
  const head: FragmentHead = { title: config.seo.title, description: config.seo.description };
  // A hero leading the page is its largest paint: its first picture is asked for from the head (issue 19).
  const lcp = sections[0]?.kind === 'hero' ? heroImage(tenant, now) : undefined;
  if (lcp) head.preloadSources = heroPreloads(lcp);
  return { status: 200, head: slots.length ? { ...head, slots } : head, body: String(body) };
}

/**
 * The site's accessibility statement (linked from every footer): what the site aims for, how it is checked, and how
 * to reach the dealer for help or another format.
 */
export async function accessibilityPage(tenant: Tenant): Promise<ShellPage> {
  const { name, contact } = tenant.config;
  const body = await html`<article class="fc-content">
${breadcrumbs([{ label: 'Accessibility' }])}
<h1>Accessibility</h1>
<p>${name} wants everyone to be able to find, compare and buy a car on this site, whatever device or assistive technology they use.</p>
<h2>What we aim for</h2>
<p>This site is built to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA. Every page works with a keyboard alone, the forms work without JavaScript, text and controls keep a contrast ratio of at least 4.5:1, and pages are tested with automated accessibility checks on every change.</p>
<h2>Need help or another format?</h2>
<p>If anything on the site is hard to use, or you would like information about a car, our finance or our services in another format, we are happy to help.</p>
<ul>
<li>Call us on <a href="${telHref(contact.phone)}">${contact.phone}</a></li>
<li>Email <a href="mailto:${contact.email}">${contact.email}</a></li>
<li>Use the National Relay Service: ask for ${contact.phone}</li>
</ul>
<h2>Tell us about a problem</h2>
<p>Please tell us which page and what happened, and we will reply within two business days.</p>
</article>`;
  return { status: 200, head: { title: `Accessibility | ${name}`, description: `How ${name} makes this website usable for everyone, and how to get help.` }, body: String(body) };
}

/** The shell's not-found page: unknown paths, features the tenant has off, and a remote's empty 404 (protocol P1). */
export async function notFoundPage(tenant: ResolvedTenant): Promise<ShellPage> {
  return { status: 404, head: { title: `Page not found | ${tenant.config.name}`, robots: 'noindex' }, body: String(await notFoundBlock()) };
}

export const breadcrumbs = (items: Array<{ label: string; href?: string }>) =>
  html`<nav aria-label="Breadcrumb" class="fc-breadcrumbs"><ol><li><a href="/">Home</a></li>${items.map((i) =>
    i.href ? html`<li><a href="${i.href}">${i.label}</a></li>` : html`<li aria-current="page">${i.label}</li>`,
  )}</ol></nav>`;

/**
 * After a lead form (spec §2 /success). The car context is recorded in the browser by mf-account's lead-form kit, so
 * the part naming the car is its `LeadSuccess` island in client mode (empty on the server; nothing without a car).
 */
export async function successPage(tenant: Tenant): Promise<ShellPage> {
  const { name, contact } = tenant.config;
  const body = await html`<section class="fc-content" aria-labelledby="fc-success-title">
<h1 id="fc-success-title">Thank you</h1>
<p>We've received your enquiry. A member of the ${name} team will be in touch shortly.</p>
<div id="fc-success-lead" data-island="${islandName('mf-account', 'LeadSuccess')}" data-island-mode="client" class="fc-island"></div>
<h2>What happens next</h2>
<ol>
<li>Your enquiry goes straight to the ${name} team.</li>
<li>They will contact you by phone or email to help with your enquiry.</li>
<li>Need an answer sooner? Call us on <a href="${telHref(contact.phone)}">${contact.phone}</a>.</li>
</ol>
<p><a class="fc-btn fc-btn--primary" href="/search/new-used-and-demo-cars">Keep browsing</a> <a class="fc-btn" href="/">Home</a></p>
</section>`;
  return { status: 200, head: { title: `Thank you | ${name}`, robots: 'noindex' }, body: String(body) };
}
