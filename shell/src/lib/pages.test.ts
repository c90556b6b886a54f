import { describe, expect, it } from 'vitest';
import { accessibilityPage, homePage, isModelSlug } from './pages.ts';
import { demoTenant } from '../test/tenants.ts';

describe('home page brand grid (features.brand_grid)', () => {
  it('shows the grid when the flag is on, even for one brand', async () => {
    const tenant = demoTenant('harbourside-toyota', (c) => ({ ...c, features: { ...c.features, brand_grid: true } }));
    expect(tenant.config.brands).toHaveLength(1);
    const { body } = await homePage(tenant);
    expect(body).toContain('class="fc-brand-grid"');
    expect(body).toContain('href="/search/toyota"');
  });
  it('hides it when the flag is off, even for many brands', async () => {
    const tenant = demoTenant('southern-cross-motor-group', (c) => ({ ...c, features: { ...c.features, brand_grid: false } }));
    expect(tenant.config.brands.length).toBeGreaterThan(1);
    expect((await homePage(tenant)).body).not.toContain('fc-brand-grid');
    expect((await homePage(demoTenant('southern-cross-motor-group'))).body).toContain('fc-brand-grid');
  });
});

describe('shell page slugs (no soft 404s)', () => {
  const tenant = demoTenant('harbourside-toyota');
  it("model slugs are the tenant's stock models, slugified", () => {
    expect(isModelSlug(tenant, 'corolla-cross')).toBe(true);
    expect(isModelSlug(tenant, 'hilux')).toBe(true);
    expect(isModelSlug(tenant, 'mustang')).toBe(false);
    expect(isModelSlug(demoTenant('outback-used-cars'), 'corolla')).toBe(false);
    expect(isModelSlug(tenant, 'constructor')).toBe(false);
  });
});

describe('home page sections (issue 13)', () => {
  it('renders the tenant’s sections in order, filling other remotes’ sections as slots', async () => {
    const tenant = demoTenant('harbourside-toyota', (c) => ({ ...c, home: { sections: [{ kind: 'quick-search' }, { kind: 'stock-strip', strip: 'specials', heading: 'On special' }, { kind: 'locations' }, { kind: 'hero' }] } }));
    const page = await homePage(tenant);
    expect(page.head.slots).toEqual([
      { id: 'quick-search', remote: 'mf-search', page: 'quick-search', params: {} },
      { id: 'stock-strip-1', remote: 'mf-search', page: 'stock-strip', params: { strip: 'specials', heading: 'On special' } },
      { id: 'locations-summary', remote: 'mf-locations', page: 'locations-summary', params: {} },
    ]);
    const order = ['<fc-slot id="quick-search">', '<fc-slot id="stock-strip-1">', '<fc-slot id="locations-summary">', 'fc-hero'].map((m) => page.body.indexOf(m));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('uses the template’s sections by default: a franchise leads with new stock, a used yard with new arrivals', async () => {
    const franchise = await homePage(demoTenant('harbourside-toyota'));
    expect(franchise.head.slots?.map((s) => s.params)).toContainEqual({ strip: 'type', car_type: 'new' });
    const used = await homePage(demoTenant('outback-used-cars'));
    expect(used.head.slots?.[1]?.params).toEqual({ strip: 'new-arrivals' });
    expect(used.body).not.toContain('href="/search/new-cars"');
  });

  it('quick search: mf-search’s slot (the stock’s own choices) in the card under the hero', async () => {
    const page = await homePage(demoTenant('southern-cross-motor-group'));
    expect(page.head.slots).toContainEqual({ id: 'quick-search', remote: 'mf-search', page: 'quick-search', params: {} });
    expect(page.body).toContain('<section class="fc-quick-search fc-card"><fc-slot id="quick-search"></fc-slot></section>');
  });

  it('offers and prompts: the tenant’s offers linked to their pages, trade-in only where the tenant has it', async () => {
    const on = (await homePage(demoTenant('harbourside-toyota'))).body;
    expect(on).toMatch(/<a class="fc-btn" href="\/offers\/[^"]+">View offer/);
    expect(on).toContain('href="/trade-in">Value my trade-in</a>');
    const off = (await homePage(demoTenant('harbourside-toyota', (c) => ({ ...c, features: { ...c.features, trade_in: false } })))).body;
    expect(off).not.toContain('/trade-in');
    expect(off).toContain('href="/finance">Explore finance</a>');
  });
});

describe('accessibility statement', () => {
  it('names the standard and how to get help from this dealer', async () => {
    const page = await accessibilityPage(demoTenant('outback-used-cars'));
    expect(page.status).toBe(200);
    expect(page.body).toContain('WCAG) 2.2 at level AA');
    expect(page.body).toContain('href="tel:');
    expect(page.head.title).toBe('Accessibility | Outback Used Cars');
  });
});

describe('home page locations section: the location block (issue 17)', () => {
  it('passes the section’s params to mf-locations’ slot as they are; none: the default block', async () => {
    const tenant = demoTenant('outback-used-cars', (c) => ({ ...c, home: { sections: [{ kind: 'locations', params: { show: 'service-and-parts', manufacturer: 'toyota', exclude: '3102', limit: '6' } }] } }));
    expect((await homePage(tenant)).head.slots).toEqual([
      { id: 'locations-summary', remote: 'mf-locations', page: 'locations-summary', params: { show: 'service-and-parts', manufacturer: 'toyota', exclude: '3102', limit: '6' } },
    ]);
    const plain = await homePage(demoTenant('outback-used-cars', (c) => ({ ...c, home: { sections: [{ kind: 'locations' }] } })));
    expect(plain.head.slots).toEqual([{ id: 'locations-summary', remote: 'mf-locations', page: 'locations-summary', params: {} }]);
  });
  it('the group demo shows the Our Locations carousel of its sales yards; the others the default block (all, up to 4)', async () => {
    const slot = async (slug: string) => (await homePage(demoTenant(slug))).head.slots?.find((s) => s.id === 'locations-summary');
    expect(await slot('southern-cross-motor-group')).toMatchObject({ params: { show: 'sales', layout: 'carousel' } });
    expect(await slot('harbourside-toyota')).toMatchObject({ params: {} });
    expect(await slot('outback-used-cars')).toMatchObject({ params: {} });
  });
});

describe("home page reviews section: mf-locations' slot, placed only (issue 13)", () => {
  it("places mf-locations' reviews summary where the config names it, with no markup or rule of its own", async () => {
    const tenant = demoTenant('harbourside-toyota', (c) => ({ ...c, home: { sections: [{ kind: 'reviews' }, { kind: 'hero' }] } }));
    const page = await homePage(tenant);
    expect(page.head.slots).toEqual([{ id: 'reviews-summary', remote: 'mf-locations', page: 'reviews-summary', params: {} }]);
    expect(page.body).toContain('<div class="fc-section"><fc-slot id="reviews-summary"></fc-slot></div>');
    expect(page.body.indexOf('<fc-slot id="reviews-summary">')).toBeLessThan(page.body.indexOf('fc-hero'));
    // The shell leaves the section to its owner even when the tenant hides reviews: mf-locations answers it empty.
    const off = await homePage(demoTenant('harbourside-toyota', (c) => ({ ...c, features: { ...c.features, reviews: false } })));
    expect(off.head.slots?.map((s) => s.id)).toContain('reviews-summary');
    expect(off.body).not.toContain('What our customers say');
  });
  it('every demo home page (template defaults and configured sections) shows it right after its locations section', async () => {
    for (const slug of ['harbourside-toyota', 'southern-cross-motor-group', 'outback-used-cars']) {
      const ids = (await homePage(demoTenant(slug))).head.slots?.map((s) => s.id) ?? [];
      expect(ids.slice(-2), slug).toEqual(['locations-summary', 'reviews-summary']);
    }
  });
});
