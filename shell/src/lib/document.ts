import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { serializeIslandProps, type FragmentHead } from '@forecourt/contracts/fragments';
import { telHref } from '@forecourt/contracts/display';
import { REMOTE_NAMES, type MenuItem, type RemoteName, type SiteConfig } from '@forecourt/contracts/tenant';
import type { Tenant } from './tenant.ts';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

export type ShellAssets = { entry: string | null; css: string[] };

/**
 * The remote map, inlined per request so the MF host registers exactly the versions this request's pages came from
 * (the tenant's pins, remote-versions.ts): a canary's HTML always hydrates with the canary's bundle.
 */
export function remoteMap(pins: Record<RemoteName, { version: string }>): Record<string, string> {
  return Object.fromEntries(REMOTE_NAMES.map((r) => [r.replace(/-/g, '_'), `/_mf/${r}/${pins[r].version}/remoteEntry.js`]));
}


function themeCss(config: SiteConfig): string {
  const { colors, fonts, radius } = config.theme;
  // Values are schema-validated (#rrggbb colours); font stacks are stripped of anything that could close the rule.
  const font = (s: string) => s.replace(/[;{}<>]/g, '');
  return `:root{--fc-primary:${colors.primary};--fc-primary-contrast:${colors.primaryContrast};--fc-secondary:${colors.secondary};--fc-bg:${colors.background};--fc-surface:${colors.surface};--fc-text:${colors.text};--fc-muted:${colors.muted};--fc-font:${font(fonts.body)};--fc-font-heading:${font(fonts.heading)};--fc-radius:${font(radius)}}`;
}

/**
 * The document's `<head>`. `status` is the page's: only a 200 page gets the site URL as its canonical when its head
 * names none (a not-found or failed page must not declare the address asked for, made-up paths included, canonical).
 */
export function documentHead(opts: { tenant: Tenant; head: FragmentHead | null; url: URL; assets: ShellAssets; styles: string[]; status?: number }): Html {
  const { config } = opts.tenant;
  const head = opts.head;
  const title = head?.title ?? config.seo.title;
  const description = head?.description ?? config.seo.description;
  const canonical = head?.canonical ?? (config.site_url && (opts.status ?? 200) === 200 ? new URL(opts.url.pathname, config.site_url).toString() : undefined);
  const jsonLd = head?.jsonLd ?? [];
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
<style>${raw(themeCss(config))}</style>
${opts.assets.css.map((href) => html`<link rel="stylesheet" href="${href}">`)}
${opts.styles.map((href) => html`<link rel="stylesheet" href="${href}">`)}
${opts.assets.entry ? html`<link rel="modulepreload" href="${opts.assets.entry}">` : ''}
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

function menuItem(item: MenuItem, tenant: Tenant, index: number): Html {
  const children = menuChildren(item, tenant);
  if (!children.length) return html`<li class="fc-nav__item"><a class="${NAV_LINK_CLASS}" href="${item.href}">${item.label}</a></li>`;
  const mega = item.kind === 'brands';
  return html`<li class="fc-nav__item${mega ? ' fc-nav__item--mega' : ''}">
<details class="fc-dropdown" data-dropdown="${index}">
<summary class="fc-nav__link">${item.label}</summary>
<ul class="fc-dropdown__panel${mega ? ' fc-mega' : ''}">
${children.map((c) => html`<li><a class="${NAV_SUBLINK_CLASS}" href="${c.href}">${c.logo ? html`<img src="${c.logo}" alt="" width="32" height="32" loading="lazy">` : ''}<span>${c.label}</span></a></li>`)}
</ul>
</details>
</li>`;
}

function menuChildren(item: MenuItem, tenant: Tenant): Array<{ label: string; href: string; logo?: string }> {
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
<p>${a.text}${a.href ? html` <a href="${a.href}">${a.link_label ?? 'Find out more'}</a>` : ''}</p>
<button type="button" class="fc-announcement__close" data-dismiss-announcement aria-label="Dismiss announcement">&times;</button>
</div>`;
}

export function siteHeader(tenant: Tenant, accountSlot: string): Html {
  const { config } = tenant;
  const logo = config.theme.logo;
  return html`<header class="fc-header">
<div class="fc-header__inner">
<a class="fc-header__logo" href="/"><img src="${logo.url}" alt="${logo.alt}" width="${logo.width}" height="${logo.height}"></a>
<button type="button" class="fc-menu-toggle" aria-expanded="false" aria-controls="fc-nav" data-menu-toggle><span aria-hidden="true">&#9776;</span> Menu</button>
<nav class="fc-nav" id="fc-nav" aria-label="Main">
<ul class="fc-nav__list">${config.menus.header.map((item, i) => menuItem(item, tenant, i))}</ul>
</nav>
<div class="fc-header__account">${raw(accountSlot)}</div>
<a class="fc-header__phone" href="${telHref(config.contact.phone)}">${config.contact.phone}</a>
</div>
</header>
<main id="main" class="fc-main">`;
}

export function siteFooter(tenant: Tenant): Html {
  const { config } = tenant;
  const year = new Date().getFullYear();
  return html`</main>
<footer class="fc-footer">
<div class="fc-footer__groups">
${config.menus.footer.map(
  (g) => html`<section class="fc-footer__group"><h2>${g.title}</h2><ul>${g.links.map((l) => html`<li><a href="${l.href}">${l.label}</a></li>`)}</ul></section>`,
)}
</div>
<p class="fc-footer__legal">&copy; ${year} ${config.name}. <a href="/privacy-policy">Privacy policy</a> · <a href="/terms-and-conditions">Terms and conditions</a></p>
</footer>`;
}

/**
 * Promo popup: rendered hidden; the client shows it after first render when today (in the tenant's time zone) is
 * within start..expiry and it was not dismissed (spec §4). The close button comes first in the DOM so keyboard and
 * screen-reader users meet it first; CSS keeps it in the top corner.
 */
export function promoPopup(config: SiteConfig): Html {
  const p = config.promo_popup;
  if (!p) return html``;
  return html`<dialog class="fc-promo" data-promo-id="${p.id}" data-start="${p.start ?? ''}" data-expiry="${p.expiry ?? ''}" data-time-zone="${config.time_zone}" aria-labelledby="fc-promo-title">
<button type="button" class="fc-promo__close" data-dismiss-promo aria-label="Close">&times;</button>
${p.image ? html`<img src="${p.image}" alt="" width="600" height="300">` : ''}
<h2 id="fc-promo-title">${p.title}</h2>
<p>${p.description}</p>
<a class="fc-btn fc-btn--primary" href="${p.button.href}" data-promo-cta>${p.button.label}</a>
</dialog>`;
}

export function documentTail(tenant: Tenant, assets: ShellAssets, pins: Record<RemoteName, { version: string }>): Html {
  return html`${siteFooter(tenant)}
${promoPopup(tenant.config)}
<script id="forecourt-remotes" type="application/json">${raw(serializeIslandProps(remoteMap(pins)))}</script>
${assets.entry ? html`<script type="module" src="${assets.entry}"></script>` : ''}
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
