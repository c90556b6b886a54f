import { describe, expect, it } from 'vitest';
import { MAKES } from './catalogue.ts';
import { renderDemoImage } from './images.ts';
import { demoTenantData, demoTenants } from './index.ts';
import { logoSize as kitLogoSize } from './kit.ts';
import { DEMO_TENANTS } from '../tenants/index.ts';
import { serveDemoMedia } from './media.ts';
import { COMPACT_MARK, logoSize, makeMarkSize, makeMonogram, normaliseWordmark, renderLogoSvg, renderMakeMark, renderMakeMarkCompact, wordmarkUnits } from './wordmark.ts';

/** Size attributes and viewBox of the root element. */
function frame(svg: string) {
  const m = /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="(\d+)" height="(\d+)" viewBox="0 0 (\d+) (\d+)"/.exec(svg)!;
  return { width: Number(m[1]), height: Number(m[2]), vw: Number(m[3]), vh: Number(m[4]) };
}

/**
 * Ink box of the lettering: every glyph path (absolute M/L/H/V/Q/Z commands) under its group's translate/scale and the
 * glyph's own translate, widened by half the stroke.
 */
function letteringBox(svg: string) {
  const g = /<g transform="translate\(([-\d.]+) ([-\d.]+)\) scale\(([\d.]+)\)"[^>]*stroke-width="([\d.]+)"[^>]*>(.*?)<\/g>/.exec(svg)!;
  const [gx, gy, k, sw] = [Number(g[1]), Number(g[2]), Number(g[3]), Number(g[4])];
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const p of g[5]!.matchAll(/<path transform="translate\(([-\d.]+) 0\)" d="([^"]+)"\/>/g)) {
    const dx = Number(p[1]);
    let cx = 0;
    let cy = 0;
    for (const [, cmd, args] of p[2]!.matchAll(/([MLHVQZ])([^MLHVQZ]*)/g)) {
      const n = (args ?? '').trim().split(/[ ,]+/).filter(Boolean).map(Number);
      const pts: [number, number][] = [];
      if (cmd === 'H') for (const x of n) (cx = x), pts.push([cx, cy]);
      else if (cmd === 'V') for (const y of n) (cy = y), pts.push([cx, cy]);
      else for (let i = 0; i + 1 < n.length; i += 2) (cx = n[i]!), (cy = n[i + 1]!), pts.push([cx, cy]);
      for (const [x, y] of pts) {
        x0 = Math.min(x0, gx + (x + dx - sw / 2) * k);
        x1 = Math.max(x1, gx + (x + dx + sw / 2) * k);
        y0 = Math.min(y0, gy + (y - sw / 2) * k);
        y1 = Math.max(y1, gy + (y + sw / 2) * k);
      }
    }
  }
  return { x0, y0, x1, y1, cap: 10 * k };
}

describe('manufacturer wordmarks', () => {
  it.each(MAKES.map((m) => [m.slug, m] as const))('%s: the full name, legible at 24 px tall, inside its box', (slug, make) => {
    const svg = renderDemoImage(`/demo-img/logo/${slug}.svg`)!.body;
    const f = frame(svg);
    expect(f).toEqual({ width: f.vw, height: f.vh, vw: f.vw, vh: f.vh });
    expect({ width: f.width, height: f.height }).toEqual(makeMarkSize(make.name));
    const box = letteringBox(svg);
    // at 24 px tall the capitals are at least 12 px (carsales-size filter text)
    expect((box.cap / f.height) * 24).toBeGreaterThanOrEqual(12);
    expect(box.x0).toBeGreaterThanOrEqual(0);
    expect(box.y0).toBeGreaterThanOrEqual(0);
    expect(box.x1).toBeLessThanOrEqual(f.width);
    expect(box.y1).toBeLessThanOrEqual(f.height);
    // every letter of the name is drawn (no letter pills, no dropped characters)
    expect(normaliseWordmark(make.name).replace(/ /g, '')).toBe(make.name.toUpperCase().replace(/[^A-ZŠ0-9&'./+-]/g, ''));
    expect(svg).toContain(`aria-label="${make.name}"`);
    expect(svg).not.toMatch(/<text[\s>]/);
  });

  it('is as wide as its lettering needs (wide names get wide marks)', () => {
    expect(makeMarkSize('Mercedes-Benz').width).toBeGreaterThan(makeMarkSize('MG').width * 3);
    expect(renderMakeMark('MG', { background: '#7a1e1e', foreground: '#ffffff' })).not.toContain('<rect');
    expect(renderMakeMark('Harley-Davidson', { background: '#111111', foreground: '#ff8c1a' })).toContain('fill="#ff8c1a"');
  });
});

describe('dealer logos', () => {
  it.each(DEMO_TENANTS.map((t) => [t.config.slug, t] as const))('%s: the whole name inside the box, and the config states that box', (slug, t) => {
    const svg = renderDemoImage(`/demo-img/logo/${slug}.svg`)!.body;
    const f = frame(svg);
    expect({ width: f.width, height: f.height }).toEqual(logoSize(t.logo.text));
    expect(kitLogoSize(t.logo.text)).toEqual(logoSize(t.logo.text));
    const box = letteringBox(svg);
    expect(box.x0).toBeGreaterThan(0);
    expect(box.x1).toBeLessThanOrEqual(f.width);
    expect(box.y0).toBeGreaterThan(0);
    expect(box.y1).toBeLessThan(f.height);
    // legible in a 44 px header
    expect((box.cap / f.height) * 44).toBeGreaterThanOrEqual(14);
    const site = demoTenants().find((s) => s.slug === slug)!;
    expect(site.theme.logo.url).toBe(`/demo-img/logo/${slug}.svg`);
    // the header reserves the logo's own aspect ratio, so it is never cropped or squeezed
    const logo = site.theme.logo as { width?: number; height?: number };
    if (logo.width && logo.height) expect(logo.width / logo.height).toBeCloseTo(f.width / f.height, 1);
  });

  it('escapes the name and grows with it', () => {
    const long = renderLogoSvg('Tom & Jerry <Motors>', { background: '#000000', foreground: '#ffffff' });
    expect(long).toContain('aria-label="Tom &amp; Jerry &lt;Motors&gt;"');
    expect(long).not.toContain('<Motors>');
    expect(logoSize('Tom & Jerry <Motors>').width).toBeGreaterThan(logoSize('MG').width);
    expect(wordmarkUnits('A B')).toBeGreaterThan(wordmarkUnits('AB'));
  });
});

/**
 * Cap height in CSS px of a mark's lettering shown in a box of `box` px: the lettering's cap height in the drawing's
 * units (10 glyph units times the group's scale) times the scale `object-fit: contain` gives the drawing in that box.
 */
function renderedCap(svg: string, box: { width: number; height: number }): number {
  const f = frame(svg);
  return letteringBox(svg).cap * Math.min(box.width / f.vw, box.height / f.vh);
}

describe('compact make marks (issue 13: legible in the search filter)', () => {
  // The search filter's mark box: mf-search MakeFacet MAKE_MARK_BOX and search.css `.fs-make img` (48 x 28 px); the
  // filter asks for `<logo url>?variant=compact` (contracts marks.ts compactMarkUrl; the shell's menu too).
  const FILTER_BOX = { width: 48, height: 28 };
  const makes = new Map<string, string>();
  for (const site of demoTenants()) for (const m of demoTenantData(site.slug).manufacturers) if (m.logo?.url) makes.set(m.logo.url, m.name);

  it('the filter box is the size the compact mark is drawn at', () => {
    expect(COMPACT_MARK).toEqual(FILTER_BOX);
  });

  it.each([...makes])('%s (%s): capitals at least 9 px in the filter box, the monogram inside the badge', async (url, name) => {
    const res = await serveDemoMedia(new Request(`http://x${url}?variant=compact`), { videos: {} });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const svg = await res.text();
    const f = frame(svg);
    expect({ width: f.width, height: f.height }).toEqual(COMPACT_MARK);
    expect(renderedCap(svg, FILTER_BOX)).toBeGreaterThanOrEqual(9);
    const box = letteringBox(svg);
    expect(box.x0).toBeGreaterThanOrEqual(1);
    expect(box.y0).toBeGreaterThanOrEqual(1);
    expect(box.x1).toBeLessThanOrEqual(f.width - 1);
    expect(box.y1).toBeLessThanOrEqual(f.height - 1);
    expect(svg).not.toMatch(/<text[\s>]/);
    expect(svg).toContain('aria-label="');
    // the full wordmark is a different drawing, still served without the query
    const full = await (await serveDemoMedia(new Request(`http://x${url}`), { videos: {} })).text();
    expect(full).not.toBe(svg);
  });

  it('the full wordmarks could not be read in that box (why the filter needs the compact mark)', () => {
    const wide = ['Harley-Davidson', 'Mercedes-Benz', 'Volkswagen', 'Mitsubishi'].map((n) => renderedCap(renderMakeMark(n, { background: '#111111', foreground: '#ffffff' }), FILTER_BOX));
    for (const cap of wide) expect(cap).toBeLessThan(9);
    expect(renderedCap(renderMakeMarkCompact('Harley-Davidson', { background: '#111111', foreground: '#ff8c1a' }), FILTER_BOX)).toBeGreaterThanOrEqual(12);
  });

  it('monograms: acronyms whole, else the brand initials (range words left out), never a blank badge', () => {
    expect(['MG', 'BMW', 'BYD', 'Mercedes-Benz', 'Harley-Davidson', 'Isuzu UTE', 'Isuzu Trucks', 'Toyota', 'Škoda', 'Land Rover', 'Alfa Romeo', '??'].map(makeMonogram)).toEqual([
      'MG', 'BMW', 'BYD', 'MB', 'HD', 'I', 'I', 'T', 'Š', 'LR', 'AR', '?',
    ]);
    const bmw = renderMakeMarkCompact('BMW', { background: '#0f4fa8', foreground: '#ffffff' });
    expect(renderedCap(bmw, FILTER_BOX)).toBeGreaterThanOrEqual(9);
    expect(letteringBox(bmw).x1).toBeLessThanOrEqual(COMPACT_MARK.width);
    expect(renderMakeMarkCompact('A & <B>', { background: '#000000', foreground: '#ffffff' })).toContain('aria-label="A &amp; &lt;B&gt;"');
  });

  it('dealer logos ignore the variant: the whole logo, never a cropped badge', async () => {
    for (const t of DEMO_TENANTS) {
      const path = `/demo-img/logo/${t.config.slug}.svg`;
      const compact = await (await serveDemoMedia(new Request(`http://x${path}?variant=compact`), { videos: {} })).text();
      expect(compact).toBe(renderDemoImage(path)!.body);
      expect(frame(compact)).toMatchObject(logoSize(t.logo.text));
    }
  });
});
