import { describe, expect, it } from 'vitest';
import { documentHead, documentTail, MAIN_END_ID, notFoundBlock, promoPopup, remoteMap, siteFooter, siteHeader, slugify } from './document.ts';
import { accessibilityPage, notFoundPage } from './pages.ts';
import { demoTenant, manifestPins } from '../test/tenants.ts';

const assets = { entry: null, css: [] };

describe('document helpers', () => {
  it('JSON in <script> (remote map, JSON-LD) cannot close the element or break JS', async () => {
    const evil = '</script><script>alert(1)</script><!--\u2028&';
    const tenant = demoTenant('harbourside-toyota', (c) => ({ ...c, remotes: { ...c.remotes, 'mf-search': evil } }));
    const tail = String(await documentTail(tenant, assets, manifestPins(tenant)));
    const json = /<script id="forecourt-remotes" type="application\/json">([^]*?)<\/script>/.exec(tail)![1]!;
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json).mf_search).toBe(`/_mf/mf-search/${evil}/remoteEntry.js`);

    const head = String(await documentHead({ tenant, head: { title: 't', jsonLd: [{ name: evil }] }, url: new URL('https://x.test/'), assets, styles: [] }));
    const ld = /<script type="application\/ld\+json">([^]*?)<\/script>/.exec(head)![1]!;
    expect(ld).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(ld)).toEqual({ name: evil });
  });

  it('remoteMap points every remote at its versioned same-origin entry (the versions this request runs)', () => {
    const v = (version: string) => ({ version });
    const map = remoteMap({ 'mf-search': v('1.2.3'), 'mf-vehicle': v('0.1.0'), 'mf-locations': v('0.1.0'), 'mf-finance': v('0.1.0'), 'mf-account': v('0.1.0') });
    expect(map.mf_search).toBe('/_mf/mf-search/1.2.3/remoteEntry.js');
    expect(Object.keys(map)).toHaveLength(5);
  });

  it('a page without its own canonical gets the site URL, unless it is not a 200 (no canonical for a not-found address)', async () => {
    const tenant = demoTenant('harbourside-toyota', (c) => ({ ...c, site_url: 'https://www.harbourside.example' }));
    const url = new URL('https://x.test/search/%3Cmade-up%3E');
    const at = (status: number) => String(documentHead({ tenant, head: { title: 't' }, url, assets, styles: [], status }));
    expect(await at(200)).toContain('<link rel="canonical" href="https://www.harbourside.example/search/%3Cmade-up%3E">');
    expect(await at(404)).not.toContain('rel="canonical"');
    expect(await at(503)).not.toContain('rel="canonical"');
  });

  it('preloads the page LCP picture from the head with high priority (the fragment head preloadImage), before the stylesheets', async () => {
    const tenant = demoTenant('harbourside-toyota');
    const src = (w: number) => `/cdn-cgi/image/width=${w},quality=75,format=auto/demo-img/photo/suv/f2f3f0/0.jpg`;
    const preloadImage = { href: src(800), srcset: `${src(480)} 480w, ${src(800)} 800w`, sizes: '(min-width:992px) 66vw, 100vw' };
    const head = String(await documentHead({ tenant, head: { title: 't', preloadImage }, url: new URL('https://x.test/'), assets: { entry: null, css: ['/_shell/1/s.css'] }, styles: [] }));
    const link = `<link rel="preload" as="image" href="${src(800)}" imagesrcset="${preloadImage.srcset}" imagesizes="${preloadImage.sizes}" fetchpriority="high">`;
    expect(head).toContain(link);
    expect(head.indexOf(link)).toBeLessThan(head.indexOf('rel="stylesheet"'));
    const plain = String(await documentHead({ tenant, head: { title: 't', preloadImage: { href: '/demo-img/logo/x.svg' } }, url: new URL('https://x.test/'), assets, styles: [] }));
    expect(plain).toContain('<link rel="preload" as="image" href="/demo-img/logo/x.svg" fetchpriority="high">');
    expect(String(await documentHead({ tenant, head: { title: 't' }, url: new URL('https://x.test/'), assets, styles: [] }))).not.toContain('as="image"');
  });

  it("fetches the shell's light client at low priority, preloaded and run (nothing of the first paint needs it)", async () => {
    const tenant = demoTenant('harbourside-toyota');
    const entry = '/_shell/1/main.js';
    const head = String(await documentHead({ tenant, head: { title: 't' }, url: new URL('https://x.test/'), assets: { entry, css: [] }, styles: [] }));
    expect(head).toContain(`<link rel="modulepreload" href="${entry}" fetchpriority="low">`);
    const tail = String(await documentTail(tenant, { entry, css: [] }, manifestPins(tenant)));
    expect(tail).toContain(`<script type="module" src="${entry}" fetchpriority="low"></script>`);
  });

  it('holds the first paint until the end of <main> is parsed (a page painted half-parsed shifts as the rest arrives)', async () => {
    const tenant = demoTenant('harbourside-toyota');
    const head = String(await documentHead({ tenant, head: { title: 't' }, url: new URL('https://x.test/'), assets: { entry: '/_shell/1/main.js', css: ['/_shell/1/s.css'] }, styles: [] }));
    expect(head).toContain(`<link rel="expect" href="#${MAIN_END_ID}" blocking="render">`);
    const tail = String(await documentTail(tenant, assets, manifestPins(tenant)));
    const marker = `<div id="${MAIN_END_ID}" hidden></div>`;
    expect(tail.indexOf(marker)).toBeGreaterThanOrEqual(0);
    // Just before </main>: the footer and the scripts after it do not hold the paint.
    expect(tail.indexOf('</main>')).toBe(tail.indexOf(marker) + marker.length + 1);
    expect(tail.indexOf(marker)).toBeLessThan(tail.indexOf('<footer'));
  });

  it('slugify', () => {
    expect(slugify('Corolla Cross')).toBe('corolla-cross');
    expect(slugify('CX-5 ')).toBe('cx-5');
  });

  it('tel: links keep only + and digits (header and shell pages)', async () => {
    const tenant = demoTenant('harbourside-toyota', (c) => ({ ...c, contact: { ...c.contact, phone: '+61 (7) 3000-0000 ext.' } }));
    const header = String(await siteHeader(tenant, ''));
    expect(header).toContain('href="tel:+61730000000"');
    expect((await accessibilityPage(tenant)).body).toContain('href="tel:+61730000000"');
  });
});

describe('promo popup markup', () => {
  const tenant = demoTenant('harbourside-toyota', (c) => ({ ...c, time_zone: 'Australia/Perth' }));
  it("carries start, expiry and the tenant's time zone for the client", async () => {
    const html = String(await promoPopup(tenant.config));
    const p = tenant.config.promo_popup!;
    expect(html).toContain(`data-start="${p.start}"`);
    expect(html).toContain(`data-expiry="${p.expiry}"`);
    expect(html).toContain('data-time-zone="Australia/Perth"');
  });
  it('puts the close button first, and marks the call to action', async () => {
    const html = String(await promoPopup(tenant.config));
    const inner = html.slice(html.indexOf('>') + 1).trimStart();
    expect(inner.startsWith('<button type="button" class="fc-promo__close" data-dismiss-promo')).toBe(true);
    expect(html).toMatch(/<a class="fc-btn fc-btn--primary" href="[^"]+" data-promo-cta>/);
  });
  it('loads its picture only when the dialog opens (lazy), not with every page', async () => {
    const html = String(await promoPopup(tenant.config));
    const image = tenant.config.promo_popup!.image!;
    // Through the image CDN at the dialog's width (banner-image.ts POPUP_LAYOUT), not the 1600 px banner as uploaded.
    expect(image).toMatch(/\.jpg$/);
    expect(html).toContain(`<img src="/cdn-cgi/image/width=640,quality=75,format=auto/${image.replace(/^\//, '')}" srcset="/cdn-cgi/image/width=320,quality=75,format=auto/`);
    expect(html).toContain(`1200w" sizes="min(600px, 100vw - 2rem)" alt="" width="600" height="300" loading="lazy">`);
  });
});

describe('not found (protocol P1)', () => {
  it('is one block, used by the not-found page', async () => {
    const block = String(await notFoundBlock());
    expect(block).toContain('<h1>Page not found</h1>');
    const page = await notFoundPage(demoTenant('harbourside-toyota'));
    expect(page.status).toBe(404);
    expect(page.body).toBe(block);
    expect(page.head.robots).toBe('noindex');
  });
});

describe('chrome (issue 13)', () => {
  it('header: one row with the account slot, a phone link named for screen readers and the menu button', async () => {
    const header = String(await siteHeader(demoTenant('harbourside-toyota'), '<a href="/watchlist">Saved</a>'));
    expect(header).toContain('<div class="fc-header__tools">');
    expect(header).toContain('aria-label="Call Harbourside Toyota on (07) 5550 1200"');
    expect(header.indexOf('fc-header__account')).toBeLessThan(header.indexOf('data-menu-toggle'));
  });

  it('footer: the business and its ABN, each location with address, phone, hours and licence, social and legal links', async () => {
    const footer = String(await siteFooter(demoTenant('harbourside-toyota')));
    expect(footer).toContain('Harbourside Motors Pty Ltd · ABN 12 345 678 901');
    expect(footer).toContain('<h3>Harbourside Toyota Sales</h3>');
    expect(footer).toContain('Mon-Fri 8:30am - 5:30pm');
    // spec §2 Hours display (contracts hoursSummary): Mon-Fri collapsed, then Sat and Sun on their own lines.
    expect(footer).toMatch(/<br>Sat [^<]+<br>Sun /);
    expect(footer).not.toMatch(/Mon-Sat|Sat-Sun/);
    expect(footer).toContain('Dealer licence MVD 3140827');
    expect(footer).toContain('aria-label="Harbourside Toyota on Facebook"');
    for (const href of ['/privacy-policy', '/terms-and-conditions', '/accessibility']) expect(footer).toContain(`href="${href}"`);
  });

  it('footer: a group lists its first locations and links the rest', async () => {
    const footer = String(await siteFooter(demoTenant('southern-cross-motor-group')));
    expect(footer.match(/class="fc-footer__location"><h3>/g) ?? []).toHaveLength(0);
    expect(footer.match(/<li class="fc-footer__location">\n<h3>/g)).toHaveLength(4);
    expect(footer).toMatch(/href="\/locations">All \d+ locations<\/a>/);
  });

  it('head: the theme’s tokens and web fonts, the fonts preloaded', async () => {
    const tenant = demoTenant('outback-used-cars');
    const fonts = { 'dm-sans': '/_shell/1/fonts/dm-sans.woff2', oswald: '/_shell/1/fonts/oswald.woff2', inter: '/_shell/1/fonts/inter.woff2' };
    const head = String(await documentHead({ tenant, head: { title: 't' }, url: new URL('https://x.test/'), assets: { entry: null, css: [], fonts }, styles: [] }));
    expect(head).toContain('<link rel="preload" href="/_shell/1/fonts/dm-sans.woff2" as="font" type="font/woff2" crossorigin>');
    expect(head).toContain('<link rel="preload" href="/_shell/1/fonts/oswald.woff2" as="font" type="font/woff2" crossorigin>');
    expect(head).not.toContain('inter.woff2');
    expect(head).toContain('--fc-heading-case:uppercase');
  });
});

describe('mega menu (spec §2: the configured nested brand menu)', async () => {
  const { megaGroups } = await import('./document.ts');
  const group = demoTenant('southern-cross-motor-group');
  const vehicles = group.config.menus.header.find((i) => i.kind === 'brands')!;

  it('groups Cars / Trucks / Motorcycles with their brands, logos by the brand the address names', () => {
    const groups = megaGroups(vehicles, group);
    expect(groups.map((g) => g.label)).toEqual(['Cars', 'Trucks', 'Motorcycles']);
    expect(groups.map((g) => g.links.length)).toEqual([10, 3, 3]);
    expect(groups[0]!.links[0]).toEqual({ label: 'Hyundai', href: '/hyundai/overview', logo: expect.stringContaining('hyundai') });
    // A heading that only repeats the menu item's own address is text, not a link.
    expect(groups.every((g) => g.href === null)).toBe(true);
    const own = megaGroups({ ...vehicles, children: [{ label: 'Cars', href: '/search/new-cars', children: [{ label: 'Somewhere', href: 'https://example.com/x' }] }] }, group);
    expect(own).toEqual([{ label: 'Cars', href: '/search/new-cars', links: [{ label: 'Somewhere', href: 'https://example.com/x' }] }]);
  });

  it('renders the groups as headed lists in one details dropdown, ending with the item’s own link', async () => {
    const header = String(await siteHeader(group, ''));
    const item = header.slice(header.indexOf('fc-nav__item--mega'), header.indexOf('</details>', header.indexOf('fc-nav__item--mega')));
    expect(item).toContain('<summary class="fc-nav__link">Vehicles</summary>');
    expect(item).toContain('<ul class="fc-dropdown__panel fc-mega fc-mega--grouped">');
    for (const [i, label] of ['Cars', 'Trucks', 'Motorcycles'].entries()) {
      const id = /data-dropdown="(\d+)"/.exec(item)![1];
      expect(item).toContain(`<span class="fc-mega__heading" id="fc-mega-${id}-${i}">${label}</span>`);
      expect(item).toContain(`<ul aria-labelledby="fc-mega-${id}-${i}">`);
    }
    expect(item.indexOf('>Cars<')).toBeLessThan(item.indexOf('href="/hyundai/overview"'));
    expect(item.indexOf('href="/hyundai/overview"')).toBeLessThan(item.indexOf('>Trucks<'));
    expect(item.indexOf('>Trucks<')).toBeLessThan(item.indexOf('href="/hino/overview"'));
    expect(item).toContain('<a class="fc-dropdown__link" href="/yamaha/overview">');
    // Marks in the menu's small box are the logos' compact variants (contracts marks.ts), in the box the CSS states.
    expect(item).toMatch(/<img src="[^"]*hyundai[^"]*\?variant=compact" alt="" width="48" height="28" loading="lazy">/);
    expect(item).not.toMatch(/<img src="[^"?]*" /);
    expect(item).toContain('<li class="fc-mega__all"><a class="fc-dropdown__link" href="/brands">All vehicles</a></li>');
    // One dropdown per menu item: the mega menu keeps the chrome's details/summary behaviour.
    expect(item.match(/<details/g)).toHaveLength(1);
  });

  it('a brands item without nested children keeps the flat list of the tenant’s brands', async () => {
    const flat = demoTenant('southern-cross-motor-group', (c) => ({ ...c, menus: { ...c.menus, header: [{ label: 'Brands', href: '/brands', kind: 'brands' }] } }));
    const header = String(await siteHeader(flat, ''));
    expect(header).toContain('<ul class="fc-dropdown__panel fc-mega">');
    expect(header).not.toContain('fc-mega--grouped');
    expect(header).toContain('<a class="fc-dropdown__link" href="/search/hyundai">');
  });
});
