/**
 * The tenants' rich text (content pages, FAQ answers, small print, blog posts) is Markdown, rendered here with
 * markdown-it and made safe by configuration rather than by scrubbing HTML afterwards:
 * - raw HTML is off (`html: false`): `<script>`, `<img onerror>`, `<svg onload>` come out as escaped text, so no tag or
 *   attribute the author typed reaches the page; markdown-it writes every attribute itself, escaped;
 * - a link's address is an allowlist (http(s), mailto, tel, a site path, a #fragment), checked after markdown-it has
 *   decoded entities and percent-encoded the rest, so `jav&#x61;script:`, `JaVaScRiPt:`, `java\tscript:`, `data:`,
 *   `file:` or `//evil.example` never become an href; a refused link stays as its literal text;
 * - an image is https or a site path only (no http mixed content, no data: URI), lazy-loaded;
 * - a `#` heading becomes an h2 (the page owns its h1); `##` and deeper keep their level, so none is skipped.
 */
import MarkdownIt from 'markdown-it';

/** Link addresses a tenant's Markdown may use (after markdown-it's normalisation). */
const SAFE_LINK = /^(?:https?:\/\/[^\s/\\]|mailto:[^\s]|tel:[+\d(]|\/(?![/\\])|#[^\s]*$)/i;
/** Image sources: https or a site path. */
const SAFE_IMAGE = /^(?:https:\/\/[^\s/\\]|\/(?![/\\]))/i;
/** Addresses that leave the site (they get rel="noopener noreferrer"). */
const EXTERNAL = /^https?:\/\//i;

export const isSafeMarkdownLink = (href: string): boolean => SAFE_LINK.test(href.trim()) && !/[\u0000-\u001f\u007f]/.test(href);
export const isSafeMarkdownImage = (src: string): boolean => SAFE_IMAGE.test(src.trim()) && !/[\u0000-\u001f\u007f]/.test(src);

function createRenderer(): MarkdownIt {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: true, breaks: false });
  md.validateLink = isSafeMarkdownLink;
  const rules = md.renderer.rules;

  rules.link_open = (tokens, idx, options, _env, self) => {
    const token = tokens[idx]!;
    if (EXTERNAL.test(token.attrGet('href') ?? '')) token.attrSet('rel', 'noopener noreferrer');
    return self.renderToken(tokens, idx, options);
  };

  const image = rules.image!;
  rules.image = (tokens, idx, options, env, self) => {
    const token = tokens[idx]!;
    // An image from anywhere else is left out; its alt text stays, so nothing the author meant to say is lost.
    if (!isSafeMarkdownImage(token.attrGet('src') ?? '')) return md.utils.escapeHtml(self.renderInlineAsText(token.children ?? [], options, env));
    token.attrSet('loading', 'lazy');
    token.attrSet('decoding', 'async');
    return image(tokens, idx, options, env, self);
  };

  // The page owns the h1: a Markdown `#` becomes an h2; `##` and deeper keep their level (no level is skipped).
  const shift = (tag: string) => (tag === 'h1' ? 'h2' : tag);
  rules.heading_open = (tokens, idx, options, _env, self) => {
    tokens[idx]!.tag = shift(tokens[idx]!.tag);
    return self.renderToken(tokens, idx, options);
  };
  rules.heading_close = (tokens, idx, options, _env, self) => {
    tokens[idx]!.tag = shift(tokens[idx]!.tag);
    return self.renderToken(tokens, idx, options);
  };
  return md;
}

const md = createRenderer();

/** Rendered sources kept per isolate: the same page's Markdown is rendered once, not on every request. */
export const MARKDOWN_CACHE_MAX = 200;
/** Longer sources are rendered every time rather than pinned in memory. */
const CACHEABLE_LENGTH = 20_000;
const cache = new Map<string, string>();

/** Safe HTML of a Markdown source (see the top of this file). */
export function renderMarkdown(src: string): string {
  const hit = cache.get(src);
  if (hit !== undefined) {
    cache.delete(src);
    cache.set(src, hit);
    return hit;
  }
  const out = md.render(src);
  if (src.length <= CACHEABLE_LENGTH) {
    cache.set(src, out);
    while (cache.size > MARKDOWN_CACHE_MAX) cache.delete(cache.keys().next().value!);
  }
  return out;
}

/** How many rendered sources are held (for tests of the bound). */
export const markdownCacheSize = () => cache.size;
