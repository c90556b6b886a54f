import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearInlineStyles, INLINE_STYLE_MAX_BYTES, INLINE_STYLE_RETRY_MS, INLINE_STYLES_MAX, inlineStyleTexts, inlineStylesStats, notInlinable, readStyles, settleStyleReads, styleLoader, type StyleLoader } from './inline-styles.ts';
import { documentHead } from './document.ts';
import { demoTenant } from '../test/tenants.ts';

const css = (href: string) => `.x{content:"${href}"}`;

/** A loader answering every stylesheet with `answer(href)`, counting reads. */
function loaderOf(answer: (href: string) => Response | Promise<Response> = (href) => new Response(css(href), { headers: { 'content-type': 'text/css' } })) {
  const reads: string[] = [];
  const loader: StyleLoader = (href) => () => {
    reads.push(href);
    return Promise.resolve(answer(href));
  };
  return { loader, reads };
}

/** Runs inlineStyleTexts and waits for the reads it started in the background. */
async function settle(hrefs: string[], loader: StyleLoader, now?: () => number) {
  const started: Promise<unknown>[] = [];
  const first = inlineStyleTexts(hrefs, loader, (p) => started.push(p), now);
  await Promise.all(started);
  return first;
}

afterEach(() => {
  clearInlineStyles();
  vi.restoreAllMocks();
});

describe('inline styles', () => {
  it('links a stylesheet it has not read (incomplete, read in the background once), then inlines its text', async () => {
    const { loader, reads } = loaderOf();
    const hrefs = ['/_shell/1/main.css', '/_mf/mf-search/1.0.0/assets/s.css'];
    const first = await settle(hrefs, loader);
    expect(first).toEqual({ texts: new Map(), complete: false });
    // Two pages at once read each stylesheet once.
    inlineStyleTexts(hrefs, loader);
    expect(reads).toEqual(hrefs);
    const next = inlineStyleTexts(hrefs, loader);
    expect(next.complete).toBe(true);
    expect([...next.texts]).toEqual(hrefs.map((h) => [h, css(h)]));
    expect(reads).toHaveLength(2);
  });

  it('a read started by one page is not started again by the next while it runs', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { loader, reads } = loaderOf(async (href) => {
      await gate;
      return new Response(css(href), { headers: { 'content-type': 'text/css; charset=utf-8' } });
    });
    const started: Promise<unknown>[] = [];
    inlineStyleTexts(['/_shell/1/a.css'], loader, (p) => started.push(p));
    inlineStyleTexts(['/_shell/1/a.css'], loader, (p) => started.push(p));
    expect(started).toHaveLength(1);
    expect(inlineStylesStats().loading).toBe(1);
    release();
    await Promise.all(started);
    expect(reads).toHaveLength(1);
    expect(inlineStyleTexts(['/_shell/1/a.css'], loader).complete).toBe(true);
  });

  it('a page started reading waits for its reads before its head, at most the wait given; no wait when none runs', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { loader } = loaderOf(async (href) => {
      await gate;
      return new Response(css(href), { headers: { 'content-type': 'text/css' } });
    });
    readStyles(['/_shell/1/slow.css'], loader);
    const t0 = performance.now();
    await settleStyleReads(['/_shell/1/slow.css'], 30);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(25);
    expect(inlineStyleTexts(['/_shell/1/slow.css'], loader).complete).toBe(false);
    const settled = settleStyleReads(['/_shell/1/slow.css'], 60_000);
    release();
    await settled;
    expect(inlineStyleTexts(['/_shell/1/slow.css'], loader).texts.get('/_shell/1/slow.css')).toBe(css('/_shell/1/slow.css'));
    const t1 = performance.now();
    await settleStyleReads(['/_shell/1/slow.css', '/_shell/1/never-read.css'], 60_000);
    expect(performance.now() - t1).toBeLessThan(20);
  });

  it('a path this request cannot read (another version) is linked without making the page incomplete', async () => {
    const { loader } = loaderOf();
    await settle(['/_shell/1/main.css'], loader);
    const partial: StyleLoader = (href) => (href.includes('mf-search') ? null : loader(href));
    const out = inlineStyleTexts(['/_shell/1/main.css', '/_mf/mf-search/9.9.9/assets/s.css'], partial);
    expect(out.complete).toBe(true);
    expect([...out.texts.keys()]).toEqual(['/_shell/1/main.css']);
  });

  it('keeps a stylesheet that cannot be inlined as a link, read once (complete, nothing inlined)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { loader, reads } = loaderOf(() => new Response('@import "x.css";', { headers: { 'content-type': 'text/css' } }));
    await settle(['/_shell/1/a.css'], loader);
    const out = inlineStyleTexts(['/_shell/1/a.css'], loader);
    expect(out).toEqual({ texts: new Map(), complete: true });
    expect(reads).toHaveLength(1);
    expect(console.warn).toHaveBeenCalledWith('inline styles: /_shell/1/a.css stays linked (@import)');
  });

  it('a failed read (status, not CSS, thrown) is linked and tried again only after the retry time', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let clock = 1_000_000;
    const now = () => clock;
    for (const answer of [() => new Response('nope', { status: 404 }), () => new Response('<html>', { headers: { 'content-type': 'text/html' } }), () => Promise.reject(new Error('binding down'))]) {
      clearInlineStyles();
      const { loader, reads } = loaderOf(answer);
      await settle(['/_shell/1/a.css'], loader, now);
      expect(await settle(['/_shell/1/a.css'], loader, now)).toEqual({ texts: new Map(), complete: false });
      expect(reads).toHaveLength(1);
      clock += INLINE_STYLE_RETRY_MS + 1;
      await settle(['/_shell/1/a.css'], loader, now);
      expect(reads).toHaveLength(2);
    }
    expect(console.warn).toHaveBeenCalledWith('inline styles: /_shell/1/a.css could not be read:', 'binding down');
  });

  it(`keeps at most INLINE_STYLES_MAX (${INLINE_STYLES_MAX}) stylesheets, the least recently used going first`, async () => {
    const { loader } = loaderOf();
    const hrefs = Array.from({ length: INLINE_STYLES_MAX }, (_, i) => `/_shell/1/s${i}.css`);
    await settle(hrefs, loader);
    // s0 used again: s1 is now the least recently used.
    expect(inlineStyleTexts(['/_shell/1/s0.css'], loader).complete).toBe(true);
    await settle(['/_shell/1/new.css'], loader);
    expect(inlineStylesStats().entries).toBe(INLINE_STYLES_MAX);
    expect(inlineStyleTexts(['/_shell/1/s0.css', '/_shell/1/new.css'], loader).complete).toBe(true);
    expect(inlineStyleTexts(['/_shell/1/s1.css'], loader).complete).toBe(false);
  });

  it('notInlinable: size, a closing </style>, @import and relative url() stay links; data:, absolute and fragment urls inline', () => {
    expect(notInlinable('a'.repeat(INLINE_STYLE_MAX_BYTES + 1))).toBe('too large');
    expect(notInlinable('.a{content:"</STYLE>"}')).toBe('closes <style>');
    expect(notInlinable('@import url(/x.css);')).toBe('@import');
    expect(notInlinable('.a{background:url(img/x.png)}')).toBe('relative url()');
    expect(notInlinable(".a{background:url('../x.png')}")).toBe('relative url()');
    expect(notInlinable('.a{background:url( "data:image/svg+xml,%3Csvg%3E" )}.b{background:url(/_mf/x/1/a.png)}.c{mask:url(#m)}.d{background:url(https://cdn.example/x.png)}')).toBeNull();
  });

  it("styleLoader reads the shell's from ASSETS and a remote's from the version this request runs; other paths are not read", async () => {
    const asked: string[] = [];
    const assets = { fetch: (r: Request) => (asked.push(`assets ${r.url}`), Promise.resolve(new Response('a'))) } as unknown as Fetcher;
    const loader = styleLoader({
      origin: 'https://dealer.example',
      assets,
      remote: (remote, version) => (version === '1.0.0' ? (r) => (asked.push(`${remote} ${r.url}`), Promise.resolve(new Response('b'))) : null),
    });
    await loader('/_shell/0.1.0/assets/main.css')!();
    await loader('/_mf/mf-search/1.0.0/assets/s.css')!();
    expect(loader('/_mf/mf-search/2.0.0/assets/s.css')).toBeNull();
    expect(loader('/_mf/not-a-remote/1.0.0/assets/s.css')).toBeNull();
    expect(asked).toEqual(['assets https://dealer.example/_shell/0.1.0/assets/main.css', 'mf-search https://dealer.example/_mf/mf-search/1.0.0/assets/s.css']);
  });

  it('documentHead inlines the texts it is given as <style data-href> in the stylesheets’ order and links the rest', async () => {
    const tenant = demoTenant('harbourside-toyota');
    const head = String(
      await documentHead({
        tenant,
        head: { title: 't' },
        url: new URL('https://x.test/'),
        assets: { entry: null, css: ['/_shell/1/main.css'] },
        styles: ['/_mf/mf-search/1/s.css', '/_mf/mf-account/1/a.css'],
        inline: new Map([
          ['/_shell/1/main.css', '.shell{}'],
          ['/_mf/mf-account/1/a.css', '.account{}'],
        ]),
      }),
    );
    const shell = head.indexOf('<style data-href="/_shell/1/main.css">.shell{}</style>');
    const search = head.indexOf('<link rel="stylesheet" href="/_mf/mf-search/1/s.css">');
    const account = head.indexOf('<style data-href="/_mf/mf-account/1/a.css">.account{}</style>');
    expect(shell).toBeGreaterThan(0);
    expect(search).toBeGreaterThan(shell);
    expect(account).toBeGreaterThan(search);
  });
});
