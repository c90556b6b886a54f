import { beforeAll, describe, expect, it } from 'vitest';
import { demoImageExists, demoPhotoDrawing, renderDemoImage } from './images.ts';
import { generateStock, stockPictureBodies } from './stock.ts';
import {
  BANNER_SAFE, bodyTraits, knownBodies, resolveBody, renderBannerSvg, renderCarView, renderVehicleSvg, shade, shapeForBody, SHAPES, vehicleAnchor, vehicleBounds, VIEW_COUNT, viewTable,
} from './svg.ts';

const SVG = 'image/svg+xml; charset=utf-8';

/** Problems that make a browser refuse an SVG: unbalanced tags, a repeated attribute, a bare `&` or `<`. */
export function xmlProblems(svg: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  const text = svg.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');
  for (const m of text.matchAll(/<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"]*")*)\s*(\/?)>/g)) {
    const [, closing, name, attrs, selfClosing] = m;
    if (closing) {
      if (stack.pop() !== name) problems.push(`unbalanced </${name}>`);
      continue;
    }
    const names = [...attrs!.matchAll(/([\w:-]+)="/g)].map((a) => a[1]);
    const dup = names.find((n, i) => names.indexOf(n) !== i);
    if (dup) problems.push(`<${name}> repeats ${dup}`);
    if (!selfClosing) stack.push(name!);
  }
  if (stack.length) problems.push(`unclosed <${stack.join('> <')}>`);
  const stripped = text.replace(/<[^>]*>/g, '');
  if (/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.test(stripped) || stripped.includes('<')) problems.push('unescaped & or <');
  return problems;
}

/** Root size and viewBox of an SVG. */
function frameOf(svg: string) {
  const m = /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"(?: x="-?\d+" y="-?\d+")? width="(\d+)" height="(\d+)" viewBox="0 0 (\d+) (\d+)"/.exec(svg);
  return m ? { width: Number(m[1]), height: Number(m[2]), vw: Number(m[3]), vh: Number(m[4]) } : null;
}

/** Problems of a vehicle picture: not 4:3, text baked in, too heavy. */
function carPictureProblems(svg: string): string[] {
  const problems: string[] = [];
  const f = frameOf(svg);
  if (!f || f.width * 3 !== f.height * 4 || f.vw !== 800 || f.vh !== 600) problems.push('not 4:3 (800x600)');
  if (/<text[\s>]/.test(svg)) problems.push('has <text>');
  if (svg.length > 12_000) problems.push(`${svg.length} bytes`);
  return problems;
}

const BODIES = [
  'sedan', 'hatch', 'wagon', 'suv', '4x4', 'hardtop', 'coupe', 'convertible', 'peopleMover', 'van-panel', 'van-window', 'van-commuter',
  'ute-tub', 'ute-tray', 'ute-tray-single', 'lightTruck', 'cabChassis', 'bus',
  'motorcycle-naked', 'motorcycle-sport', 'motorcycle-adventure', 'motorcycle-retro', 'motorcycle-touring', 'motorcycle-cruiser',
];

describe('demoPhotoDrawing (the photo-weight JPEGs of the stock)', () => {
  it('names the gallery drawing a photo is made from, and nothing for a path that is not a photo', () => {
    expect(demoPhotoDrawing('/demo-img/photo/suv/f2f3f0.a0785a/0.jpg')).toBe('/demo-img/car/suv/f2f3f0.a0785a/0.svg');
    expect(demoPhotoDrawing('/demo-img/photo/motorcycle-cruiser/16181b/7.jpg')).toBe('/demo-img/car/motorcycle-cruiser/16181b/7.svg');
    for (const path of ['/demo-img/photo/suv/f2f3f0.a0785a/24.jpg', '/demo-img/photo/spaceship/f2f3f0.a0785a/0.jpg', '/demo-img/photo/suv/f2f3f0.a0785a/0.svg', '/demo-img/photo/suv/../0.jpg', '/demo-img/photo/suv/F2F3F0.a0785a/0.jpg']) {
      expect(demoPhotoDrawing(path), path).toBeNull();
      expect(demoImageExists(path), path).toBe(false);
    }
    expect(demoPhotoDrawing('/demo-img/car/suv/f2f3f0/0.svg')).toBeNull();
    expect(demoImageExists('/demo-img/photo/ute-tray/b3141e.2a2a2a/3.jpg')).toBe(true);
    // The demo Worker's own renderer draws SVG only: the JPEG comes from the local runtime's photo service.
    expect(renderDemoImage('/demo-img/photo/suv/f2f3f0.a0785a/0.jpg')).toBeNull();
  });

  it('draws only what the stock can name: palette paints and trims, the bodies the stock uses, one spelling per view', () => {
    const refused = [
      '/demo-img/photo/suv/123456.a0785a/0.jpg', // not a palette paint
      '/demo-img/photo/suv/f2f3f0.123456/0.jpg', // not a palette trim
      '/demo-img/photo/suv/a0785a.a0785a/0.jpg', // a trim colour is not a paint
      '/demo-img/photo/suv/f2f3f0/0.jpg', // cars always have a trim in the stock
      '/demo-img/photo/motorcycle-cruiser/16181b.2a2a2a/0.jpg', // motorcycles never do
      '/demo-img/photo/suv/f2f3f0.a0785a/07.jpg', // a second spelling of view 7
    ];
    for (const path of refused) expect(demoPhotoDrawing(path), path).toBeNull();
    // Every photo the generated stock names is drawable.
    let checked = 0;
    for (const t of ['harbourside-toyota', 'outback-used-cars', 'southern-cross-motor-group']) {
      for (const car of generateStock({ tenant: t, count: 300, seed: 7, now: Date.UTC(2026, 10, 21) })) {
        for (const url of car.thumbnails ?? []) {
          expect(demoPhotoDrawing(url), url).not.toBeNull();
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(5_000);
    // The palette bounds the renders: bodies x (paints x trims, or paints for motorcycles) x views.
    const bodies = [...stockPictureBodies()];
    expect(bodies.length).toBeLessThan(40);
    for (const b of bodies) expect(resolveBody(b), b).not.toBeNull();
    // A body the drawings know but the stock never names is not drawn as a photo.
    const unused = knownBodies().find((b) => !stockPictureBodies().has(b) && !b.startsWith('motorcycle'));
    expect(unused).toBeDefined();
    expect(demoPhotoDrawing(`/demo-img/photo/${unused}/f2f3f0.a0785a/0.jpg`)).toBeNull();
    expect(renderDemoImage(`/demo-img/car/${unused}/f2f3f0.a0785a/0.svg`)).not.toBeNull();
  });
});

describe('renderDemoImage', () => {
  it.each([
    '/demo-img/car/ute/f2f3f0/2-toyota-hilux.svg',
    '/demo-img/car/ute-tray-single/f2f3f0.a0785a/3.svg',
    '/demo-img/car/motorcycle/1f4e8c/0.svg',
    '/demo-img/car/motorcycle-cruiser/16181b/7.svg',
    '/demo-img/car/lightTruck/16181b/23-isuzu-n-series.svg',
    '/demo-img/spin/van-window/b9bec4/6.svg',
    '/demo-img/logo/toyota.svg',
    '/demo-img/logo/harbourside-toyota.svg',
    '/demo-img/interior/a0785a.svg',
    '/demo-img/banner/suv/f2f3f0/0b3d91.svg',
    '/demo-img/banner/motorcycle-sport/1f4e8c/0f172a.svg',
    '/demo-img/place/b0081a/service.svg',
    '/demo-img/report/MM0NJ1HX0TG997011.svg',
  ])('serves %s as SVG', (path) => {
    const out = renderDemoImage(path);
    expect(out?.contentType).toBe(SVG);
    expect(out?.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(out?.body.endsWith('</svg>')).toBe(true);
    expect(xmlProblems(out!.body)).toEqual([]);
    expect(demoImageExists(path)).toBe(true);
  });

  it('paints the car in the colour of its path and prints no model name into it', () => {
    const body = renderDemoImage('/demo-img/car/hatch/b3141e/0-toyota-corolla.svg')?.body ?? '';
    // the lit paint tones are shades of the listing colour
    const fills = new Set([...body.matchAll(/fill="(#[0-9a-f]{6})"/g)].map((m) => m[1]));
    const reds = [...fills].filter((f) => (hueOf(f!) < 12 || hueOf(f!) > 348) && satOf(f!) > 0.6);
    expect(reds.length).toBeGreaterThan(3);
    expect(body).not.toMatch(/toyota|corolla/i);
    expect(body).not.toMatch(/<text[\s>]/);
    const white = lightness(renderCarView({ body: 'suv', colour: '#f2f3f0', view: 1 })!);
    const black = lightness(renderCarView({ body: 'suv', colour: '#16181b', view: 1 })!);
    expect(white).toBeGreaterThan(black + 0.25);
  });

  it.each([
    '/demo-img/../secret.svg',
    '/demo-img/car/../../etc/passwd',
    '/demo-img/car/suv/..%2f..%2f/1.svg',
    '/demo-img/car/suv/%2e%2e/1.svg',
    '/demo-img/car/suv/zzzzzz/1.svg',
    '/demo-img/car/spaceship/ffffff/1.svg',
    '/demo-img/car/suv-tray/ffffff/1.svg',
    '/demo-img/car/ute-tray-tray/ffffff/1.svg',
    '/demo-img/car/suv/ffffff/24.svg',
    '/demo-img/spin/suv/ffffff/24.svg',
    '/demo-img/car/suv/ffffff/1.png',
    '/demo-img/car/suv/ffffff.zz/1.svg',
    '/demo-img/car/suv/ffffff/1-<script>.svg',
    '/demo-img/logo/unknown-brand.svg',
    '/demo-img/logo/../toyota.svg',
    '/demo-img/place/ffffff/garage.svg',
    '/demo-img/report/IOQ1234567890ABCD.svg',
    '/demo-img/',
    '/etc/passwd',
    '/demo-imgs/logo/toyota.svg',
    '',
  ])('returns null for %s', (path) => {
    expect(renderDemoImage(path)).toBeNull();
    expect(demoImageExists(path)).toBe(false);
  });

  it('is deterministic: the same path gives the same bytes', () => {
    for (const path of ['/demo-img/car/suv/1f4e8c.a0785a/0.svg', '/demo-img/car/ute-tub/f2f3f0/8.svg', '/demo-img/spin/motorcycle-sport/b3141e/5.svg', '/demo-img/banner/ute/f2f3f0/0b3d91.svg', '/demo-img/logo/kia.svg']) {
      expect(renderDemoImage(path)?.body).toBe(renderDemoImage(path)?.body);
    }
  });
});

const hex3 = (f: string) => [0, 2, 4].map((i) => parseInt(f.slice(1 + i, 3 + i), 16) / 255) as [number, number, number];
function hueOf(f: string) {
  const [r, g, b] = hex3(f);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max === min) return 999;
  const h = max === r ? ((g - b) / (max - min)) % 6 : max === g ? (b - r) / (max - min) + 2 : (r - g) / (max - min) + 4;
  return Math.abs(h * 60);
}
function satOf(f: string) {
  const [r, g, b] = hex3(f);
  const max = Math.max(r, g, b);
  return max === 0 ? 0 : (max - Math.min(r, g, b)) / max;
}
/** Mean lightness of the flat body fills (gradients, tyres and glass excluded by taking the upper half of fills). */
function lightness(svg: string) {
  const fills = [...svg.split('<g stroke-width')[1]!.matchAll(/<path fill="(#[0-9a-f]{6})" stroke/g)].map((m) => hex3(m[1]!).reduce((a, b) => a + b) / 3).sort((a, b) => b - a);
  const top = fills.slice(0, Math.max(1, Math.floor(fills.length / 2)));
  return top.reduce((a, b) => a + b, 0) / top.length;
}

describe('vehicle pictures', () => {
  it('every body draws all 24 gallery views and 24 spin frames: 4:3, no text, under 12 KB, no broken numbers', () => {
    const bad: string[] = [];
    for (const body of BODIES) {
      for (let n = 0; n < VIEW_COUNT; n++) {
        for (const svg of [renderCarView({ body, colour: '#1f4e8c', trim: '#a0785a', view: n })!, renderVehicleSvg({ body, colour: '#f2f3f0', angle: n })]) {
          const problems = [...carPictureProblems(svg), ...xmlProblems(svg), ...(/NaN|Infinity|undefined/.test(svg) ? ['broken number'] : [])];
          if (problems.length) bad.push(`${body} ${n}: ${problems.join(', ')}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('documents one view per index: exteriors first, then the dash and seats; motorcycles have no car interiors', () => {
    for (const body of BODIES) {
      const table = viewTable(body)!;
      expect(table, body).toHaveLength(VIEW_COUNT);
      expect(new Set(table).size, body).toBe(VIEW_COUNT);
      expect(table.slice(0, 3), body).toEqual(['front34', 'side', 'rear34']);
      expect(table[7], body).toBe('wheel');
    }
    for (const body of BODIES.filter((b) => !b.startsWith('motorcycle'))) expect(viewTable(body)!.slice(3, 5), body).toEqual(['dash', 'frontSeats']);
    for (const body of BODIES.filter((b) => b.startsWith('motorcycle'))) {
      expect(viewTable(body)!.some((v) => ['dash', 'frontSeats', 'rearSeats', 'console', 'steering', 'cargo'].includes(v)), body).toBe(false);
    }
    expect(viewTable('ute-tub')![8]).toBe('bed');
    expect(viewTable('van-panel')![8]).toBe('cargoBay');
    expect(viewTable('van-commuter')![8]).toBe('rows');
  });

  it('keeps the whole vehicle inside the safe box of every exterior view and spin frame (survives 16:9 and 3:2 crops)', () => {
    const bad: string[] = [];
    for (const body of BODIES) {
      const views = [...Array(VIEW_COUNT).keys()].map((n) => [n, vehicleBounds(body, n)] as const).filter(([, b]) => b);
      const spins = [...Array(24).keys()].map((a) => [`spin ${a}`, vehicleBounds(body, { spin: a })] as const);
      for (const [n, b] of [...views, ...spins]) {
        // 16:9 cover of 800x600 keeps rows 75-525; 3:2 keeps rows 33-567; columns stay whole
        if (b!.x0 < 60 || b!.x1 > 740 || b!.y0 < 80 || b!.y1 > 520) bad.push(`${body} ${n}: ${JSON.stringify(b)}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('gives each body type its own silhouette', () => {
    const t = Object.fromEntries(BODIES.map((b) => [b, bodyTraits(b)!]));
    // sedans have a boot; hatches, wagons and SUVs do not; the wagon's roof runs further back than the sedan's
    expect(t.sedan!.boot).toBe(true);
    for (const b of ['hatch', 'wagon', 'suv', '4x4', 'van-panel', 'peopleMover']) expect(t[b]!.boot, b).toBe(false);
    expect(t.wagon!.roofLength).toBeGreaterThan(t.sedan!.roofLength + 0.5);
    expect(t.hatch!.roofLength).toBeLessThan(t.wagon!.roofLength);
    // SUVs and 4x4s sit higher; a coupe is lower with two doors; a convertible has no roof
    expect(t.suv!.groundClearance).toBeGreaterThan(t.sedan!.groundClearance + 0.1);
    expect(t['4x4']!.groundClearance).toBeGreaterThanOrEqual(t.suv!.groundClearance);
    expect(t.coupe!.doors).toBe(2);
    expect(t.convertible!.roofLength).toBe(0);
    expect(t.convertible!.roofRatio).toBeLessThan(0.8);
    // a van has a short bonnet; a cab-over truck and a bus none
    expect(t['van-panel']!.bonnetRatio).toBeLessThan(t.sedan!.bonnetRatio * 0.7);
    for (const b of ['lightTruck', 'cabChassis', 'bus']) expect(t[b]!.bonnetRatio, b).toBe(0);
    // utes: a tub or a tray; single cabs have one side window, dual cabs two
    expect(t['ute-tub']!.bed).toBe('tub');
    expect(t['ute-tray']!.bed).toBe('tray');
    expect(t['ute-tray-single']!.sideWindows).toBe(1);
    expect(t['ute-tray']!.sideWindows).toBe(2);
    // van windows follow the listing: a panel van has only the cab's, a Commuter a row of them
    expect(t['van-panel']!.sideWindows).toBe(1);
    expect(t['van-window']!.sideWindows).toBe(4);
    expect(t['van-commuter']!.sideWindows).toBe(5);
    // wheels: four, dual rear wheels on trucks, two on a motorcycle
    expect(t.sedan!.wheels).toBe(4);
    expect(t.lightTruck!.wheels).toBe(6);
    for (const b of BODIES.filter((x) => x.startsWith('motorcycle'))) expect(t[b]!.wheels, b).toBe(2);
  });

  it('draws those differences: wheels and side windows in the side view', () => {
    const wheels = (body: string) => (renderCarView({ body, colour: '#1f4e8c', view: 1 })!.match(/<use href="#w/g) ?? []).length;
    expect(wheels('sedan')).toBe(4);
    expect(wheels('motorcycle-sport')).toBe(2);
    expect(wheels('lightTruck')).toBe(6);
    const windows = (body: string) => (/<path fill="url\(#gl\)" stroke="none" d="([^"]+)"/.exec(renderCarView({ body, colour: '#1f4e8c', view: 1 })!)?.[1]?.match(/M/g) ?? []).length;
    expect(windows('van-panel')).toBe(1);
    expect(windows('van-commuter')).toBe(5);
    expect(windows('sedan')).toBe(2);
  });
});

describe('renderVehicleSvg (spin frames)', () => {
  it('draws every shape at every spin angle without broken numbers', () => {
    for (const shape of SHAPES) {
      for (let angle = 0; angle < 24; angle++) {
        const svg = renderVehicleSvg({ body: shape, colour: '#1f4e8c', angle });
        expect(svg).not.toMatch(/NaN|Infinity|undefined/);
      }
    }
  });

  it('draws different silhouettes per body, turns with the angle and honours the width (4:3)', () => {
    const ute = renderVehicleSvg({ body: 'ute', colour: '#ffffff' });
    const van = renderVehicleSvg({ body: 'van', colour: '#ffffff' });
    expect(ute).not.toBe(van);
    expect(renderVehicleSvg({ body: 'suv', colour: '#000000', width: 320 })).toContain('width="320" height="240"');
    expect(renderVehicleSvg({ body: 'suv', colour: '#000000', angle: 0 })).not.toBe(renderVehicleSvg({ body: 'suv', colour: '#000000', angle: 6 }));
  });

  it('maps spec §5 body types to silhouettes', () => {
    expect(shapeForBody('hatchback')).toBe('hatch');
    expect(shapeForBody('cabChassis')).toBe('truck');
    expect(shapeForBody('4x4')).toBe('offroader');
    expect(shapeForBody('softtop')).toBe('convertible');
    expect(shapeForBody('peopleMover')).toBe('peopleMover');
    expect(shapeForBody('toString')).toBeNull();
    expect(shapeForBody('hovercraft')).toBeNull();
  });

  it('anchors the front on front-facing frames and the rear on rear-facing frames', () => {
    expect(vehicleAnchor('suv', 3, 'front')).not.toBeNull();
    expect(vehicleAnchor('suv', 3, 'rear')).toBeNull();
    expect(vehicleAnchor('suv', 18, 'rear')).not.toBeNull();
    expect(vehicleAnchor('suv', 18, 'front')).toBeNull();
    expect(vehicleAnchor('suv', 0, 'wheel')?.posX).toBeGreaterThan(50);
    expect(vehicleAnchor('suv', 12, 'wheel')?.posX).toBeLessThan(50);
    expect(vehicleAnchor('suv', 6, 'wheel')).toBeNull();
  });

  it('shades colours', () => {
    expect(shade('#808080', 0.5)).toBe('#404040');
    expect(shade('#000000', 2)).toBe('#ffffff');
    expect(() => shade('blue', 1)).toThrow();
  });
});

describe('renderBannerSvg', () => {
  it('puts the vehicle inside the safe area that survives cover crops at 32:9, 16:9 and 4:3', () => {
    for (const body of ['suv', 'ute', 'lightTruck', 'motorcycle', 'hatch']) {
      const svg = renderBannerSvg({ body, colour: '#f2f3f0', background: '#0b3d91' });
      expect(frameOf(svg)).toEqual({ width: 1920, height: 540, vw: 1920, vh: 540 });
      const nested = /<svg x="(-?\d+)" y="(-?\d+)" width="(\d+)" height="(\d+)" viewBox="0 0 800 600"/.exec(svg)!;
      const [x, y, w] = [Number(nested[1]), Number(nested[2]), Number(nested[3])];
      const k = w / 800;
      const b = vehicleBounds(body, 0)!;
      const box = { x0: x + b.x0 * k, x1: x + b.x1 * k, y0: y + b.y0 * k, y1: y + b.y1 * k };
      expect(box.x0).toBeGreaterThanOrEqual(BANNER_SAFE.x - 1);
      expect(box.x1).toBeLessThanOrEqual(BANNER_SAFE.x + BANNER_SAFE.width + 1);
      // a 4:3 crop of the banner keeps columns 600-1320, a 16:9 crop 480-1440
      expect(box.x0).toBeGreaterThan(600);
      expect(box.x1).toBeLessThan(1320);
      expect(box.y0).toBeGreaterThan(0);
      expect(box.y1).toBeLessThan(540);
      expect(svg).not.toMatch(/<text[\s>]/);
      expect(xmlProblems(svg)).toEqual([]);
    }
  });
});

describe('every demo image is well-formed SVG (a browser shows nothing otherwise)', () => {
  let paths: string[] = [];
  beforeAll(async () => {
    const { buildSeed } = await import('./index.ts');
    const seed = buildSeed({ now: Date.UTC(2026, 10, 21) });
    const text = [...seed.config, ...seed.stock].map((e) => e.value).join('\n');
    paths = [...new Set(text.match(/\/demo-img\/[A-Za-z0-9/_.-]+\.svg/g) ?? [])];
  }, 60_000);

  it('xmlProblems catches a repeated attribute', () => {
    expect(xmlProblems('<svg a="1" a="2"></svg>')).toEqual(['<svg> repeats a']);
  });

  it('for every image path the demo data links to (car pictures 4:3, text-free, small)', () => {
    expect(paths.length).toBeGreaterThan(1000);
    const bad: string[] = [];
    // Every path is served; paths that differ only in colours (paint, trim, banner ground) draw the same markup with
    // other fill values, so one of each kind is drawn and checked in full (drawing all ~12,000 takes too long for CI).
    const kinds = new Map<string, string>();
    for (const p of paths) {
      if (!demoImageExists(p)) bad.push(`${p}: not served`);
      const kind = p.replace(/[0-9a-f]{6}(\.[0-9a-f]{6})?/g, (_, trim) => (trim ? 'paint.trim' : 'colour'));
      if (!kinds.has(kind)) kinds.set(kind, p);
    }
    expect(kinds.size).toBeGreaterThan(500);
    for (const p of kinds.values()) {
      const out = renderDemoImage(p);
      if (!out) {
        bad.push(`${p}: not served`);
        continue;
      }
      for (const problem of xmlProblems(out.body)) bad.push(`${p}: ${problem}`);
      if (p.startsWith('/demo-img/car/') || p.startsWith('/demo-img/spin/')) for (const problem of carPictureProblems(out.body)) bad.push(`${p}: ${problem}`);
    }
    expect(bad).toEqual([]);
  }, 60_000);
});
