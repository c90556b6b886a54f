/**
 * Pages made from the tenant's content (contracts/content.ts): content pages (`/about-us`, `/models/mu-x`, ...), the
 * blog and its posts. Title, description, canonical, robots and JSON-LD come from the content; a path the tenant has
 * no content for is the shell's 404, never a placeholder.
 */
import { html, raw } from 'hono/html';
import { blogDate, pageAt, postsAbout, type BlogPost, type ContentPage } from '@forecourt/contracts/content';
import type { FragmentHead } from '@forecourt/contracts/fragments';
import { requiresSignIn, resolveRoute, routeEnabled } from '@forecourt/contracts/routes';
import { blogCardList, renderBlocks, type BlockOptions } from './content-blocks.ts';
import { renderMarkdown } from './markdown.ts';
import { breadcrumbs, isModelSlug, notFoundPage, type ShellPage } from './pages.ts';
import type { Tenant } from './tenant.ts';

export type ContentPageOptions = Omit<BlockOptions, 'query'> & {
  /** The request's origin: absolute URLs (canonical, JSON-LD) use it where the tenant has no `site_url`. */
  origin?: string;
};

/** An absolute URL on the tenant's site: its configured `site_url`, else the address the request came to. */
export function siteUrl(tenant: Tenant, origin: string | undefined, path: string): string {
  const base = tenant.config.site_url ?? origin;
  return base ? new URL(path, base).toString() : path;
}

/** Blocks whose content reads best across the page's full width (cards, banners, strips). */
const WIDE_BLOCKS: ReadonlySet<string> = new Set(['hero', 'benefits', 'offers', 'stock-strip', 'blog-list', 'stats', 'spin-to-win']);

/**
 * The content page at `path` (`/about-us`; a bare slug is taken as `/<slug>`), or the 404 page when the tenant has
 * none. Its canonical is the page's own (or its path), so `/{model-slug}` names `/models/{model-slug}`.
 */
export async function contentPage(tenant: Tenant, path: string, query = new URLSearchParams(), options: ContentPageOptions = {}): Promise<ShellPage> {
  const page = pageAt(tenant.content, path.startsWith('/') ? path : `/${path}`);
  if (!page) return notFoundPage(tenant);
  const { html: blocks, slots } = await renderBlocks(tenant, page, { ...options, query });
  const wide = page.blocks.some((b) => WIDE_BLOCKS.has(b.type));
  const body = await html`<article class="fc-content${wide ? ' fc-content--wide' : ''} fc-blocks">
${breadcrumbs([{ label: page.title }])}
${raw(blocks)}
</article>`;
  const canonical = siteUrl(tenant, options.origin, page.canonical ?? page.path);
  const head: FragmentHead = {
    title: `${page.title} | ${tenant.config.name}`,
    description: page.description,
    canonical,
    jsonLd: contentJsonLd(tenant, page, canonical, options.origin),
    ...(page.noindex ? { robots: 'noindex' } : {}),
    ...(slots.length ? { slots } : {}),
  };
  return { status: 200, head, body: String(body) };
}

/**
 * The content path a `content` route shows: `/pages/<slug>` (the value-my-car terms where the tenant keeps them
 * under /pages/) falls back to `/<slug>`; `/<slug>` is the tenant's page there or, for one of its models, that
 * model's page (`/models/<slug>`, which stays the canonical address). Anything else finds no page: a 404.
 */
export function contentPathFor(tenant: Tenant, pattern: string, slug: string): string {
  const content = tenant.content;
  if (pattern.startsWith('/pages/')) return pageAt(content, `/pages/${slug}`) ? `/pages/${slug}` : `/${slug}`;
  if (!pageAt(content, `/${slug}`) && isModelSlug(tenant, slug) && pageAt(content, `/models/${slug}`)) return `/models/${slug}`;
  return `/${slug}`;
}

/** schema.org for a content page: the page (its schema_type), an FAQPage of its FAQ blocks, and its breadcrumbs. */
export function contentJsonLd(tenant: Tenant, page: ContentPage, canonical: string, origin?: string): unknown[] {
  const faqs = page.blocks.flatMap((b) => (b.type === 'faq' ? b.items : []));
  const mainEntity = faqs.map((f) => ({ '@type': 'Question', name: f.question, acceptedAnswer: { '@type': 'Answer', text: renderMarkdown(f.answer) } }));
  const pageLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': page.schema_type,
    name: page.title,
    description: page.description,
    url: canonical,
    ...(page.updated ? { dateModified: page.updated } : {}),
    ...(page.schema_type === 'FAQPage' && faqs.length ? { mainEntity } : {}),
  };
  const out: unknown[] = [pageLd];
  if (page.schema_type !== 'FAQPage' && faqs.length) out.push({ '@context': 'https://schema.org', '@type': 'FAQPage', url: canonical, mainEntity });
  out.push(breadcrumbJsonLd(tenant, origin, [{ name: page.title, path: page.canonical ?? page.path }]));
  return out;
}

/** BreadcrumbList from Home to the page. */
export function breadcrumbJsonLd(tenant: Tenant, origin: string | undefined, trail: Array<{ name: string; path: string }>): unknown {
  const items = [{ name: 'Home', path: '/' }, ...trail];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.name, item: siteUrl(tenant, origin, item.path) })),
  };
}

/** The blog: every post, newest first; a 404 for a tenant with no posts. */
export async function blogIndexPage(tenant: Tenant, options: { origin?: string } = {}): Promise<ShellPage> {
  const posts = postsAbout(tenant.content);
  if (!posts.length) return notFoundPage(tenant);
  const { name } = tenant.config;
  const canonical = siteUrl(tenant, options.origin, '/blog');
  const description = `News, reviews and buying advice from ${name}.`;
  const body = await html`<section class="fc-content fc-content--wide" aria-labelledby="fc-blog-title">
${breadcrumbs([{ label: 'Blog' }])}
<h1 id="fc-blog-title">Blog</h1>
<p>${description}</p>
${blogCardList(posts, 2)}
</section>`;
  const jsonLd = [
    { '@context': 'https://schema.org', '@type': 'Blog', name: `${name} blog`, description, url: canonical, blogPost: posts.map((p) => ({ '@type': 'BlogPosting', headline: p.heading, datePublished: p.date, url: siteUrl(tenant, options.origin, `/blog/${p.slug}`) })) },
    breadcrumbJsonLd(tenant, options.origin, [{ name: 'Blog', path: '/blog' }]),
  ];
  return { status: 200, head: { title: `Blog | ${name}`, description, canonical, jsonLd }, body: String(body) };
}

/** One post: hero image, date, author, body (Markdown) and Article JSON-LD; a 404 for an unknown slug. */
export async function blogPostPage(tenant: Tenant, slug: string, options: { origin?: string } = {}): Promise<ShellPage> {
  const post = tenant.content.posts.find((p) => p.slug === slug);
  if (!post) return notFoundPage(tenant);
  const canonical = siteUrl(tenant, options.origin, `/blog/${post.slug}`);
  const body = await html`<article class="fc-content fc-post" aria-labelledby="fc-post-title">
${breadcrumbs([{ label: 'Blog', href: '/blog' }, { label: post.heading }])}
<h1 id="fc-post-title">${post.heading}</h1>
<p class="fc-post__meta"><time datetime="${post.date}">${blogDate(post.date)}</time>${post.author ? html` <span aria-hidden="true">·</span> By ${post.author}` : ''}</p>
<img class="fc-post__image" src="${post.image.src}" alt="${post.image.alt}" width="${post.image.width}" height="${post.image.height}" fetchpriority="high">
<div class="fc-prose">${raw(renderMarkdown(post.body))}</div>
<p><a class="fc-btn" href="/blog">All posts</a></p>
</article>`;
  const head: FragmentHead = {
    title: `${post.heading} | ${tenant.config.name}`,
    description: post.description,
    canonical,
    ogImage: siteUrl(tenant, options.origin, post.image.src),
    jsonLd: [articleJsonLd(tenant, post, canonical, options.origin), breadcrumbJsonLd(tenant, options.origin, [{ name: 'Blog', path: '/blog' }, { name: post.heading, path: `/blog/${post.slug}` }])],
  };
  return { status: 200, head, body: String(body) };
}

/** schema.org Article of a post: headline, date, image, author, publisher (the dealer) and the page it is. */
export function articleJsonLd(tenant: Tenant, post: BlogPost, canonical: string, origin?: string): unknown {
  const publisher = { '@type': 'Organization', name: tenant.config.name, logo: { '@type': 'ImageObject', url: siteUrl(tenant, origin, tenant.config.theme.logo.url) } };
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: post.heading,
    description: post.description,
    datePublished: post.date,
    image: [siteUrl(tenant, origin, post.image.src)],
    author: post.author ? { '@type': 'Person', name: post.author } : { '@type': 'Organization', name: tenant.config.name },
    publisher,
    mainEntityOfPage: { '@type': 'WebPage', '@id': canonical },
  };
}

/**
 * The content paths a shopper (and a search engine) can open on this tenant: pages that are not noindex, whose
 * canonical address routes to the shell's content pages, is switched on for the tenant and needs no sign-in. A page
 * stored at a path no route reaches is left out.
 */
export function contentSitemapPaths(tenant: Tenant): string[] {
  const paths: string[] = [];
  for (const page of tenant.content.pages) {
    if (page.noindex) continue;
    const path = page.canonical ?? page.path;
    const route = resolveRoute(path);
    if (!route || route.remote !== 'shell' || !['content', 'model', 'spin-to-win'].includes(route.page)) continue;
    if (!routeEnabled(route, tenant.config.features) || requiresSignIn(route, tenant.config.features)) continue;
    // The spin-to-win page exists only while the tenant has a campaign (its page is a 404 without one).
    if (route.page === 'spin-to-win' && !tenant.content.spin) continue;
    paths.push(path);
  }
  if (tenant.content.posts.length) paths.push('/blog', ...postsAbout(tenant.content).map((p) => `/blog/${p.slug}`));
  return paths;
}
