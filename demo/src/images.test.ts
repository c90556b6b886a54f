import { describe, expect, it } from 'vitest';
import { renderDemoImage } from './images.ts';
import { renderLogoSvg, renderVehicleSvg, shade, shapeForBody, SHAPES, vehicleAnchor } from './svg.ts';

const SVG = 'image/svg+xml; charset=utf-8';

describe('renderDemoImage', () => {
  it.each([
    '/demo-img/car/ute/f2f3f0/2-toyota-hilux.svg',
    '/demo-img/car/motorcycle/1f4e8c/0.svg',
    '/demo-img/car/lightTruck/16181b/23-isuzu-n-series.svg',
    '/demo-img/logo/toyota.svg',
    '/demo-img/logo/harbourside-toyota.svg',
    '/demo-img/interior/a0785a.svg',
    '/demo-img/banner/suv/f2f3f0/0b3d91.svg',
    '/demo-img/place/b0081a/service.svg',
    '/demo-img/report/MM0NJ1HX0TG997011.svg',
  ])('serves %s as SVG', (path) => {
    const out = renderDemoImage(path);
    expect(out?.contentType).toBe(SVG);
    expect(out?.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(out?.body.endsWith('</svg>')).toBe(true);
  });

  it('paints the car in the colour of its path and labels it with the make and model', () => {
    const body = renderDemoImage('/demo-img/car/hatch/b3141e/2-toyota-corolla.svg')?.body ?? '';
    expect(body).toContain('fill="#b3141e"');
    expect(body).toContain('TOYOTA COROLLA');
  });

  it.each([
    '/demo-img/../secret.svg',
    '/demo-img/car/../../etc/passwd',
    '/demo-img/car/suv/..%2f..%2f/1.svg',
    '/demo-img/car/suv/%2e%2e/1.svg',
    '/demo-img/car/suv/zzzzzz/1.svg',
    '/demo-img/car/spaceship/ffffff/1.svg',
    '/demo-img/car/suv/ffffff/24.svg',
    '/demo-img/car/suv/ffffff/1.png',
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
  });
});

describe('renderVehicleSvg', () => {
  it('draws every shape at every spin angle without broken numbers', () => {
    for (const shape of SHAPES) {
      for (let angle = 0; angle < 24; angle++) {
        const svg = renderVehicleSvg({ body: shape, colour: '#1f4e8c', angle });
        expect(svg).not.toMatch(/NaN|Infinity|undefined/);
      }
    }
  });

  it('draws different silhouettes per body and honours the width', () => {
    const ute = renderVehicleSvg({ body: 'ute', colour: '#ffffff' });
    const van = renderVehicleSvg({ body: 'van', colour: '#ffffff' });
    expect(ute).not.toBe(van);
    expect(renderVehicleSvg({ body: 'suv', colour: '#000000', width: 320 })).toContain('width="320" height="160"');
    expect(renderVehicleSvg({ body: 'suv', colour: '#000000', angle: 0 })).not.toBe(renderVehicleSvg({ body: 'suv', colour: '#000000', angle: 6 }));
  });

  it('escapes the label', () => {
    const svg = renderVehicleSvg({ body: 'sedan', colour: '#ffffff', label: '<script>alert("x")</script>' });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;');
  });

  it('maps spec §5 body types to silhouettes', () => {
    expect(shapeForBody('hatchback')).toBe('hatch');
    expect(shapeForBody('cabChassis')).toBe('truck');
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
  });

  it('shades colours', () => {
    expect(shade('#808080', 0.5)).toBe('#404040');
    expect(shade('#000000', 2)).toBe('#ffffff');
    expect(() => shade('blue', 1)).toThrow();
  });
});

describe('renderLogoSvg', () => {
  it('escapes text and sizes the badge to it', () => {
    const short = renderLogoSvg('MG', { background: '#7a1e1e', foreground: '#ffffff' });
    const long = renderLogoSvg('Tom & Jerry <Motors>', { background: '#000000', foreground: '#ffffff' });
    expect(long).toContain('Tom &amp; Jerry &lt;Motors&gt;');
    const width = (svg: string) => Number(/width="(\d+)"/.exec(svg)?.[1]);
    expect(width(long)).toBeGreaterThan(width(short));
  });
});

/** Problems that make a browser refuse an SVG: unbalanced tags, a repeated attribute, a bare `&` or `<`. */
function xmlProblems(svg: string): string[] {
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

describe('every demo image is well-formed SVG (a browser shows nothing otherwise)', () => {
  it('xmlProblems catches a repeated attribute', () => {
    expect(xmlProblems('<svg a="1" a="2"></svg>')).toEqual(['<svg> repeats a']);
  });

  it('for every image path the demo data links to', async () => {
    const { buildSeed } = await import('./index.ts');
    const seed = buildSeed({ now: Date.UTC(2026, 10, 21) });
    const text = [...seed.config, ...seed.stock].map((e) => e.value).join('\n');
    const paths = [...new Set(text.match(/\/demo-img\/[A-Za-z0-9/_.-]+\.svg/g) ?? [])];
    expect(paths.length).toBeGreaterThan(50);
    const bad = paths.flatMap((p) => {
      const out = renderDemoImage(p);
      if (!out) return [`${p}: not served`];
      return xmlProblems(out.body).map((problem) => `${p}: ${problem}`);
    });
    expect(bad).toEqual([]);
  });
});
