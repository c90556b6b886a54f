import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { serializeIslandProps, type FragmentHead, type PreloadImage } from '@forecourt/contracts/fragments';
import { imageAttributes, POPUP_LAYOUT } from './banner-image.ts';
import { telHref } from '@forecourt/contracts/display';
import { hoursSummary } from '@forecourt/contracts/hours';
import { addressText, mapHref, siteLocations } from '@forecourt/contracts/locations';
import { COMPACT_MARK_BOX, compactMarkUrl } from '@forecourt/contracts/marks';
import { REMOTE_NAMES, type MenuItem, type RemoteName, type SiteConfig } from '@forecourt/contracts/tenant';
import { fontFacesCss, isWebFont, type WebFontFamily } from '@forecourt/ui/fonts';
import { iconHtml } from '@forecourt/ui/icon-html';
import { themeTokensCss } from '@forecourt/ui/tokens';
import type { ResolvedTenant } from './tenant.ts';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/** The shell's built client: its entry, its stylesheets and the self-hosted fonts (family -> URL; dev/build.mjs). */
export type ShellAssets = { entry: string | null; css: string[]; fonts?: Partial<Record<WebFontFamily, string>> };

/**
 * The remote map, inlined per request so the MF host registers exactly the versions this request's pages came from
 * (the tenant's pins, remote-versions.ts): a canary's HTML always hydrates with the canary's bundle.
 */
export function remoteMap(pins: Record<RemoteName, { version: string }>): Record<string, string> {
  return Object.fromEntries(REMOTE_NAMES.map((r) => [r.replace(/-/g, '_'), `/_mf/${r}/${pins[r].version}/remoteEntry.js`]));
}


/**
 * The tenant's design tokens (ui/src/tokens.ts) and the @font-face rules of its theme's fonts, served by the shell
 * (`assets.fonts`: family -> URL): one <style> per document, computed once per config and build.
 */
const themeStyles = new WeakMap<object, { fonts: ShellAssets['fonts']; css: string }>();
export function themeStyle(config: SiteConfig, assets: ShellAssets): string {
  const hit = themeStyles.get(config);
  if (hit && hit.fonts === assets.fonts) return hit.css;
  const families = [config.theme.fonts.body, config.theme.fonts.heading].filter((f) => isWebFont(f) && assets.fonts?.[f]);
  const css = fontFacesCss(families, (f) => assets.fonts![f]!) + themeTokensCss(config.theme);
  themeStyles.set(config, { fonts: assets.fonts, css });
  return css;
}

/** The web-font files of the tenant's theme, preloaded so the first paint already has them (no swap, CLS 0). */
export function preloadFonts(config: SiteConfig, assets: ShellAssets): string[] {
  return [...new Set([config.theme.fonts.body, config.theme.fonts.heading])].filter(isWebFont).flatMap((f) => (assets.fonts?.[f] ? [assets.fonts[f]] : []));
}

/**
 * The page's LCP picture, asked for from the head with high priority (the fragment's `preloadImage`: the same `href`,
 * `srcset` and `sizes` as its <img>, so the browser fetches one file once).
 */
export function preloadImageLink(image: PreloadImage): Html {
  return html`<link rel="preload" as="image" href="${image.href}"${image.srcset ? html` imagesrcset="${image.srcset}"` : ''}${image.sizes ? html` imagesizes="${image.sizes}"` : ''}${image.media ? html` media="${image.media}"` : ''} fetchpriority="high">`;
}

/**
 * The end of `<main>`: the head's `<link rel="expect" blocking="render">` names it, so the browser paints the page only
 * once its main content is parsed. A document parsed in pieces (a slow network's packets, a busy CPU's parser yields)
 * would otherwise be painted half-built, and every element parsed after the first paint pushes the ones beside it:
 * the header's tools grow leftwards, a card row grows taller, a hero re-centres (layout shifts, CLS). The footer and
 * the scripts after it do not hold the paint.
 */
export const MAIN_END_ID = 'fc-main-end';

/**
 * The document's `<head>`. `status` is the page's: only a 200 page gets the site URL as its canonical when its head
 * names none (a not-found or failed page must not declare the address asked for, made-up paths included, canonical).
 */
export function documentHead(opts: { tenant: ResolvedTenant; head: FragmentHead | null; url: URL; assets: ShellAssets; styles: string[]; status?: number }): Html {
  const { config } = opts.tenant;
  const head = opts.head;
  const title = head?.title ?? config.seo.title;
  const description = head?.description ?? config.seo.description;
  const canonical = head?.canonical ?? (config.site_url && (opts.status ?? 200) === 200 ? new URL(opts.url.pathname, config.site_url).toString() : undefined);
  const jsonLd = head?.jsonLd ?? [];
  // The shell's light client (`assets.entry`, here and in documentTail) is fetched at low priority: nothing of the first
  // paint needs it (the page is whole without JavaScript; a click before it runs is held), so it must not share the
  // line with the stylesheets, the LCP picture and the font. At Chrome's default (High) it was fetched and run before
  // the first paint, which Lighthouse then counts as render-blocking: FCP 1.62 -> 1.35 s on a search page (slow 4G,
  // median of 5; bench/RESULTS.md).
  return html`<!doctype html>
<html lang="${config.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="description" content="${description}">
${canonical ? html`<link rel="canonical" href="${canonical}">` : ''}
${head?.robots ? html`<meta name="robots" content="${head.robots}">` : ''}
<meta property="og:site_name" content="${config.name}">
<meta property="og:title" content="${title}">
<meta property="og:description" content="${description}">
${head?.ogImage ? html`<meta property="og:image" content="${head.ogImage}">` : ''}
<meta name="theme-color" content="${config.theme.colors.primary}">
<link rel="icon" href="${config.theme.logo.url}">
${preloadFonts(config, opts.assets).map((href) => html`<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin>`)}
${head?.preloadImage ? preloadImageLink(head.preloadImage) : ''}
${head?.preloadSources ? head.preloadSources.map(preloadImageLink) : ''}
<style>${raw(themeStyle(config, opts.assets))}</style>
${opts.assets.css.map((href) => html`<link rel="stylesheet" href="${href}">`)}
${opts.styles.map((href) => html`<link rel="stylesheet" href="${href}">`)}
${opts.assets.entry ? html`<link rel="modulepreload" href="${opts.assets.entry}" fetchpriority="low">` : ''}
<link rel="expect" href="#${MAIN_END_ID}" blocking="render">
${jsonLd.map((item) => html`<script type="application/ld+json">${raw(serializeIslandProps(item))}</script>`)}
</head>
<body>
<noscript><style>.fc-menu-toggle{display:none!important}.fc-nav{display:block!important}</style></noscript>
<a class="fc-skip" href="#main">Skip to main content</a>
`;
}

/** Classes of the header's nav links: compose.ts marks the current page's link by them (`markCurrentNavLink`). */
export const NAV_LINK_CLASS = 'fc-nav__link';
export const NAV_SUBLINK_CLASS = 'fc-dropdown__link';

function menuItem(item: MenuItem, tenant: ResolvedTenant, index: number): Html {
  const groups = item.kind === 'brands' ? megaGroups(item, tenant) : [];
  if (groups.length) return megaMenuItem(item, groups, index);
  const children = menuChildren(item, tenant);
  if (!children.length) return html`<li class="fc-nav__item"><a class="${NAV_LINK_CLASS}" href="${item.href}">${item.label}</a></li>`;
  const mega = item.kind === 'brands';
  return html`<li class="fc-nav__item${mega ? ' fc-nav__item--mega' : ''}">
<details class="fc-dropdown" data-dropdown="${index}">
<summary class="fc-nav__link">${item.label}</summary>
<ul class="fc-dropdown__panel${mega ? ' fc-mega' : ''}">
${children.map((c) => html`<li><a class="${NAV_SUBLINK_CLASS}" href="${c.href}">${c.logo ? html`<img src="${compactMarkUrl(c.logo)}" alt="" width="${COMPACT_MARK_BOX.width}" height="${COMPACT_MARK_BOX.height}" loading="lazy">` : ''}<span>${c.label}</span></a></li>`)}
</ul>
</details>
</li>`;
}

/** A group of the mega menu: its heading (a link when it goes somewhere of its own) and its brands. */
export type MegaGroup = { label: string; href: string | null; links: Array<{ label: string; href: string; logo?: string }> };

/**
 * The configured nested brand menu (spec §2: Vehicles -> Cars / Trucks / Motorcycles -> brands): each child with
 * children of its own is a group. A group heading that only repeats the menu item's address is plain text (the panel
 * ends with that link once). A brand link gets its manufacturer's logo when its address names the brand
 * (`/<brand>/overview` or `/search/<brand>`). A brands item without nested children keeps the flat list.
 */
export function megaGroups(item: MenuItem, tenant: ResolvedTenant): MegaGroup[] {
  const bySlug = new Map(tenant.data.manufacturers.map((m) => [m.slug, m]));
  const logoOf = (href: string) => {
    const m = /^\/(?:search\/)?([a-z0-9-]+)(?:\/overview)?\/?$/.exec(href);
    return m ? bySlug.get(m[1]!)?.logo?.url : undefined;
  };
  return (item.children ?? [])
    .filter((g) => g.children?.length)
    .map((g) => ({
      label: g.label,
      href: g.href && g.href !== item.href ? g.href : null,
      links: g.children!.map((c) => {
        const logo = logoOf(c.href);
        return logo ? { label: c.label, href: c.href, logo } : { label: c.label, href: c.href };
      }),
    }));
}

/**
 * The mega menu: the same details/summary dropdown (its 'dropdown-open' marker, Escape and focus rules live in
 * client/chrome.ts), its panel a list of groups laid out in columns; on small screens the groups stack (shell.css).
 * Each group's list is named by its heading, so a screen reader hears "Cars, list, 10 items".
 */
function megaMenuItem(item: MenuItem, groups: MegaGroup[], index: number): Html {
  return html`<li class="fc-nav__item fc-nav__item--mega">
<details class="fc-dropdown" data-dropdown="${index}">
<summary class="fc-nav__link">${item.label}</summary>
<ul class="fc-dropdown__panel fc-mega fc-mega--grouped">
${groups.map((g, gi) => {
  const id = `fc-mega-${index}-${gi}`;
  return html`<li class="fc-mega__group">${g.href ? html`<a class="fc-mega__heading ${NAV_SUBLINK_CLASS}" id="${id}" href="${g.href}">${g.label}</a>` : html`<span class="fc-mega__heading" id="${id}">${g.label}</span>`}
<ul aria-labelledby="${id}">${g.links.map((c) => html`<li><a class="${NAV_SUBLINK_CLASS}" href="${c.href}">${c.logo ? html`<img src="${compactMarkUrl(c.logo)}" alt="" width="${COMPACT_MARK_BOX.width}" height="${COMPACT_MARK_BOX.height}" loading="lazy">` : ''}<span>${c.label}</span></a></li>`)}</ul></li>`;
})}
${item.href ? html`<li class="fc-mega__all"><a class="${NAV_SUBLINK_CLASS}" href="${item.href}">All ${item.label.toLowerCase()}</a></li>` : ''}
</ul>
</details>
</li>`;
}

function menuChildren(item: MenuItem, tenant: ResolvedTenant): Array<{ label: string; href: string; logo?: string }> {
  if (item.kind === 'brands') {
    const bySlug = new Map(tenant.data.manufacturers.map((m) => [m.slug, m]));
    return tenant.config.brands.map((slug) => {
      const m = bySlug.get(slug);
      return { label: m?.name ?? slug, href: `/search/${slug}`, logo: m?.logo?.url };
    });
  }
  if (item.kind === 'models') {
    const make = tenant.config.manufacturer;
    return tenant.config.stock.models.map((model) => ({ label: model, href: make ? `/search/${make}/${slugify(model)}` : `/search/${slugify(model)}` }));
  }
  return (item.children ?? []).map((c) => ({ label: c.label, href: c.href }));
}

export const slugify = (s: string) => s.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

export function announcementBar(config: SiteConfig): Html {
  const a = config.announcement;
  if (!a) return html``;
  return html`<div class="fc-announcement" data-announcement role="region" aria-label="Announcement">
<p><span class="fc-announcement__text" title="${a.text}">${a.text}</span>${a.href ? html`<a href="${a.href}">${a.link_label ?? 'Find out more'}</a>` : ''}</p>
<button type="button" class="fc-announcement__close" data-dismiss-announcement aria-label="Dismiss announcement">&times;</button>
</div>`;
}

const MENU_ICON = raw(iconHtml('menu'));
const PHONE_ICON = raw(iconHtml('phone'));

export function siteHeader(tenant: ResolvedTenant, accountSlot: string): Html {
  const { config } = tenant;
  const logo = config.theme.logo;
  return html`<header class="fc-header">
<div class="fc-header__inner">
<a class="fc-header__logo" href="/"><img src="${logo.url}" alt="${logo.alt}" width="${logo.width}" height="${logo.height}"></a>
<nav class="fc-nav" id="fc-nav" aria-label="Main">
<ul class="fc-nav__list">${config.menus.header.map((item, i) => menuItem(item, tenant, i))}</ul>
</nav>
<div class="fc-header__tools">
<div class="fc-header__account">${raw(accountSlot)}</div>
<a class="fc-header__phone" href="${telHref(config.contact.phone)}" aria-label="Call ${config.name} on ${config.contact.phone}">${PHONE_ICON}<span class="fc-header__phone-number">${config.contact.phone}</span></a>
<button type="button" class="fc-menu-toggle" aria-expanded="false" aria-controls="fc-nav" data-menu-toggle>${MENU_ICON}<span class="fc-menu-toggle__label">Menu</span></button>
</div>
</div>
</header>
<main id="main" class="fc-main">`;
}

/** Social networks the footer links, with their marks (simple shapes, not the networks' logos). */
const SOCIAL: ReadonlyArray<{ key: 'facebook' | 'instagram' | 'youtube' | 'linkedin' | 'tiktok'; label: string; icon: string }> = [
  { key: 'facebook', label: 'Facebook', icon: 'M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.5c0-.4.2-.5.5-.5z' },
  { key: 'instagram', label: 'Instagram', icon: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm0 2a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2zm5 3.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zm0 2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM17.3 6a1 1 0 1 1 0 2 1 1 0 0 1 0-2z' },
  { key: 'youtube', label: 'YouTube', icon: 'M21.6 7.2a2.6 2.6 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.6 2.6 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.6 2.6 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.6 2.6 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8zM10 15V9l5.2 3z' },
  { key: 'linkedin', label: 'LinkedIn', icon: 'M4 4h4v4H4zm0 6h4v10H4zm6 0h4v1.6c.6-1 1.8-1.8 3.5-1.8 3 0 4.5 1.9 4.5 5.2V20h-4v-4.6c0-1.6-.6-2.4-1.8-2.4S14 13.9 14 15.4V20h-4z' },
  { key: 'tiktok', label: 'TikTok', icon: 'M16 3c.4 2.3 1.8 3.8 4 4v3.2a7.3 7.3 0 0 1-4-1.2v6.5A5.5 5.5 0 1 1 10.5 10v3.3a2.3 2.3 0 1 0 2.3 2.2V3z' },
];

/** Locations the footer lists: the site's visible ones, primary first; a group shows the first few and links the rest. */
export const FOOTER_LOCATIONS_MAX = 4;

export function siteFooter(tenant: ResolvedTenant): Html {
  const { config, data } = tenant;
  const year = new Date().getFullYear();
  const locations = siteLocations(config, data).sort((a, b) => Number(b.primary) - Number(a.primary));
  const shown = locations.slice(0, FOOTER_LOCATIONS_MAX);
  const business = config.business;
  const social = SOCIAL.filter((s) => business?.social?.[s.key]);
  const holder = business?.legal_name ?? config.name;
  return html`<div id="${MAIN_END_ID}" hidden></div>
</main>
<footer class="fc-footer">
<div class="fc-footer__inner">
<div class="fc-footer__top">
<div class="fc-footer__brand">
<p class="fc-footer__name">${config.name}</p>
<p class="fc-footer__contact"><a href="${telHref(config.contact.phone)}">${config.contact.phone}</a><br><a href="mailto:${config.contact.email}">${config.contact.email}</a></p>
${business?.abn ? html`<p>${holder} · ABN ${business.abn}</p>` : ''}
${social.length
  ? html`<ul class="fc-footer__social" aria-label="${config.name} on social media">${social.map((s) => html`<li><a href="${business!.social![s.key]!}" rel="noopener" aria-label="${config.name} on ${s.label}"><svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${s.icon}"/></svg></a></li>`)}</ul>`
  : ''}
</div>
${shown.length
  ? html`<ul class="fc-footer__locations" aria-label="Our locations">${shown.map(
      (l) => html`<li class="fc-footer__location">
<h3>${l.name}</h3>
<p><a href="${mapHref(l.address)}" rel="noopener">${addressText(l)}</a></p>
${l.contact_detail.phone ? html`<p><a href="${telHref(l.contact_detail.phone)}">${l.contact_detail.phone}</a></p>` : ''}
${hoursSummary(l.contact_detail.opening_hours ?? []).length ? html`<p>${hoursSummary(l.contact_detail.opening_hours ?? []).map((h, i) => html`${i ? html`<br>` : ''}${h.days} ${h.text}`)}</p>` : ''}
${config.features.show_dealer_licence && l.dealer_license_number ? html`<p>Dealer licence ${l.dealer_license_number}</p>` : ''}
</li>`,
    )}${locations.length > shown.length ? html`<li class="fc-footer__location"><a class="fc-section__more" href="/locations">All ${locations.length} locations</a></li>` : ''}</ul>`
  : ''}
</div>
<div class="fc-footer__groups">
${config.menus.footer.map(
  (g) => html`<section class="fc-footer__group"><h2>${g.title}</h2><ul>${g.links.map((l) => html`<li><a href="${l.href}">${l.label}</a></li>`)}</ul></section>`,
)}
</div>
<div class="fc-footer__legal">
<p>&copy; ${year} ${holder}</p>
<ul><li><a href="/privacy-policy">Privacy policy</a></li><li><a href="/terms-and-conditions">Terms and conditions</a></li><li><a href="/accessibility">Accessibility</a></li></ul>
</div>
</div>
</footer>`;
}

/**
 * Promo popup: rendered hidden; the client shows it after first render when today (in the tenant's time zone) is
 * within start..expiry and it was not dismissed (spec §4). The close button comes first in the DOM so keyboard and
 * screen-reader users meet it first; CSS keeps it in the top corner. Its picture loads when the dialog opens (`lazy`:
 * a closed dialog's picture is not rendered), not beside the page's LCP picture on every page.
 */
export function promoPopup(config: SiteConfig): Html {
  const p = config.promo_popup;
  if (!p) return html``;
  return html`<dialog class="fc-promo" data-promo-id="${p.id}" data-start="${p.start ?? ''}" data-expiry="${p.expiry ?? ''}" data-time-zone="${config.time_zone}" aria-labelledby="fc-promo-title">
<button type="button" class="fc-promo__close" data-dismiss-promo aria-label="Close">&times;</button>
${p.image ? html`<img${imageAttributes(p.image, POPUP_LAYOUT)} alt="" width="600" height="300" loading="lazy">` : ''}
<h2 id="fc-promo-title">${p.title}</h2>
<p>${p.description}</p>
<a class="fc-btn fc-btn--primary" href="${p.button.href}" data-promo-cta>${p.button.label}</a>
</dialog>`;
}

export function documentTail(tenant: ResolvedTenant, assets: ShellAssets, pins: Record<RemoteName, { version: string }>): Html {
  return html`${siteFooter(tenant)}
${promoPopup(tenant.config)}
<script id="forecourt-remotes" type="application/json">${raw(serializeIslandProps(remoteMap(pins)))}</script>
${assets.entry ? html`<script type="module" src="${assets.entry}" fetchpriority="low"></script>` : ''}
</body>
</html>`;
}

/** A block shown in place of a remote's fragment that failed or timed out: never a blank page. */
export function fallbackBlock(): Html {
  return html`<section class="fc-fallback" role="alert"><h1>This section is temporarily unavailable</h1><p>Please refresh the page in a moment, or call us.</p><p><a class="fc-btn" href="/">Back to home</a></p></section>`;
}

/** The one "not found" block: unknown paths, a feature the tenant has off, and a remote's empty 404 (protocol P1). */
export function notFoundBlock(): Html {
  return html`<section class="fc-fallback"><h1>Page not found</h1><p>Sorry, we couldn't find that page.</p><p><a class="fc-btn fc-btn--primary" href="/search/new-used-and-demo-cars">Browse all stock</a> <a class="fc-btn" href="/">Home</a></p></section>`;
}
