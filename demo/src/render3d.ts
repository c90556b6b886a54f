/**
 * Renders a vehicle Model (scene3d.ts) from a camera into a small, deterministic SVG: studio backdrop, soft shadow,
 * far wheels, bodies and parts in painter's order with back-face culling and flat lighting, surface decals
 * (glass, lights, shut lines), then the near wheels clipped to their arches. No text.
 */
import { add, centroid, depth, dot, len, lookAt, mul, newell, norm, orbit, project, sub, type Cam, type Mat, type Model, type Obj, type P2, type Poly, type RimStyle, type V3, type Wheel } from './scene3d.ts';

export const VIEW_W = 800;
export const VIEW_H = 600;

/** Where the vehicle is fitted: a box that survives object-fit: cover at 3:2 and 16:9 (rows 75-525 stay visible at 16:9). */
export const SAFE_BOX = { cx: 400, cy: 318, w: 660, h: 330 };

export type Fit = { s: number; ox: number; oy: number };

export type Shot = {
  yaw: number;
  elev: number;
  /** Camera distance as a multiple of the vehicle's length (default 2.5). */
  dist?: number;
  /** Zoom on a focus point of the model (detail views). */
  focus?: string;
  zoom?: number;
  /** First-person camera (rider views): eye and target are focus names of the model; fov in degrees. */
  eye?: string;
  target?: string;
  fov?: number;
};

function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

/** Mixes a colour towards black (factor < 1) or white (factor > 1). */
export function tone(hex: string, factor: number): string {
  const out = hexToRgb(hex).map((c) => {
    const v = factor <= 1 ? c * factor : c + (255 - c) * Math.min(1, factor - 1);
    return Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0');
  });
  return `#${out.join('')}`;
}

export function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

const FIXED: Partial<Record<Mat, string>> = {
  trim: '#2a2e33', black: '#16181b', chrome: '#c3c9cf', plate: '#e9ebee', bedwall: '#3a3e44', bedfloor: '#2a2d31',
  alloy: '#b9bfc6', steel: '#b4b9bf', seat: '#2b2c2f', engine: '#5a6068', mesh: '#2a2e33',
};
const FLAT: Partial<Record<Mat, string>> = { grille: '#111316', amber: '#e8912a', well: '#0d0f11', tyre: '#1b1d20' };
const GRADIENT: Partial<Record<Mat, string>> = { glass: 'url(#gl)', glassTop: 'url(#gw)', head: 'url(#hl)', tail: 'url(#tl)' };

const r1 = (n: number) => (Math.round(n * 10) / 10).toString();
const r2 = (n: number) => (Math.round(n * 100) / 100).toString();

type Ctx = { cam: Cam; fit: Fit; paint: string; trim: string; light: V3; half: V3; ids: number; defs: Set<string>; clips: string[] };

const screen = (ctx: Ctx, p: V3): P2 => {
  const [x, y] = project(ctx.cam, p);
  return [ctx.fit.ox + ctx.fit.s * x, ctx.fit.oy + ctx.fit.s * y];
};
/** Path data with integer coordinates (the viewBox is 800 wide), dropping repeated points. */
const pathOf = (pts: P2[], closed = true) => {
  const out: string[] = [];
  let last = '';
  for (const [x, y] of pts) {
    const k = `${Math.round(x)} ${Math.round(y)}`;
    if (k !== last) out.push(k);
    last = k;
  }
  return `M${out.join(' ')}${closed ? 'Z' : ''}`;
};

/** Outward unit normal of a polygon (oriented by its `out` hint), or null when it has no area. */
function normalOf(poly: Poly, cam: Cam): V3 | null {
  const n = newell(poly.pts);
  if (len(n) < 1e-9) return null;
  const out = poly.out ?? sub(cam.eye, centroid(poly.pts));
  return norm(dot(n, out) < 0 ? mul(n, -1) : n);
}

function fillOf(ctx: Ctx, mat: Mat, n: V3 | null): { fill: string; opacity?: number; stroke: boolean } {
  const g = GRADIENT[mat];
  if (g) return { fill: g, stroke: false };
  const flat = FLAT[mat];
  if (flat) return { fill: flat, stroke: true };
  if (mat === 'refl') return { fill: 'url(#rf)', stroke: false };
  if (mat === 'shade') return { fill: '#000', opacity: 0.14, stroke: false };
  const base = mat === 'paint' ? ctx.paint : mat === 'paintDark' ? tone(ctx.paint, 0.78) : mat === 'seat' ? ctx.trim : (FIXED[mat] ?? '#888888');
  const nn = n ?? norm(mul(ctx.cam.f, -1));
  const diffuse = Math.max(0, dot(nn, ctx.light));
  const spec = Math.max(0, dot(nn, ctx.half)) ** 24;
  const sky = Math.max(0, nn[2]);
  const isPaint = mat === 'paint' || mat === 'paintDark';
  const light = luminance(base);
  // Paint: strong diffuse falloff, a soft-box highlight on upward faces, darker sides for dark colours to stay rich.
  let k = 0.56 + 0.5 * diffuse + (isPaint ? 0.16 * sky + 0.45 * spec : 0.08 * sky);
  if (isPaint && light > 0.8) k -= 0.05;
  k = Math.round(k / 0.03) * 0.03;
  return { fill: tone(base, k), stroke: true };
}

/** Renders polygons of one object: culled, grouped by fill (an object is convex enough for any order). */
function drawPolys(ctx: Ctx, polys: Poly[], out: string[], cull = true) {
  const groups = new Map<string, { d: string[]; opacity?: number; stroke: boolean; line?: boolean }>();
  const order: string[] = [];
  for (const p of polys) {
    const n = p.out ? normalOf(p, ctx.cam) : null;
    if (p.out && !n) continue;
    if (cull && n && dot(n, sub(ctx.cam.eye, centroid(p.pts))) <= 0) continue;
    if (p.line) {
      const key = 'line';
      if (!groups.has(key)) (groups.set(key, { d: [], stroke: true, line: true }), order.push(key));
      groups.get(key)!.d.push(pathOf(p.pts.map((q) => screen(ctx, q)), false));
      continue;
    }
    if (p.clip) {
      flush();
      const id = `c${ctx.ids++}`;
      ctx.clips.push(`<clipPath id="${id}"><path d="${pathOf(p.clip.map((q) => screen(ctx, q)))}"/></clipPath>`);
      const f = fillOf(ctx, p.mat, n);
      out.push(`<path clip-path="url(#${id})" fill="${f.fill}" d="${pathOf(p.pts.map((q) => screen(ctx, q)))}"/>`);
      continue;
    }
    const f = fillOf(ctx, p.mat, n);
    const key = `${f.fill}|${f.opacity ?? ''}`;
    if (!groups.has(key)) (groups.set(key, { d: [], opacity: f.opacity, stroke: f.stroke }), order.push(key));
    groups.get(key)!.d.push(pathOf(p.pts.map((q) => screen(ctx, q))));
  }
  flush();
  function flush() {
    for (const key of order) {
      const g = groups.get(key)!;
      if (g.line) {
        out.push(`<path fill="none" stroke="#0b0d0f" stroke-opacity=".45" stroke-width="1.3" d="${g.d.join('')}"/>`);
        continue;
      }
      const fill = key.split('|')[0] as string;
      const stroke = g.stroke ? ` stroke="${fill}"` : ' stroke="none"';
      const op = g.opacity !== undefined ? ` opacity="${g.opacity}"` : '';
      out.push(`<path fill="${fill}"${stroke}${op} d="${g.d.join('')}"/>`);
    }
    groups.clear();
    order.length = 0;
  }
}

// ------------------------------------------------------------------ wheels

const CIRCLE_STEPS = 14;

function hull(points: P2[]): P2[] {
  const pts = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const crossZ = (o: P2, a: P2, b: P2) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: P2[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && crossZ(lower[lower.length - 2] as P2, lower[lower.length - 1] as P2, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: P2[] = [];
  for (const p of [...pts].reverse()) {
    while (upper.length >= 2 && crossZ(upper[upper.length - 2] as P2, upper[upper.length - 1] as P2, p) <= 0) upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

function ringPoints(c: V3, r: number): V3[] {
  const out: V3[] = [];
  for (let i = 0; i < CIRCLE_STEPS; i++) {
    const a = (i / CIRCLE_STEPS) * Math.PI * 2;
    out.push([c[0] + r * Math.cos(a), c[1], c[2] + r * Math.sin(a)]);
  }
  return out;
}

/** Rim artwork in unit coordinates (radius 1 = tyre), drawn once in <defs> and placed per wheel by an affine matrix. */
function rimDef(id: string, style: RimStyle, rr: number): string {
  const pol = (r: number, a: number) => `${r2(r * Math.cos(a))} ${r2(r * Math.sin(a))}`;
  const gaps = (n: number, spokeDeg: number, ri: number, ro: number) => {
    let d = '';
    const half = ((Math.PI * 2) / n - (spokeDeg * Math.PI) / 180) / 2;
    for (let i = 0; i < n; i++) {
      const m = (i / n) * Math.PI * 2 - Math.PI / 2 + Math.PI / n;
      d += `M${pol(ro, m - half)}A${r2(ro)} ${r2(ro)} 0 0 1 ${pol(ro, m + half)}L${pol(ri, m + half * 0.7)}A${r2(ri)} ${r2(ri)} 0 0 0 ${pol(ri, m - half * 0.7)}Z`;
    }
    return d;
  };
  const tyre = `<circle r="1" fill="#1b1d20"/><circle r=".96" fill="#26292d"/><circle r="${r2(rr + 0.05)}" fill="#17191c"/>`;
  switch (style) {
    case 'steel':
    case 'truck': {
      let holes = '';
      const n = style === 'truck' ? 8 : 6;
      for (let i = 0; i < n; i++) {
        const a = (i / n) * Math.PI * 2;
        holes += `<circle cx="${r2(rr * 0.62 * Math.cos(a))}" cy="${r2(rr * 0.62 * Math.sin(a))}" r="${r2(rr * 0.1)}" fill="#3b3f44"/>`;
      }
      const disc = style === 'truck' ? '#d9dce0' : '#8d939a';
      return `<g id="${id}">${tyre}<circle r="${r2(rr)}" fill="${disc}"/><circle r="${r2(rr * 0.86)}" fill="none" stroke="#00000033" stroke-width=".04"/>${holes}<circle r="${r2(rr * 0.36)}" fill="#5d636a"/><circle r="${r2(rr * 0.18)}" fill="#2f3338"/></g>`;
    }
    case 'wire': {
      let spokes = '';
      for (let i = 0; i < 32; i++) spokes += `M${pol(rr * 0.14, (i / 32) * Math.PI * 2)}L${pol(rr * 0.96, ((i + (i % 2 ? 3 : -3)) / 32) * Math.PI * 2)}`;
      return `<g id="${id}"><circle r="1" fill="#1b1d20"/><circle r="${r2(rr)}" fill="#2a2d31" stroke="#c9ced3" stroke-width=".06"/><path d="${spokes}" stroke="#c9ced3" stroke-width=".022"/><circle r="${r2(rr * 0.5)}" fill="none" stroke="#9aa1a8" stroke-width=".05"/><circle r="${r2(rr * 0.16)}" fill="#b7bdc3"/></g>`;
    }
    case 'cast': {
      return `<g id="${id}"><circle r="1" fill="#1b1d20"/><circle r="${r2(rr)}" fill="#202327"/><circle r="${r2(rr * 0.9)}" fill="#9aa1a8"/><circle r="${r2(rr * 0.55)}" fill="none" stroke="#c7ccd1" stroke-width=".1"/><path fill="#202327" d="${gaps(5, 26, rr * 0.2, rr * 0.86)}"/><circle r="${r2(rr * 0.16)}" fill="#3a3e43"/></g>`;
    }
    default: {
      const [n, spoke] = style === 'alloy10' ? [10, 11] : style === 'split6' ? [6, 16] : [5, 22];
      const ri = rr * (style === 'alloy10' ? 0.34 : 0.3);
      return `<g id="${id}">${tyre}<circle r="${r2(rr)}" fill="url(#rm)"/><circle r="${r2(rr * 0.97)}" fill="none" stroke="#6f767e" stroke-width=".03"/><path fill="#1d2024" d="${gaps(n, spoke, ri, rr * 0.88)}"/><circle r="${r2(rr * 0.24)}" fill="#aeb4bb"/><circle r="${r2(rr * 0.09)}" fill="#33373c"/></g>`;
    }
  }
}

function drawWheel(ctx: Ctx, w: Wheel, out: string[], showRim: boolean) {
  const toward = Math.sign(ctx.cam.eye[1] - w.c[1]) || 1;
  const cOut: V3 = [w.c[0], w.c[1] + (toward * w.w) / 2, w.c[2]];
  const cIn: V3 = [w.c[0], w.c[1] - (toward * w.w) / 2, w.c[2]];
  const shape = hull([...ringPoints(cOut, w.r), ...ringPoints(cIn, w.r * 0.97)].map((p) => screen(ctx, p)));
  let clip = '';
  if (w.clip && showRim) {
    const id = `c${ctx.ids++}`;
    ctx.clips.push(`<clipPath id="${id}"><path d="${pathOf(w.clip.map((p) => screen(ctx, p)))}"/></clipPath>`);
    clip = ` clip-path="url(#${id})"`;
  }
  const c = screen(ctx, cOut);
  const a = sub3(screen(ctx, add(cOut, [w.r, 0, 0])), c);
  const b = sub3(screen(ctx, add(cOut, [0, 0, -w.r])), c);
  const id = showRim ? `w${w.rim}${Math.round(w.rr * 100)}` : 'w0';
  ctx.defs.add(showRim ? rimDef(id, w.rim, w.rr) : `<g id="w0"><circle r="1" fill="#1b1d20"/><circle r=".9" fill="#222529"/><circle r=".55" fill="#34383d"/></g>`);
  out.push(
    `<g${clip}><path fill="#141618" d="${pathOf(shape)}"/><use href="#${id}" transform="matrix(${r2(a[0])} ${r2(a[1])} ${r2(b[0])} ${r2(b[1])} ${r1(c[0])} ${r1(c[1])})"/></g>`,
  );
}
const sub3 = (a: P2, b: P2): P2 => [a[0] - b[0], a[1] - b[1]];

// ------------------------------------------------------------------ framing

function allPoints(model: Model): V3[] {
  const pts: V3[] = [];
  for (const o of model.objs) for (const f of o.faces) pts.push(...f.pts);
  for (const w of model.wheels) {
    for (const s of [-1, 1]) pts.push(...ringPoints([w.c[0], w.c[1] + (s * w.w) / 2, w.c[2]], w.r));
  }
  return pts;
}

export function cameraFor(model: Model, shot: Shot): Cam {
  if (shot.eye && shot.target && model.focus[shot.eye] && model.focus[shot.target]) return lookAt(model.focus[shot.eye] as V3, model.focus[shot.target] as V3);
  const [L, , H] = model.size;
  const dist = (shot.dist ?? 2.5) * Math.max(L, 3.2);
  return orbit(shot.yaw, shot.elev, dist, [0, 0, H * 0.45]);
}

function bbox(points: P2[]) {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const [x, y] of points) (x0 = Math.min(x0, x)), (y0 = Math.min(y0, y)), (x1 = Math.max(x1, x)), (y1 = Math.max(y1, y));
  return { x0, y0, x1, y1 };
}

export function fitFor(model: Model, cam: Cam, shot: Shot, box = SAFE_BOX): Fit {
  if (shot.eye && shot.target) {
    const s = VIEW_W / 2 / Math.tan((((shot.fov ?? 60) / 2) * Math.PI) / 180);
    return { s, ox: VIEW_W / 2, oy: VIEW_H / 2 };
  }
  const b = bbox(allPoints(model).map((p) => project(cam, p)));
  const s = Math.min(box.w / (b.x1 - b.x0), box.h / (b.y1 - b.y0));
  if (shot.focus && model.focus[shot.focus]) {
    const z = s * (shot.zoom ?? 2);
    const [fx, fy] = project(cam, model.focus[shot.focus] as V3);
    return { s: z, ox: VIEW_W / 2 - z * fx, oy: VIEW_H / 2 - z * fy };
  }
  const k = s * (shot.zoom ?? 1);
  return { s: k, ox: box.cx - (k * (b.x0 + b.x1)) / 2, oy: box.cy - (k * (b.y0 + b.y1)) / 2 };
}

/** The vehicle's extent in picture coordinates (viewBox units) for a shot. */
export function pictureBounds(model: Model, shot: Shot, fixedFit?: Fit): { x0: number; y0: number; x1: number; y1: number } {
  const cam = cameraFor(model, shot);
  const fit = fixedFit ?? fitFor(model, cam, shot);
  const b = bbox(allPoints(model).map((p) => project(cam, p)));
  return { x0: fit.ox + fit.s * b.x0, y0: fit.oy + fit.s * b.y0, x1: fit.ox + fit.s * b.x1, y1: fit.oy + fit.s * b.y1 };
}

/** One scale for all 24 spin frames (so the vehicle does not pulse while it turns), centred on the turning axis. */
export function spinFit(model: Model, shots: Shot[], box = SAFE_BOX): Fit {
  let s = Infinity;
  let mid = 0;
  for (const shot of shots) {
    const cam = cameraFor(model, shot);
    const b = bbox(allPoints(model).map((p) => project(cam, p)));
    s = Math.min(s, box.w / (2 * Math.max(-b.x0, b.x1)), box.h / (b.y1 - b.y0));
    mid += (b.y0 + b.y1) / 2 / shots.length;
  }
  return { s, ox: box.cx, oy: box.cy - s * mid };
}

// ------------------------------------------------------------------ the picture

export type RenderOptions = { paint: string; trim?: string; width?: number; label: string; background?: 'studio' | 'none' };

const DEFS_BASE =
  '<linearGradient id="gl" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7d8fa1"/><stop offset=".5" stop-color="#303b47"/><stop offset="1" stop-color="#161b21"/></linearGradient>' +
  '<linearGradient id="gw" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#95a8ba"/><stop offset=".45" stop-color="#3c4a59"/><stop offset=".55" stop-color="#26303a"/><stop offset="1" stop-color="#141a20"/></linearGradient>' +
  '<linearGradient id="hl" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#aab3bd"/></linearGradient>' +
  '<linearGradient id="tl" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff4d55"/><stop offset="1" stop-color="#8e0c16"/></linearGradient>' +
  '<linearGradient id="rf" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".08"/><stop offset=".34" stop-color="#fff" stop-opacity=".26"/><stop offset=".4" stop-color="#000" stop-opacity="0"/><stop offset=".75" stop-color="#000" stop-opacity=".1"/><stop offset="1" stop-color="#000" stop-opacity=".28"/></linearGradient>' +
  '<radialGradient id="rm" cx=".4" cy=".35" r=".8"><stop offset="0" stop-color="#f3f5f7"/><stop offset=".6" stop-color="#b0b6bd"/><stop offset="1" stop-color="#6c737b"/></radialGradient>' +
  '<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f5f6f8"/><stop offset=".62" stop-color="#e6e9ed"/><stop offset="1" stop-color="#d5d9de"/></linearGradient>' +
  '<filter id="sh" x="-30%" y="-80%" width="160%" height="260%"><feGaussianBlur stdDeviation="10"/></filter>' +
  '<filter id="sc" x="-30%" y="-80%" width="160%" height="260%"><feGaussianBlur stdDeviation="3"/></filter>';

/**
 * The SVG of a model from one camera.
 * @example renderModel(model, { yaw: -52, elev: 9 }, { paint: '#b3141e', label: 'Red sedan' })
 */
export function renderModel(model: Model, shot: Shot, options: RenderOptions, fixedFit?: Fit): string {
  const cam = cameraFor(model, shot);
  const fit = fixedFit ?? fitFor(model, cam, shot);
  const to = norm(mul(cam.f, -1));
  const light = norm(add(add(mul(cam.u, 1), mul(to, 0.5)), mul(cam.r, -0.35)));
  const ctx: Ctx = { cam, fit, paint: options.paint, trim: options.trim ?? '#2b2c2f', light, half: norm(add(light, to)), ids: 1, defs: new Set(), clips: [] };
  const body: string[] = [];

  // shadow: the footprint on the floor, blurred, and a tighter contact shadow
  const [fl, fw] = model.foot;
  const mx = model.mid ?? 0;
  const rect = (k: number) => ([[mx + fl * k, fw * k, 0], [mx - fl * k, fw * k, 0], [mx - fl * k, -fw * k, 0], [mx + fl * k, -fw * k, 0]] as V3[]).map((p) => screen(ctx, p));
  body.push(`<path fill="#2b3440" opacity=".26" filter="url(#sh)" d="${pathOf(rect(1.06))}"/><path fill="#15191e" opacity=".3" filter="url(#sc)" d="${pathOf(rect(0.86))}"/>`);

  const near = (w: Wheel) => !w.inline && (ctx.cam.eye[1] - w.c[1]) * Math.sign(w.c[1] || 1) > w.w;
  for (const w of model.wheels) if (!w.inline && !near(w)) drawWheel(ctx, w, body, false);

  const objs: Obj[] = [...model.objs, ...model.wheels.filter((w) => w.inline).map((w) => ({ faces: [], decals: [], c: w.c, wheel: w }))];
  const keyed = objs.map((o) => ({ o, d: depth(cam, o.c ?? centroid(o.faces.flatMap((f) => f.pts))) }));
  keyed.sort((a, b) => b.d - a.d);
  for (const { o } of keyed) {
    if (o.wheel) {
      drawWheel(ctx, o.wheel, body, true);
      continue;
    }
    drawPolys(ctx, o.faces, body);
    drawPolys(ctx, o.decals, body);
  }
  for (const w of model.wheels) if (near(w)) drawWheel(ctx, w, body, true);

  const width = options.width ?? VIEW_W;
  const height = Math.round((width * VIEW_H) / VIEW_W);
  const backdrop = options.background === 'none' ? '' : `<rect width="${VIEW_W}" height="${VIEW_H}" fill="url(#bg)"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${VIEW_W} ${VIEW_H}" role="img" aria-label="${options.label}">` +
    `<defs>${DEFS_BASE}${[...ctx.defs].join('')}${ctx.clips.join('')}</defs>` +
    backdrop +
    `<g stroke-width=".8" stroke-linejoin="round">${body.join('')}</g>` +
    '</svg>'
  );
}

/** Screen position (percent of the picture) of a world point, or null when it faces away. */
export function anchorPercent(model: Model, shot: Shot, fit: Fit, p: V3, facing: V3 | null): { posX: number; posY: number } | null {
  const cam = cameraFor(model, shot);
  if (facing && dot(facing, sub(cam.eye, p)) <= 0.05 * len(sub(cam.eye, p))) return null;
  const [x, y] = project(cam, p);
  const px = ((fit.ox + fit.s * x) / VIEW_W) * 100;
  const py = ((fit.oy + fit.s * y) / VIEW_H) * 100;
  if (px <= 0 || px >= 100 || py <= 0 || py >= 100) return null;
  return { posX: Math.round(px * 10) / 10, posY: Math.round(py * 10) / 10 };
}
