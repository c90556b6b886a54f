import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';

const require = createRequire(import.meta.url);

/** Debian's Chromium, headless, with no traffic beyond this machine (DEVELOPERS.md "This machine"). */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Debian's build of Chromium's headless shell (package chromium-headless-shell, the same Chromium version). */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser the tests drive: `CHROMIUM_PATH` when set, else Debian's Chromium headless shell when installed (what
 * playwright itself runs for headless tests: the same Blink and V8 without the desktop browser around them; the e2e
 * group took 760 -> 527 s on a two-core machine, its renderers' CPU 650 -> 389 s, every test and screenshot the same),
 * else `/usr/bin/chromium` (`CHROMIUM_PATH=/usr/bin/chromium` runs the suite in the full browser; both pass).
 */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
}

/** GET through the platform with a tenant's Host header (Node does not resolve *.localhost by itself). */
export function getWithHost(origin: URL, host: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    // A connection of its own (no keep-alive agent): a reused socket the platform has just closed as idle answers
    // "socket hang up" before the request is sent (a CI run and a local run each lost a vehicle test to it).
    const req = request({ host: origin.hostname, port: origin.port, path, method: 'GET', headers: { ...headers, host }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: Array<{ target: string[]; failureSummary?: string; seen?: unknown }> };

/**
 * Runs axe-core (WCAG 2.0-2.2 A/AA rules) in the page; evaluate() is not subject to the page's CSP. The script goes in
 * once per document. `resultTypes: ['violations']` changes no rule and no finding: axe still runs every rule on every
 * node, it only skips building selectors and details for each passing node (most of a run's time on a large page).
 *
 * An island that mounts while axe reads the page (axe scrolls elements into view, which is the page's first use and
 * brings `engaged` and `visible` islands) can move what axe is measuring: a colour read from the element that slid
 * under the point (a flaky colour-contrast finding). So islands already loading are waited for first, and a run
 * during which an island changed state is run again on the settled page.
 */
export async function axeViolations(page: Page, include?: string[]): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  for (let attempt = 0; ; attempt++) {
    await islandsSettled(page);
    const before = await islandStates(page);
    const violations = await runAxe(page, include);
    if (attempt === 1 || (await islandStates(page)) === before) return violations;
  }
}

/**
 * Runs axe once with every `content-visibility:auto` part of the page rendered, as a shopper sees each part when it is
 * on screen. A part the browser has not rendered yet (never near the viewport) is laid out at its placeholder height
 * (`contain-intrinsic-block-size`, e.g. a search card's 480 px, a car page section's 400 px), while the elements inside
 * it, measured, get their real size and overflow it. axe places elements by their rectangles, so a button low in an
 * unrendered card sat "under" the next card, and its contrast could be read against that card's background. The style
 * goes in for axe's run only, after a rendered frame, and comes out after it.
 *
 * It also turns transitions off. Now and then, on a loaded machine, Chromium gives a button inside a part it has not
 * rendered yet a style whose background is the element's default (a button's #efefef face, a link's transparent) while
 * every other property is the kit's. Rendering the part then starts `.fc-btn`'s 0.15 s background transition from that
 * default, and axe read the transition's first value (under load its clock had not moved on yet): white on #efefef
 * 1.14, white on the page colour 1.03. A scratch probe under two busy cores met it on about 1 car page in 20 to 60, on
 * every `.fc-btn` of the unrendered sections at once, and on background-color only (bench/RESULTS.md). With no
 * transition the part shows its final colours at once, as a shopper sees them 0.15 s later.
 */
async function runAxe(page: Page, include?: string[]): Promise<AxeViolation[]> {
  await page.evaluate(async () => {
    const style = document.createElement('style');
    style.id = 'e2e-axe-render-all';
    style.textContent = '*,*::before,*::after{content-visibility:visible!important;transition:none!important}';
    document.head.append(style);
    // Two frames, so the style applies before axe reads the page; a page that renders no frame (rAF stops while a
    // page is not being rendered) goes on after a second instead of waiting for ever.
    await new Promise((done) => {
      requestAnimationFrame(() => requestAnimationFrame(done));
      setTimeout(done, 1000);
    });
  });
  try {
    // `include`: only the parts of the page a test is about (selectors), else the whole document. A page.evaluate has
    // no timeout of its own: a run that never ends fails here, saying where, rather than as the test's bare timeout (a
    // CI run lost a finance-calculator test to 120 s with nothing said).
    return await withinTime(AXE_RUN_LIMIT_MS, `axe did not finish within ${AXE_RUN_LIMIT_MS / 1000} s on ${page.url()}`, page.evaluate(async (within) => {
      const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
      const result = await axe.run(within ? { include: within.map((s) => [s]) } : document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, resultTypes: ['violations'] });
      // A contrast finding says what lay under the element's centre and what its own background was as axe read it
      // (a rare flake reads a primary button against #efefef, Chromium's default button face: bench/RESULTS.md).
      const under = (target: unknown) => {
        const el = typeof target === 'string' ? document.querySelector(target) : null;
        if (!el) return undefined;
        const box = el.getBoundingClientRect();
        const name = (e: Element) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${typeof e.className === 'string' && e.className ? `.${e.className.trim().split(/\s+/).join('.')}` : ''}`;
        const own = getComputedStyle(el);
        const stack = document.elementsFromPoint(box.x + box.width / 2, box.y + box.height / 2).slice(0, 4);
        const running = el.getAnimations().map((a) => `${a.constructor.name} ${'transitionProperty' in a ? a.transitionProperty : 'animationName' in a ? a.animationName : ''} ${a.playState} ${Math.round(Number(a.currentTime ?? 0))}ms`);
        return { box: [box.x, box.y, box.width, box.height].map(Math.round), background: own.backgroundColor, running, under: stack.map((e) => `${name(e)} ${getComputedStyle(e).backgroundColor}`) };
      };
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, failureSummary: n.failureSummary, ...(v.id === 'color-contrast' ? { seen: under(n.target[0]) } : {}) })),
      }));
    }, include));
  } finally {
    // Bounded too: after a run that never ended, the page may not answer this either, and the run's error must surface.
    await withinTime(5_000, 'axe style not removed', page.evaluate(() => document.getElementById('e2e-axe-render-all')?.remove())).catch(() => {});
  }
}

/** The longest one axe run may take (a search page's takes 0.3-3 s, the most under a loaded CI run). */
export const AXE_RUN_LIMIT_MS = 60_000;

/** `work`, or a rejection with `message` once `ms` have passed without it settling. */
export async function withinTime<T>(ms: number, message: string, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Each island's state in document order: waiting for its trigger, loading, mounted or failed (shell/src/client/islands.ts). */
function islandStates(page: Page): Promise<string> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[data-island]')].map((el) => (el.hasAttribute('data-hydrated') ? 'h' : el.hasAttribute('data-hydrate-error') ? 'e' : el.hasAttribute('data-island-waiting') ? 'w' : 'l')).join(''),
  );
}

/**
 * Waits (up to 10 s, then goes on) until no island is loading. Only once the island client has run
 * (`data-islands-ready`): a page without JavaScript never gets that mark, and the tests call axe after their page's
 * islands are ready or on purpose before (a first visit's server HTML), so nothing is waited for then.
 */
async function islandsSettled(page: Page): Promise<void> {
  const until = Date.now() + 10_000;
  while (Date.now() < until && (await page.evaluate(() => document.documentElement.hasAttribute('data-islands-ready'))) && (await islandStates(page)).includes('l')) await page.waitForTimeout(50);
}

/**
 * Counts React renderers that register with the devtools hook: more than one react-dom (or a second React that
 * brings its own renderer) shows up as a second `inject` call.
 */
export async function installReactCounter(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown; __reactRenderers?: unknown[] };
    w.__reactRenderers = [];
    w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject(renderer: { version?: string }) {
        w.__reactRenderers!.push(renderer.version ?? '?');
        return w.__reactRenderers!.length;
      },
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      checkDCE() {},
    };
  });
}

/**
 * For a page without JavaScript: waits until its stylesheets apply (what its layout and visibility checks need), after a
 * navigation that waited for `domcontentloaded` only. Waiting for `load` instead waits for every picture: without
 * JavaScript Chromium ignores `loading="lazy"` (lazy loading needs scripting), so a car or search page loads all its
 * photos at once, each through the local image resizer, seconds on a loaded machine and nothing the tests look at.
 */
export async function stylesApplied(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null))).toBe(true);
}

/** Collects console errors and uncaught exceptions of a page. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/** localStorage keys marking every demo tenant's promo popup as dismissed, for tests that are not about it. */
export async function promoDismissedKeys(): Promise<string[]> {
  // @ts-expect-error built by dev/build.mjs
  const { demoTenants } = await import('../demo/dist/index.mjs');
  return demoTenants().flatMap((t: { promo_popup?: { id: string } }) => (t.promo_popup ? [`forecourt:promo-dismissed:${t.promo_popup.id}`] : []));
}

/** Pre-dismisses the promo popups in a browser context (it opens 4 s after load and would cover the page). */
export async function dismissPromos(context: BrowserContext): Promise<void> {
  await context.addInitScript((list: string[]) => list.forEach((k) => localStorage.setItem(k, '1')), await promoDismissedKeys());
}

/**
 * Starts the composed platform (in-memory D1/KV, demo data) and Chromium before a test file's tests and stops both
 * after them; `ready` receives them. `options` (read in beforeAll) adds startPlatform options (e.g. `vars`).
 */
export function usePlatformAndBrowser<P extends { dispose(): Promise<void> }>(ready: (platform: P, browser: Browser) => void, options: () => Record<string, unknown> = () => ({})): void {
  let platform: P | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    // @ts-expect-error plain ESM module without types
    const { startPlatform } = await import('../dev/platform.mjs');
    // Chromium starts while workerd does (each is seconds of every file's set-up); afterAll stops whichever started.
    const [started, launched] = await Promise.allSettled([startPlatform({ port: 0, persist: false, logLevel: 'error', ...options() }) as Promise<P>, launchChromium()]);
    if (started.status === 'fulfilled') platform = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
    ready(platform!, browser!);
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.dispose();
  });
}

/** A shopper's desktop browser (1280x900, reduced motion) with every demo promo popup already dismissed. */
export async function shopperContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce', ...options });
  await dismissPromos(context);
  return context;
}

/** Rows of a query against edge-api's local D1 (what the platform under test stored: leads, codes, payments). */
export async function queryD1(platform: { mf: { getD1Database(binding: string, worker: string): Promise<unknown> } }, sql: string, ...params: unknown[]): Promise<Array<Record<string, unknown>>> {
  const db = (await platform.mf.getD1Database('DB', 'forecourt-edge-api')) as D1Like;
  return (await db.prepare(sql).bind(...params).all()).results;
}
type D1Like = { prepare(sql: string): { bind(...params: unknown[]): { all(): Promise<{ results: Array<Record<string, unknown>> }> } } };


/**
 * Islands load when touched or when the page is first used (issue 19: contracts `interaction` and `engaged`
 * triggers): a first visit runs no island code. This does what a shopper's first touch does — a pointer over the
 * island, a scroll of the page — without moving the real mouse or scrolling (a test's layout stays put), and waits
 * until the island is mounted (`data-hydrated`). For an island whose trigger is neither, it only waits.
 */
export async function hydrateIsland(page: Page, selector: string, options: { timeout?: number } = {}): Promise<void> {
  await page.waitForSelector(selector, { state: 'attached', timeout: options.timeout });
  await page.evaluate((sel) => {
    const island = document.querySelector(sel);
    if (!island?.hasAttribute('data-island-waiting')) return;
    island.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    window.dispatchEvent(new Event('scroll'));
  }, selector);
  await page.waitForSelector(`${selector}[data-hydrated]`, { state: 'attached', timeout: options.timeout });
}

/**
 * The shopper's first use of the page (a scroll event, without scrolling): every `engaged` island loads; resolves once
 * none of them is still waiting or loading.
 */
export async function engagePage(page: Page, options: { timeout?: number } = {}): Promise<void> {
  await page.waitForSelector('html[data-islands-ready]', { state: 'attached', timeout: options.timeout });
  await page.evaluate(() => window.dispatchEvent(new Event('scroll')));
  await page.waitForFunction(() => [...document.querySelectorAll('[data-island-when~="engaged"]')].every((el) => el.hasAttribute('data-hydrated') || el.hasAttribute('data-hydrate-error')), undefined, { timeout: options.timeout });
}

/** Script requests of a page (paths), as they are made. */
export function scriptRequests(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  return scripts;
}

/**
 * The shell's light client's files (shell/vite.main.config.mjs's manifest: main.ts and the later.ts chunk it imports
 * after the first frame), not the island host's (React, the MF runtime: island-host-manifest.json).
 */
export function lightClientFiles(entry: string): string[] {
  const base = entry.slice(0, entry.indexOf('/', '/_shell/'.length) + 1);
  const manifest = JSON.parse(readFileSync(new URL(`../shell/dist/client${base}manifest.json`, import.meta.url), 'utf8')) as Record<string, { file: string }>;
  return Object.values(manifest).map((c) => base + c.file);
}
