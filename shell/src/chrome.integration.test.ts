/**
 * The shell's chrome in a real browser (Chromium via playwright-core) on the composed platform: the focus ring on
 * every background, dropdowns that close when focus leaves them, a mega panel inside small viewports, and the promo
 * popup's timing (never while typing), DOM order and dismissal.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { dismissPromos, usePlatformAndBrowser } from '../../e2e/support.ts';

type Platform = { url: URL; tenantUrl: (slug: string) => string; dispose(): Promise<void> };
let platform: Platform;
let browser: Browser;

usePlatformAndBrowser<Platform>((p, b) => {
  platform = p;
  browser = b;
});

/** A page whose promo popup (every demo tenant's) is pre-dismissed unless `promo`: it opens 4 s after load. */
async function open(slug: string, path = '/', { width = 1280, promo = false } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
  if (!promo) await dismissPromos(context);
  const page = await context.newPage();
  if (promo) await page.clock.install();
  await page.goto(`${platform.tenantUrl(slug)}${path}`, { waitUntil: 'load' });
  await page.waitForSelector('html[data-islands-ready]');
  // The promo is set up by the client's later steps (shell/src/client/later.ts), each a timer task: move the fake clock
  // until they have run, so its 4 s count from here.
  if (promo) {
    await expect
      .poll(async () => {
        await page.clock.runFor(50);
        return page.evaluate(() => document.documentElement.hasAttribute('data-later-ready'));
      })
      .toBe(true);
  }
  return { context, page };
}

/** Computed colours of the page's theme variables, as the browser resolves them (rgb(...)). */
const themeColour = (page: Page, variable: string) =>
  page.evaluate((v) => {
    const probe = document.createElement('span');
    probe.style.color = `var(${v})`;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, variable);

/** Focus an element as a keyboard user would (after a Tab, so :focus-visible applies) and read its ring. */
async function ringOf(page: Page, selector: string) {
  await page.keyboard.press('Tab');
  return page.locator(selector).first().evaluate((el: HTMLElement) => {
    el.focus();
    const s = getComputedStyle(el);
    return { outlineColor: s.outlineColor, outlineWidth: s.outlineWidth, outlineStyle: s.outlineStyle, boxShadow: s.boxShadow, focusVisible: el.matches(':focus-visible') };
  });
}

describe('focus indicator (WCAG 2.4.7, 2.4.11)', () => {
  it('is two-tone on the page, and uses the primary contrast colour in the announcement bar and on primary buttons', async () => {
    const { context, page } = await open('harbourside-toyota');
    const [text, bg, contrast] = [await themeColour(page, '--fc-text'), await themeColour(page, '--fc-bg'), await themeColour(page, '--fc-primary-contrast')];

    const link = await ringOf(page, '.fc-header__phone');
    expect(link.focusVisible).toBe(true);
    expect(link).toMatchObject({ outlineColor: text, outlineWidth: '3px', outlineStyle: 'solid' });
    expect(link.boxShadow).toContain(bg);

    const bar = await ringOf(page, '.fc-announcement a');
    expect(bar.outlineColor).toBe(contrast);

    const button = await ringOf(page, '.fc-quick-search .fc-btn--primary');
    expect(button.boxShadow).toContain(contrast);
    await context.close();
  });
});

describe('dropdowns', () => {
  it('close when keyboard focus leaves them (WCAG 2.4.11)', async () => {
    const { context, page } = await open('harbourside-toyota');
    const details = page.locator('details.fc-dropdown').first();
    await details.locator('summary').focus();
    await page.keyboard.press('Enter');
    expect(await details.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
    // Into the panel: still open.
    await page.keyboard.press('Tab');
    expect(await details.evaluate((d: HTMLDetailsElement) => d.open && d.contains(document.activeElement))).toBe(true);
    // Back out past the summary: closed.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await details.evaluate((d: HTMLDetailsElement) => d.contains(document.activeElement))).toBe(false);
    expect(await details.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    await context.close();
  });

  it.each([360, 768, 1280])('the mega panel stays inside a %ipx viewport', async (width) => {
    const { context, page } = await open('southern-cross-motor-group', '/', { width });
    // Below 992px the menu folds behind the Menu button: open it first.
    if (width < 992) await page.locator('[data-menu-toggle]').click();
    const mega = page.locator('.fc-nav__item--mega details');
    await mega.locator('summary').click();
    const box = (await mega.locator('.fc-mega').boundingBox())!;
    expect(box.width).toBeGreaterThan(100);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await context.close();
  });
});

describe('promo popup', () => {
  const isOpen = (page: Page) => page.locator('dialog.fc-promo').evaluate((d: HTMLDialogElement) => d.open);

  it('does not open while the shopper types; opens 4 s after they stop; close button comes first', async () => {
    const { context, page } = await open('harbourside-toyota', '/', { promo: true });
    await page.locator('#fc-home-q').focus();
    await page.keyboard.type('hilux');
    await page.clock.runFor(4500);
    expect(await isOpen(page)).toBe(false);
    await page.clock.runFor(4000);
    expect(await isOpen(page)).toBe(false);
    await page.locator('#fc-home-q').blur();
    await page.clock.runFor(4000);
    await expect.poll(() => isOpen(page)).toBe(true);
    expect(await page.locator('#fc-home-q').inputValue()).toBe('hilux');
    const first = await page.locator('dialog.fc-promo').evaluate((d) => d.firstElementChild?.className);
    expect(first).toBe('fc-promo__close');
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('fc-promo__close');
    await context.close();
  });

  it('following its call to action records the dismissal', async () => {
    const { context, page } = await open('harbourside-toyota', '/', { promo: true });
    await page.clock.runFor(4500);
    await expect.poll(() => isOpen(page)).toBe(true);
    await Promise.all([page.waitForURL(/\/search\//), page.locator('dialog.fc-promo [data-promo-cta]').click()]);
    expect(await page.evaluate(() => localStorage.getItem('forecourt:promo-dismissed:hilux-runout-2026'))).toBeTruthy();
    await context.close();
  });
});
