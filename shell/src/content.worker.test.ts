/**
 * Content pages through the deployed shell Worker inside workerd: a tenant whose content document sits in KV CONFIG
 * (`content:<slug>`, as `npm run content:import` writes it) gets its pages, blog and sitemap from it; a path it has
 * no content for is a 404 document, not a placeholder.
 */
import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedKv } from '@forecourt/contracts/fixtures/kv';
import { siteConfigInput, tenantDataInput, tenantEntries } from '@forecourt/contracts/fixtures/tenant';
import { kvContentKey, type TenantContentInput } from '@forecourt/contracts/content';
import { kvHostKey } from '@forecourt/contracts/tenant';
import { fakeMarkup } from './test/fake-remotes.ts';
import { fetchWorker } from './test/worker.ts';

const SLUG = 'content-motors';
const HOST = 'content-motors.example.com.au';
const at = (path: string) => fetchWorker(`https://${HOST}${path}`);

const CONTENT: TenantContentInput = {
  pages: [
    {
      path: '/about-us',
      title: 'About us',
      description: 'A family business on the bay since 1987.',
      schema_type: 'AboutPage',
      blocks: [
        { type: 'markdown', markdown: '# Our story\n\nWe opened in **1987**. <script>alert(1)</script>' },
        { type: 'faq', items: [{ question: 'Are you open on Sunday?', answer: 'Yes, 10am to 4pm.' }] },
      ],
    },
    { path: '/careers', title: 'Careers', description: 'Work with us.', blocks: [{ type: 'markdown', markdown: 'Join us.' }, { type: 'lead-form', form: 'careers' }] },
    { path: '/models/corolla', title: 'Toyota Corolla', description: 'The Corolla.', blocks: [{ type: 'hero', heading: 'Corolla' }] },
    { path: '/private-terms', title: 'Private terms', description: 'Not indexed.', noindex: true, blocks: [{ type: 'markdown', markdown: 'x' }] },
  ],
  posts: [{ slug: 'first-post', heading: 'Our first post', date: '2026-04-02', description: 'Hello.', image: { src: '/img/post.jpg', alt: 'A car' }, body: 'Hello **world**.' }],
};

/** A tenant whose content document the schema refuses (a page path that is no path). */
const BROKEN = 'broken-content-motors';
const BROKEN_HOST = 'broken-content-motors.example.com.au';

beforeAll(async () => {
  await seedKv(env.CONFIG, {
    ...tenantEntries([siteConfigInput(SLUG, { hosts: [HOST], stock: { models: ['Corolla'] } }), siteConfigInput(BROKEN, { hosts: [BROKEN_HOST] })], { [SLUG]: tenantDataInput(), [BROKEN]: tenantDataInput() }),
    [kvHostKey(HOST)]: SLUG,
    [kvContentKey(SLUG)]: CONTENT,
    [kvHostKey(BROKEN_HOST)]: BROKEN,
    [kvContentKey(BROKEN)]: { pages: [{ path: 'not-a-path', title: 'T', description: 'D', blocks: [] }] },
  });
});

afterEach(() => vi.restoreAllMocks());

describe('content read only by the pages that show it (issue 19, cold start)', () => {
  it('a remote’s page neither reads nor validates the content (a document the schema refuses goes unnoticed there)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await fetchWorker(`https://${BROKEN_HOST}/locations`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(fakeMarkup('mf-locations', 'locations', BROKEN));
    expect(error).not.toHaveBeenCalledWith(expect.stringContaining('content of'), expect.anything());
  });

  it('a page the shell renders from content reads it, and reports the refused document as before (no content, the page still up)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const home = await fetchWorker(`https://${BROKEN_HOST}/`);
    expect(home.status).toBe(200);
    await home.text();
    expect(error).toHaveBeenCalledWith(expect.stringContaining(`content of ${BROKEN} unreadable`), expect.stringContaining('pages.0.path'));
    expect((await fetchWorker(`https://${BROKEN_HOST}/about-us`)).status).toBe(404);
  });
});

describe('content pages (workerd, content from KV)', () => {
  it('renders a stored page in the document: title, description, canonical, JSON-LD, sanitised Markdown', async () => {
    const res = await at('/about-us');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>About us | Test Motors</title>');
    expect(html).toContain('<meta name="description" content="A family business on the bay since 1987.">');
    expect(html).toContain(`<link rel="canonical" href="https://${HOST}/about-us">`);
    expect(html).toContain('<h1>About us</h1>');
    expect(html).toContain('<h2>Our story</h2>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<details class="fc-faq__item"');
    expect(html).toContain('"@type":"AboutPage"');
    expect(html).toContain('"@type":"FAQPage"');
    expect(html).not.toContain('will publish');
  });

  it("fills a page's lead-form slot from mf-account", async () => {
    const html = await (await at('/careers')).text();
    expect(html).toContain(fakeMarkup('mf-account', 'lead-form', SLUG));
  });

  it('a page the tenant has no content for is a 404 document (spec §2 routes included)', async () => {
    for (const path of ['/privacy-policy', '/warranty', '/models/hilux', '/no-such-page', '/blog/no-such-post']) {
      const res = await at(path);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html, path).toContain('Page not found');
      expect(html, path).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('a model page answers at /models/<slug> and at /<slug>, canonical /models/<slug>', async () => {
    for (const path of ['/models/corolla', '/corolla']) {
      const res = await at(path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html).toContain('<h1 id="fc-b0-title">Corolla</h1>');
      expect(html).toContain(`<link rel="canonical" href="https://${HOST}/models/corolla">`);
    }
  });

  it('the blog and its post', async () => {
    const blog = await at('/blog');
    expect(blog.status).toBe(200);
    expect(await blog.text()).toContain('href="/blog/first-post">READ MORE');
    const post = await at('/blog/first-post');
    expect(post.status).toBe(200);
    const html = await post.text();
    expect(html).toContain('<h1 id="fc-post-title">Our first post</h1>');
    expect(html).toContain('"@type":"Article"');
  });

  it('the sitemap lists the indexable pages, the blog and its post', async () => {
    const xml = await (await at('/sitemap.xml')).text();
    for (const path of ['/about-us', '/careers', '/models/corolla', '/blog', '/blog/first-post']) expect(xml, path).toContain(`<loc>https://${HOST}${path}</loc>`);
    expect(xml).not.toContain('/private-terms');
    expect(xml).not.toContain(`https://${HOST}/corolla<`);
  });
});
