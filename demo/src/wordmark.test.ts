import { describe, expect, it } from 'vitest';
import { MAKES } from './catalogue.ts';
import { renderDemoImage } from './images.ts';
import { demoTenants } from './index.ts';
import { logoSize as kitLogoSize } from './kit.ts';
import { DEMO_TENANTS } from '../tenants/index.ts';
import { logoSize, makeMarkSize, normaliseWordmark, renderLogoSvg, renderMakeMark, wordmarkUnits } from './wordmark.ts';

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
