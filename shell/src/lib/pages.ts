import { html, raw } from 'hono/html';
import { slotMarker, type FragmentHead } from '@forecourt/contracts/fragments';
import { islandName } from '@forecourt/contracts/islands';
import { leadFormErrorParams } from '@forecourt/contracts/lead-forms';
import { slotFor } from '@forecourt/contracts/slots';
import { CONTENT_PAGES } from '@forecourt/contracts/routes';
import { telHref } from '@forecourt/contracts/display';
import { notFoundBlock, slugify } from './document.ts';
import type { Tenant } from './tenant.ts';

export type ShellPage = { status: number; head: FragmentHead; body: string };

const CONTENT_TITLES: Record<string, string> = {
  'privacy-policy': 'Privacy policy',
  'terms-and-conditions': 'Terms and conditions',
  'about-us': 'About us',
  careers: 'Careers',
  fleet: 'Fleet sales',
  'finance-and-insurance': 'Finance and insurance',
  warranty: 'Warranty',
  'roadside-assist': 'Roadside assist',
  'capped-price-servicing': 'Capped price servicing',
  'special-offers': 'Special offers',
  brands: 'Our brands',
};

// Own keys only: `/constructor` must not read Object.prototype.
export const titleFromSlug = (slug: string) =>
  (Object.hasOwn(CONTENT_TITLES, slug) ? CONTENT_TITLES[slug] : undefined) ?? slug.split('-').filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');

/**
 * One-segment paths the shell renders (route `/:slug`): a content page of spec §2 or one of the tenant's model
 * landing pages (`/{model-slug}`); any other slug is a 404, not an indexable placeholder.
 */
export function isShellPageSlug(tenant: Tenant, slug: string): boolean {
  return Object.hasOwn(CONTENT_TITLES, slug) || (CONTENT_PAGES as readonly string[]).includes(slug) || isModelSlug(tenant, slug);
}

/** One of the tenant's model slugs (`config.stock.models`, slugified): `/models/<slug>` and `/<slug>` exist only for these. */
export const isModelSlug = (tenant: Tenant, slug: string): boolean => tenant.config.stock.models.some((m) => slugify(m) === slug);

/** Home page: hero, stock entry points and (for groups) the brand grid. */
export async function homePage(tenant: Tenant): Promise<ShellPage> {
  const { config, data } = tenant;
  const hero = config.banners[0];
  const manufacturers = new Map(data.manufacturers.map((m) => [m.slug, m]));
  const body = await html`<section class="fc-hero">
${hero ? html`<img class="fc-hero__img" src="${hero.image}" alt="" width="1920" height="540" fetchpriority="high">` : ''}
<div class="fc-hero__text">
<h1>${hero?.title ?? config.name}</h1>
${hero?.subtitle ? html`<p>${hero.subtitle}</p>` : ''}
<form class="fc-hero__search" action="/search/new-used-and-demo-cars" method="get" role="search">
<label for="fc-home-q">Search our stock</label>
<input id="fc-home-q" name="query" type="search" placeholder="Make, model or keyword" autocomplete="off">
<button class="fc-btn fc-btn--primary" type="submit">Search</button>
</form>
</div>
</section>
<section class="fc-section" aria-labelledby="fc-shop-by">
<h2 id="fc-shop-by">Shop by type</h2>
<ul class="fc-tiles">
${config.search.used_only ? '' : html`<li><a class="fc-tile" href="/search/new-cars">New</a></li><li><a class="fc-tile" href="/search/demo-cars">Demo</a></li>`}
<li><a class="fc-tile" href="/search/used-cars">Used</a></li>
<li><a class="fc-tile" href="/search/new-used-and-demo-cars">All stock</a></li>
</ul>
</section>
${config.features.brand_grid && config.brands.length
  ? html`<section class="fc-section" aria-labelledby="fc-brands"><h2 id="fc-brands">Our Brands</h2><ul class="fc-brand-grid">${config.brands.map((slug) => {
      const m = manufacturers.get(slug);
      return html`<li><a href="/search/${slug}">${m?.logo?.url ? html`<img src="${m.logo.url}" alt="" width="64" height="64" loading="lazy">` : ''}<span>${m?.name ?? slug}</span></a></li>`;
    })}</ul></section>`
  : ''}`;
  return { status: 200, head: { title: config.seo.title, description: config.seo.description }, body: String(body) };
}

/**
 * Content pages the shell owns (spec §2 "Other"): the dealer's copy is managed outside this issue, so each is a
 * placeholder and marked noindex (and left out of the sitemap) until it has real content.
 */
/** Content pages that carry a lead form: mf-account's lead-form slot (contracts SLOTS.leadForm; `form` names the form). */
export const CONTENT_LEAD_FORMS: Readonly<Record<string, 'careers' | 'fleet'>> = { careers: 'careers', fleet: 'fleet' };

export async function contentPage(tenant: Tenant, slug: string, query = new URLSearchParams()): Promise<ShellPage> {
  const title = titleFromSlug(slug);
  const form = Object.hasOwn(CONTENT_LEAD_FORMS, slug) ? CONTENT_LEAD_FORMS[slug]! : null;
  const body = await html`<article class="fc-content">
<nav aria-label="Breadcrumb" class="fc-breadcrumbs"><ol><li><a href="/">Home</a></li><li aria-current="page">${title}</li></ol></nav>
<h1>${title}</h1>
<p>${tenant.config.name} will publish this page's content here. For anything you need now, call us on <a href="${telHref(tenant.config.contact.phone)}">${tenant.config.contact.phone}</a> or email <a href="mailto:${tenant.config.contact.email}">${tenant.config.contact.email}</a>.</p>
${form ? raw(slotMarker(LEAD_FORM_SLOT)) : ''}
</article>`;
  const head = { title: `${title} | ${tenant.config.name}`, description: `${title} at ${tenant.config.name}.`, robots: 'noindex' };
  const slots = form ? [slotFor('leadForm', LEAD_FORM_SLOT, { form, id: CONTENT_FORM_ID, ...leadFormErrorParams(query) })] : undefined;
  return { status: 200, head: slots ? { ...head, slots } : head, body: String(body) };
}

/** The slot id of a content page's lead form, and the form's island id (its fields' ids start with it). */
export const LEAD_FORM_SLOT = 'lead-form';
export const CONTENT_FORM_ID = 'fa-lead-form';

/** The shell's not-found page: unknown paths, features the tenant has off, and a remote's empty 404 (protocol P1). */
export async function notFoundPage(tenant: Tenant): Promise<ShellPage> {
  return { status: 404, head: { title: `Page not found | ${tenant.config.name}`, robots: 'noindex' }, body: String(await notFoundBlock()) };
}

const breadcrumbs = (items: Array<{ label: string; href?: string }>) =>
  html`<nav aria-label="Breadcrumb" class="fc-breadcrumbs"><ol><li><a href="/">Home</a></li>${items.map((i) =>
    i.href ? html`<li><a href="${i.href}">${i.label}</a></li>` : html`<li aria-current="page">${i.label}</li>`,
  )}</ol></nav>`;

/** Brand grid of a dealer group (spec §2 Other screens: 'Our Brands'). */
export async function brandsPage(tenant: Tenant): Promise<ShellPage> {
  const { config, data } = tenant;
  const bySlug = new Map(data.manufacturers.map((m) => [m.slug, m]));
  const brands = new Map(data.brands.map((b) => [b.slug, b]));
  const body = await html`<section class="fc-content fc-content--wide">
${breadcrumbs([{ label: 'Our Brands' }])}
<h1>Our Brands</h1>
<ul class="fc-brand-grid">${config.brands.map((slug) => {
    const m = bySlug.get(slug);
    const href = brands.has(slug) ? `/${slug}/overview` : `/search/${slug}`;
    return html`<li><a href="${href}">${m?.logo?.url ? html`<img src="${m.logo.url}" alt="" width="64" height="64" loading="lazy">` : ''}<span>${m?.name ?? brands.get(slug)?.title ?? slug}</span></a></li>`;
  })}</ul>
</section>`;
  return { status: 200, head: { title: `Our Brands | ${config.name}`, description: `The brands sold by ${config.name}.` }, body: String(body) };
}

/** Brand landing page (spec §2: title, slug, logo, banner, description paragraphs); unknown brand: 404. */
export async function brandPage(tenant: Tenant, slug: string): Promise<ShellPage> {
  const brand = tenant.data.brands.find((b) => b.slug === slug);
  if (!brand) return notFoundPage(tenant);
  const body = await html`<article class="fc-content fc-content--wide">
${breadcrumbs([{ label: 'Our Brands', href: '/brands' }, { label: brand.title }])}
${brand.banner ? html`<img class="fc-brand-banner" src="${brand.banner}" alt="" width="1920" height="540">` : ''}
<h1>${brand.logo ? html`<img src="${brand.logo}" alt="" width="48" height="48"> ` : ''}${brand.title}</h1>
${brand.description.map((p) => html`<p>${p}</p>`)}
<p><a class="fc-btn fc-btn--primary" href="/search/${brand.slug}">View ${brand.title} stock</a></p>
</article>`;
  return { status: 200, head: { title: `${brand.title} | ${tenant.config.name}`, description: brand.description[0]?.slice(0, 160) ?? brand.title }, body: String(body) };
}

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
