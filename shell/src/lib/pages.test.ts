import { describe, expect, it } from 'vitest';
import { contentPage, homePage, isModelSlug, isShellPageSlug } from './pages.ts';
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
    expect(isShellPageSlug(tenant, 'privacy-policy')).toBe(true);
    expect(isShellPageSlug(tenant, 'constructor')).toBe(false);
  });
  it('content placeholders are noindex', async () => {
    expect((await contentPage(tenant, 'privacy-policy')).head.robots).toBe('noindex');
    expect((await contentPage(tenant, 'corolla')).head.robots).toBe('noindex');
  });
});

describe('content pages with a lead form (careers, fleet)', () => {
  it("put mf-account's lead form in a slot: the marker in the body, the slot in the head; other pages have none", async () => {
    const { contentPage, LEAD_FORM_SLOT } = await import('./pages.ts');
    const { demoTenant } = await import('../test/tenants.ts');
    const tenant = demoTenant('harbourside-toyota');
    const careers = await contentPage(tenant, 'careers');
    expect(careers.body).toContain(`<fc-slot id="${LEAD_FORM_SLOT}"></fc-slot>`);
    expect(careers.head.slots).toEqual([{ id: 'lead-form', remote: 'mf-account', page: 'lead-form', params: { form: 'careers', id: 'fa-lead-form' } }]);
    expect((await contentPage(tenant, 'fleet')).head.slots?.[0]?.params).toEqual({ form: 'fleet', id: 'fa-lead-form' });
    // A no-JS error travels to the form as its code and fields.
    const failed = await contentPage(tenant, 'careers', new URLSearchParams('lead_error=invalid&lead_error_fields=email'));
    expect(failed.head.slots?.[0]?.params).toMatchObject({ lead_error: 'invalid', lead_error_fields: 'email' });
    const about = await contentPage(tenant, 'about-us');
    expect(about.body).not.toContain('<fc-slot');
    expect(about.head.slots).toBeUndefined();
  });
});
