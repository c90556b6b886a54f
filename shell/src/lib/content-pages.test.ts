import { describe, expect, it } from 'vitest';
import { articleJsonLd, blogIndexPage, blogPostPage, contentPage, contentPathFor, contentSitemapPaths } from './content-pages.ts';
import { demoTenant } from '../test/tenants.ts';
import { page, POSTS, richContent, richTenant, withContent } from '../test/content.ts';

const SITE = 'https://www.harbourside-toyota.com.au';
const ORIGIN = 'http://harbourside-toyota.localhost:8787';
const type = (ld: unknown) => (ld as { '@type': string })['@type'];

describe('contentPage', () => {
  it('renders the stored page: breadcrumbs, blocks, head from the content', async () => {
    const tenant = richTenant();
    const about = await contentPage(tenant, '/about-us', new URLSearchParams(), { origin: ORIGIN });
    expect(about.status).toBe(200);
    expect(about.head.title).toBe('About us | Harbourside Toyota');
    expect(about.head.description).toBe('About /about-us.');
    expect(about.head.canonical).toBe(`${SITE}/about-us`);
    expect(about.head.robots).toBeUndefined();
    expect(about.head.slots).toBeUndefined();
    expect(about.body).toContain('<li aria-current="page">About us</li>');
    expect(about.body).toContain('<h1 id="fc-b0-title">Family owned since 1987</h1>');
    expect(about.body).toContain('class="fc-content fc-content--wide fc-blocks"');
    // A bare slug is the page at /<slug>.
    expect((await contentPage(tenant, 'about-us')).body).toBe(about.body);
  });

  it('a path the tenant has no content for is the 404 page, never a placeholder', async () => {
    for (const tenant of [demoTenant('harbourside-toyota', (c) => c), withContent(demoTenant('outback-used-cars'), {})]) {
      const missing = await contentPage({ ...tenant, content: { ...tenant.content, pages: [] } }, '/privacy-policy');
      expect(missing.status).toBe(404);
      expect(missing.head.robots).toBe('noindex');
      expect(missing.body).not.toContain('will publish');
    }
    expect((await contentPage(richTenant(), '/no-such-page')).status).toBe(404);
  });

  it('canonical: the page’s own, absolute on the site URL, else on the address asked', async () => {
    const tenant = withContent(demoTenant('harbourside-toyota', (c) => ({ ...c, site_url: undefined })), {
      pages: [page('/fleet', [{ type: 'markdown', markdown: 'Fleet' }], { canonical: '/about-us' })],
    });
    expect((await contentPage(tenant, '/fleet', undefined, { origin: ORIGIN })).head.canonical).toBe(`${ORIGIN}/about-us`);
  });

  it('noindex pages say so', async () => {
    expect((await contentPage(richTenant(), '/spin-to-win-terms')).head.robots).toBe('noindex');
  });

  it("a lead-form page carries mf-account's slot, with the no-JavaScript error", async () => {
    const careers = await contentPage(richTenant(), '/careers', new URLSearchParams('lead_error=invalid'));
    expect(careers.head.slots).toEqual([{ id: 'lead-form', remote: 'mf-account', page: 'lead-form', params: { form: 'careers', id: 'fa-lead-form', lead_error: 'invalid' } }]);
    expect(careers.body).toContain('<fc-slot id="lead-form"></fc-slot>');
  });

  it('JSON-LD: the page’s schema type, FAQPage of its FAQ blocks, and the breadcrumb trail', async () => {
    const tenant = richTenant();
    const about = (await contentPage(tenant, '/about-us')).head.jsonLd!;
    expect(about.map(type)).toEqual(['AboutPage', 'BreadcrumbList']);
    expect(about[0]).toEqual({ '@context': 'https://schema.org', '@type': 'AboutPage', name: 'About us', description: 'About /about-us.', url: `${SITE}/about-us` });
    expect(about[1]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${SITE}/` },
        { '@type': 'ListItem', position: 2, name: 'About us', item: `${SITE}/about-us` },
      ],
    });
    // A FAQPage page carries its questions itself.
    const warranty = (await contentPage(tenant, '/warranty')).head.jsonLd!;
    expect(warranty.map(type)).toEqual(['FAQPage', 'BreadcrumbList']);
    expect((warranty[0] as { mainEntity: unknown[] }).mainEntity[0]).toEqual({ '@type': 'Question', name: 'How long is the warranty?', acceptedAnswer: { '@type': 'Answer', text: '<p>Five years, <strong>unlimited</strong> kilometres.</p>\n' } });
    // Another type of page with FAQ blocks gets an FAQPage beside its own.
    const finance = (await contentPage(tenant, '/finance-and-insurance')).head.jsonLd!;
    expect(finance.map(type)).toEqual(['WebPage', 'FAQPage', 'BreadcrumbList']);
    expect((finance[1] as { mainEntity: unknown[] }).mainEntity).toHaveLength(1);
  });
});

describe('routes to content: contentPathFor', () => {
  const tenant = richTenant();
  it('/<slug> is the page there; for one of the tenant’s models without one, its model page', () => {
    expect(contentPathFor(tenant, '/:slug', 'about-us')).toBe('/about-us');
    expect(contentPathFor(tenant, '/:slug', 'hilux')).toBe('/models/hilux');
    // Not one of the tenant's models: no model page through /<slug>.
    expect(contentPathFor(withContent(demoTenant('outback-used-cars'), richContent()), '/:slug', 'hilux')).toBe('/hilux');
    expect(contentPathFor(tenant, '/:slug', 'corolla')).toBe('/corolla');
  });

  it('/pages/value-my-car-terms-and-conditions: the page under /pages/, else the one at the top level', () => {
    expect(contentPathFor(tenant, '/pages/value-my-car-terms-and-conditions', 'value-my-car-terms-and-conditions')).toBe('/pages/value-my-car-terms-and-conditions');
    const top = withContent(demoTenant('outback-used-cars'), { pages: [page('/value-my-car-terms-and-conditions', [{ type: 'markdown', markdown: 'x' }])] });
    expect(contentPathFor(top, '/pages/value-my-car-terms-and-conditions', 'value-my-car-terms-and-conditions')).toBe('/value-my-car-terms-and-conditions');
  });

  it('a model page through /<model-slug> names /models/<model-slug> canonical', async () => {
    const model = await contentPage(tenant, contentPathFor(tenant, '/:slug', 'hilux'), undefined, { origin: ORIGIN });
    expect(model.status).toBe(200);
    expect(model.head.canonical).toBe(`${SITE}/models/hilux`);
    expect(model.head.title).toBe('Toyota HiLux | Harbourside Toyota');
    expect(model.head.slots?.[0]?.params).toMatchObject({ make: 'toyota', model: 'hilux' });
    expect(model.body).toContain('<h1 id="fc-b0-title">Toyota HiLux</h1>');
    expect((await contentPage(tenant, contentPathFor(tenant, '/:slug', 'corolla'))).status).toBe(404);
  });
});

describe('blog', () => {
  it('/blog lists every post newest first; a tenant with none has no blog (404)', async () => {
    const blog = await blogIndexPage(richTenant(), { origin: ORIGIN });
    expect(blog.status).toBe(200);
    expect(blog.head.title).toBe('Blog | Harbourside Toyota');
    expect(blog.head.canonical).toBe(`${SITE}/blog`);
    expect(blog.body).toContain('<h1 id="fc-blog-title">Blog</h1>');
    const order = ['servicing-explained', 'hilux-towing-guide', 'winter-road-trips'].map((s) => blog.body.indexOf(`href="/blog/${s}"`));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // Cards are the page's h2s under its h1.
    expect(blog.body).toContain('<h2>Capped price servicing, explained</h2>');
    expect(blog.head.jsonLd!.map(type)).toEqual(['Blog', 'BreadcrumbList']);
    expect((await blogIndexPage(withContent(demoTenant('harbourside-toyota'), { pages: [] }))).status).toBe(404);
  });

  it('/blog/<slug>: hero image, date, author, sanitised body, Article JSON-LD', async () => {
    const post = await blogPostPage(richTenant(), 'hilux-towing-guide', { origin: ORIGIN });
    expect(post.status).toBe(200);
    expect(post.head.title).toBe('How much can a HiLux really tow? | Harbourside Toyota');
    expect(post.head.canonical).toBe(`${SITE}/blog/hilux-towing-guide`);
    expect(post.head.ogImage).toBe(`${SITE}/demo-img/blog/hilux.jpg`);
    expect(post.body).toContain('<h1 id="fc-post-title">How much can a HiLux really tow?</h1>');
    expect(post.body).toContain('<time datetime="2026-03-04">04 Mar 2026</time> <span aria-hidden="true">·</span> By Sam Nguyen');
    expect(post.body).toContain('<img class="fc-post__image" src="/demo-img/blog/hilux.jpg" alt="A HiLux on a beach track" width="1280" height="720" fetchpriority="high">');
    expect(post.body).toContain('<h2>Towing capacity</h2>');
    expect(post.body).not.toContain('<script>');
    expect(post.body).toContain('<li><a href="/blog">Blog</a></li><li aria-current="page">How much can a HiLux really tow?</li>');
    const [article, crumbs] = post.head.jsonLd!;
    expect(article).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'How much can a HiLux really tow?',
      description: POSTS[0]!.description,
      datePublished: '2026-03-04',
      image: [`${SITE}/demo-img/blog/hilux.jpg`],
      author: { '@type': 'Person', name: 'Sam Nguyen' },
      publisher: { '@type': 'Organization', name: 'Harbourside Toyota', logo: { '@type': 'ImageObject', url: expect.stringMatching(/^https:\/\//) } },
      mainEntityOfPage: { '@type': 'WebPage', '@id': `${SITE}/blog/hilux-towing-guide` },
    });
    expect((crumbs as { itemListElement: unknown[] }).itemListElement).toHaveLength(3);
  });

  it('a post without an author is by the dealer; an unknown slug is a 404', async () => {
    const tenant = richTenant();
    const post = tenant.content.posts.find((p) => p.slug === 'servicing-explained')!;
    expect((articleJsonLd(tenant, post, 'x') as { author: unknown }).author).toEqual({ '@type': 'Organization', name: 'Harbourside Toyota' });
    expect((await blogPostPage(tenant, 'no-such-post')).status).toBe(404);
  });
});

describe('contentSitemapPaths', () => {
  it('lists indexable pages at reachable addresses, the blog and every post', () => {
    const paths = contentSitemapPaths(richTenant());
    expect(paths).toEqual([
      '/about-us', '/careers', '/warranty', '/finance-and-insurance', '/models/hilux', '/terms-and-conditions',
      '/blog', '/blog/servicing-explained', '/blog/hilux-towing-guide', '/blog/winter-road-trips',
    ]);
    // The spin-to-win page is listed only while the tenant runs a campaign (without one it is a 404).
    const spin = { id: 'summer', title: 'Spin', starts: '2026-11-01', ends: '2027-01-31', terms_href: '/spin-to-win-terms', prizes: [{ id: 'a', label: 'A', weight: 1 }, { id: 'b', label: 'B', weight: 1, win: false }] };
    expect(contentSitemapPaths(withContent(demoTenant('harbourside-toyota'), { ...richContent(), spin }))).toContain('/spin-to-win');
  });

  it('leaves out noindex pages, /pages/ where the tenant has it off, gated spin-to-win and unreachable paths', () => {
    const on = withContent(demoTenant('outback-used-cars'), { pages: richContent().pages! });
    expect(on.config.features.value_my_car_terms_under_pages).toBe(true);
    expect(contentSitemapPaths(on)).toContain('/pages/value-my-car-terms-and-conditions');
    const gated = withContent(demoTenant('harbourside-toyota', (c) => ({ ...c, features: { ...c.features, gated_spin_to_win: true } })), {
      pages: [...richContent().pages!, page('/a/b/c', [{ type: 'markdown', markdown: 'x' }]), page('/brands', [{ type: 'markdown', markdown: 'x' }])],
    });
    const paths = contentSitemapPaths(gated);
    for (const p of ['/spin-to-win-terms', '/pages/value-my-car-terms-and-conditions', '/spin-to-win', '/a/b/c', '/brands', '/blog']) expect(paths, p).not.toContain(p);
  });
});

describe('the demo tenants’ content', () => {
  it.each(['harbourside-toyota', 'southern-cross-motor-group', 'outback-used-cars'])('%s: every page and post renders with one h1, headings in order, unique ids, no script', async (slug) => {
    const tenant = demoTenant(slug);
    const rendered = [
      ...(await Promise.all(tenant.content.pages.map(async (p) => ({ at: p.path, page: await contentPage(tenant, p.path, undefined, { origin: ORIGIN, spin: '<div id="fc-spin"></div>' }) })))),
      ...(await Promise.all(tenant.content.posts.map(async (p) => ({ at: p.slug, page: await blogPostPage(tenant, p.slug) })))),
    ];
    for (const { at, page } of rendered) {
      expect(page.status, at).toBe(200);
      expect(page.body.match(/<h1[\s>]/g), at).toHaveLength(1);
      const ids = [...page.body.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
      expect(new Set(ids).size, at).toBe(ids.length);
      expect(page.body, at).not.toMatch(/<script|\son[a-z]+=|href="(?:javascript|data):/i);
      expect(page.head.slots?.length ?? 0, at).toBeLessThanOrEqual(8);
      // Headings go down one level at a time (WCAG 1.3.1, axe heading-order): never h1 -> h3 or h2 -> h4.
      const levels = [...page.body.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
      for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!, `${at}: h${levels[i - 1]} then h${levels[i]}`).toBeLessThanOrEqual(1);
    }
  });
});
