/**
 * A tiny deterministic 3D-to-SVG renderer for the demo vehicles: perspective camera, lofted bodies, prisms, wheels,
 * decals lifted onto surfaces, back-face culling, painter's ordering, flat lighting with shading gradients.
 * World axes: x forward (the vehicle's nose at +x), y to the vehicle's left, z up; metres; ground at z = 0.
 */

export type V3 = [number, number, number];
export type P2 = [number, number];

export const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const add = (a: V3, b: V3): V3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const mul = (a: V3, k: number): V3 => [a[0] * k, a[1] * k, a[2] * k];
export const dot = (a: V3, b: V3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
export const len = (a: V3): number => Math.hypot(a[0], a[1], a[2]);
export const norm = (a: V3): V3 => {
  const l = len(a) || 1;
  return [a[0] / l, a[1] / l, a[2] / l];
};
export const lerp3 = (a: V3, b: V3, t: number): V3 => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
const lerp = (a: number, b: number, t: number) => a + (b - a) * t;

/** Newell normal of a polygon (not normalised to the outside: see `outward`). */
export function newell(pts: V3[]): V3 {
  const n: V3 = [0, 0, 0];
  for (let i = 0; i < pts.length; i++) {
    const a = pts[i] as V3;
    const b = pts[(i + 1) % pts.length] as V3;
    n[0] += (a[1] - b[1]) * (a[2] + b[2]);
    n[1] += (a[2] - b[2]) * (a[0] + b[0]);
    n[2] += (a[0] - b[0]) * (a[1] + b[1]);
  }
  return n;
}

export function centroid(pts: V3[]): V3 {
  const c: V3 = [0, 0, 0];
  for (const p of pts) (c[0] += p[0]), (c[1] += p[1]), (c[2] += p[2]);
  return mul(c, 1 / Math.max(1, pts.length));
}

// ------------------------------------------------------------------ camera

export type Cam = { eye: V3; f: V3; r: V3; u: V3 };

export function lookAt(eye: V3, target: V3): Cam {
  const f = norm(sub(target, eye));
  let r = cross(f, [0, 0, 1]);
  if (len(r) < 1e-6) r = [0, 1, 0];
  r = norm(r);
  return { eye, f, r, u: cross(r, f) };
}

/** A camera circling the target: yaw 0 looks at the nose (camera on +x), -90 at the right-hand side (nose to the right). */
export function orbit(yawDeg: number, elevDeg: number, dist: number, target: V3): Cam {
  const y = (yawDeg * Math.PI) / 180;
  const e = (elevDeg * Math.PI) / 180;
  return lookAt([target[0] + dist * Math.cos(e) * Math.cos(y), target[1] + dist * Math.cos(e) * Math.sin(y), target[2] + dist * Math.sin(e)], target);
}

/** Perspective projection to normalised screen coordinates (y down). */
export function project(c: Cam, p: V3): P2 {
  const d = sub(p, c.eye);
  const z = Math.max(0.05, dot(d, c.f));
  return [dot(d, c.r) / z, -dot(d, c.u) / z];
}

export const depth = (c: Cam, p: V3): number => dot(sub(p, c.eye), c.f);

// ------------------------------------------------------------------ scene description

/** Material names; colours come from the paint, the trim and fixed palettes at render time. */
export type Mat =
  | 'paint' | 'paintDark' | 'trim' | 'black' | 'glass' | 'glassTop' | 'chrome' | 'grille' | 'head' | 'tail' | 'amber' | 'plate' | 'well'
  | 'tyre' | 'bedwall' | 'bedfloor' | 'alloy' | 'steel' | 'seat' | 'engine' | 'refl' | 'shade' | 'line' | 'mesh';

export type Poly = {
  pts: V3[];
  mat: Mat;
  /** Rough outward direction (orients the normal for culling and light); omitted: never culled, lit as facing the camera. */
  out?: V3;
  /** Draw as an open polyline (door gaps, shut lines). */
  line?: boolean;
  /** Floor of an open box: drawn clipped to `clip` (the rim opening). */
  clip?: V3[];
};

export type RimStyle = 'alloy5' | 'alloy10' | 'split6' | 'steel' | 'truck' | 'wire' | 'cast';

export type Wheel = {
  c: V3;
  r: number;
  /** Tyre width (m). */
  w: number;
  rim: RimStyle;
  /** Rim radius as a share of the tyre radius. */
  rr: number;
  /** The wheel's visible region on its own side of the body (arch or the space under a tray), in world points. */
  clip?: V3[];
  /** Motorcycle wheels sort with the other parts instead of the near/far layers. */
  inline?: boolean;
};

export type Obj = { faces: Poly[]; decals: Poly[]; c?: V3; wheel?: Wheel };

export type Model = {
  objs: Obj[];
  wheels: Wheel[];
  /** Overall length, width, height (m). */
  size: V3;
  /** Footprint for the shadow: half length, half width (centred on x = mid). */
  foot: [number, number];
  mid?: number;
  anchors: { front: V3; rear: V3; wheel: V3 };
  /** Points of interest for detail views. */
  focus: Record<string, V3>;
};

// ------------------------------------------------------------------ lofts

/** A loft station: x, underside z, shoulder z, belt z, top z, half width at the shoulder, half width at the top, top panel. */
export type St = [x: number, zb: number, zs: number, zbelt: number, ztop: number, w: number, wt: number, top?: 'p' | 'g' | 'o' | 'd'];

export type Loft = {
  sts: St[];
  faces: Poly[];
  /** A point on the side surface (s = 1 left, -1 right) at (x, z). */
  side(s: number, x: number, z: number, lift?: number): V3;
  /** A point on the top surface at (x, y). */
  top(x: number, y: number, lift?: number): V3;
  /** A point on the nose (end = 1) or the tail (end = -1) at (y, z), wrapping round the corner. */
  end(end: 1 | -1, y: number, z: number, lift?: number): V3;
  /** Top and belt heights along x (for windows). */
  ztop(x: number): number;
  zbelt(x: number): number;
  zb(x: number): number;
  halfWidth(x: number, z: number): number;
};

function ringOf(s: St, side: number): V3[] {
  const [x, zb, zs, zbelt, ztop, w, wt] = s;
  return [
    [x, side * w * 0.9, zb],
    [x, side * w * 0.985, zb + (zs - zb) * 0.45],
    [x, side * w, zs],
    [x, side * w * 0.965, Math.max(zs + 0.001, zbelt)],
    [x, side * wt, Math.max(zbelt + 0.002, ztop)],
  ];
}

/** Polygon area magnitude (to skip degenerate faces). */
const areaOf = (pts: V3[]) => len(newell(pts)) / 2;

export function loft(sts: St[], mat: Mat = 'paint'): Loft {
  const L = sts.map((s) => ringOf(s, 1));
  const R = sts.map((s) => ringOf(s, -1));
  const faces: Poly[] = [];
  const n = sts.length;
  for (let i = 0; i < n - 1; i++) {
    for (const [rings, s] of [[L, 1], [R, -1]] as const) {
      const a = rings[i] as V3[];
      const b = rings[i + 1] as V3[];
      for (let k = 0; k < 4; k++) {
        const q = [a[k], b[k], b[k + 1], a[k + 1]] as V3[];
        if (areaOf(q) > 1e-5) faces.push({ pts: q, mat, out: [0, s, k === 3 ? 0.6 : k === 0 ? -0.5 : 0] });
      }
    }
    const top = (sts[i] as St)[7] ?? 'p';
    if (top !== 'o') {
      const q = [(L[i] as V3[])[4], (L[i + 1] as V3[])[4], (R[i + 1] as V3[])[4], (R[i] as V3[])[4]] as V3[];
      if (areaOf(q) > 1e-5) faces.push({ pts: q, mat: top === 'd' ? 'trim' : mat, out: [0, 0, 1] });
    }
  }
  const cap = (i: number, dir: number) => {
    const pts = [...(L[i] as V3[]), ...[...(R[i] as V3[])].reverse()];
    faces.push({ pts, mat, out: [dir, 0, 0] });
  };
  cap(n - 1, 1);
  cap(0, -1);

  const seg = (x: number): [number, number] => {
    for (let i = 0; i < n - 1; i++) {
      const x0 = (sts[i] as St)[0];
      const x1 = (sts[i + 1] as St)[0];
      if (x <= x1 || i === n - 2) return [i, x1 === x0 ? 0 : Math.min(1, Math.max(0, (x - x0) / (x1 - x0)))];
    }
    return [0, 0];
  };
  const at = (rings: V3[][], i: number, t: number, k: number) => lerp3((rings[i] as V3[])[k] as V3, (rings[i + 1] as V3[])[k] as V3, t);
  const sidePoint = (s: number, x: number, z: number): V3 => {
    const [i, t] = seg(x);
    const rings = s > 0 ? L : R;
    const pts = [0, 1, 2, 3, 4].map((k) => at(rings, i, t, k));
    const first = pts[0] as V3;
    const last = pts[4] as V3;
    if (z <= first[2]) return [x, first[1], z];
    if (z >= last[2]) return [x, last[1], z];
    for (let k = 0; k < 4; k++) {
      const A = pts[k] as V3;
      const B = pts[k + 1] as V3;
      if (z <= B[2]) {
        const u = B[2] === A[2] ? 0 : (z - A[2]) / (B[2] - A[2]);
        return [x, lerp(A[1], B[1], u), z];
      }
    }
    return [x, last[1], z];
  };
  const field = (k: 2 | 3 | 4 | 0) => (x: number) => {
    const [i, t] = seg(x);
    return at(L, i, t, k)[2];
  };
  const api: Loft = {
    sts,
    faces,
    side: (s, x, z, lift = 0.006) => {
      const p = sidePoint(s, x, z);
      return [p[0], p[1] + s * lift, p[2]];
    },
    top: (x, y, lift = 0.006) => {
      const [i, t] = seg(x);
      const l = at(L, i, t, 4);
      const r = at(R, i, t, 4);
      const u = l[1] === r[1] ? 0.5 : (y - r[1]) / (l[1] - r[1]);
      return [l[0], y, lerp(r[2], l[2], u) + lift];
    },
    end: (end, y, z, lift = 0.006) => {
      const ay = Math.abs(y);
      const s = y >= 0 ? 1 : -1;
      const iCap = end > 0 ? n - 1 : 0;
      const iIn = end > 0 ? n - 2 : 1;
      const xCap = (sts[iCap] as St)[0];
      const xIn = (sts[iIn] as St)[0];
      const hw = (x: number) => Math.abs(sidePoint(s, x, z)[1]);
      if (ay <= hw(xCap)) return [xCap + end * lift, y, z];
      if (ay >= hw(xIn)) return api.side(s, xIn, z, lift);
      let lo = 0;
      let hi = 1;
      for (let k = 0; k < 14; k++) {
        const mid = (lo + hi) / 2;
        if (hw(lerp(xCap, xIn, mid)) < ay) lo = mid;
        else hi = mid;
      }
      const x = lerp(xCap, xIn, (lo + hi) / 2);
      return [x + end * lift * 0.7, y + s * lift * 0.7, z];
    },
    ztop: field(4),
    zbelt: field(3),
    zb: field(0),
    halfWidth: (x, z) => Math.abs(sidePoint(1, x, z)[1]),
  };
  return api;
}

// ------------------------------------------------------------------ prisms and boxes

/** A side profile (x, z), convex, extruded across y0..y1. */
export function prism(profile: P2[], y0: number, y1: number, mat: Mat, capMat: Mat = mat): Poly[] {
  const a = profile.map(([x, z]) => [x, y0, z] as V3);
  const b = profile.map(([x, z]) => [x, y1, z] as V3);
  const faces: Poly[] = [];
  const c2 = profile.reduce((s, p) => [s[0] + p[0] / profile.length, s[1] + p[1] / profile.length], [0, 0]);
  for (let i = 0; i < profile.length; i++) {
    const j = (i + 1) % profile.length;
    const q = [a[i], a[j], b[j], b[i]] as V3[];
    const mid = lerp3(a[i] as V3, a[j] as V3, 0.5);
    if (areaOf(q) > 1e-6) faces.push({ pts: q, mat, out: [mid[0] - c2[0], 0, mid[2] - c2[1]] });
  }
  faces.push({ pts: a, mat: capMat, out: [0, y0 < y1 ? -1 : 1, 0] });
  faces.push({ pts: b, mat: capMat, out: [0, y0 < y1 ? 1 : -1, 0] });
  return faces;
}

/** An axis-aligned box. */
export function box(x0: number, x1: number, y0: number, y1: number, z0: number, z1: number, mat: Mat, skipTop = false): Poly[] {
  const faces = prism([[x0, z0], [x1, z0], [x1, z1], [x0, z1]], y0, y1, mat);
  return skipTop ? faces.filter((f) => !(f.out && f.out[2] > 0 && f.out[0] === 0)) : faces;
}

/** A profile (y, z) extruded along x0..x1 (handlebars, bumpers, racks). */
export function prismX(profile: P2[], x0: number, x1: number, mat: Mat): Poly[] {
  return prism(profile.map(([y, z]) => [y, z]), x0, x1, mat).map((f) => ({
    ...f,
    pts: f.pts.map(([py, px, pz]) => [px, py, pz] as V3),
    out: f.out ? ([f.out[1], f.out[0], f.out[2]] as V3) : undefined,
  }));
}

/** An open-topped box (ute tub, tray with dropsides): outside walls, a rim opening and a floor seen through it. */
export function openBox(x0: number, x1: number, hw: number, zBottom: number, zFloor: number, zRim: number, wall: Mat, inner: Mat = 'bedwall', floor: Mat = 'bedfloor'): Obj {
  const faces = box(x0, x1, -hw, hw, zBottom, zRim, wall, true);
  const t = 0.04;
  const rim: V3[] = [[x0 + t, -hw + t, zRim], [x1 - t, -hw + t, zRim], [x1 - t, hw - t, zRim], [x0 + t, hw - t, zRim]];
  const fl: V3[] = rim.map(([x, y]) => [x, y, zFloor]);
  const lip: V3[] = [[x0, -hw, zRim], [x1, -hw, zRim], [x1, hw, zRim], [x0, hw, zRim]];
  return {
    faces,
    decals: [
      { pts: lip, mat: wall, out: [0, 0, 1] },
      { pts: rim, mat: inner, out: [0, 0, 1] },
      { pts: fl, mat: floor, out: [0, 0, 1], clip: rim },
    ],
    c: [(x0 + x1) / 2, 0, (zBottom + zRim) / 2],
  };
}

// ------------------------------------------------------------------ 2D polygon helpers (windows)

/** Clips a polygon to the half-plane left of the directed line a->b (in the x-z plane), shifted inward by m. */
function clipHalf(poly: P2[], a: P2, b: P2, m: number): P2[] {
  const dx = b[0] - a[0];
  const dz = b[1] - a[1];
  const l = Math.hypot(dx, dz);
  if (l < 1e-9) return poly;
  const nx = -dz / l;
  const nz = dx / l;
  const f = (p: P2) => (p[0] - a[0]) * nx + (p[1] - a[1]) * nz - m;
  const out: P2[] = [];
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i] as P2;
    const q = poly[(i + 1) % poly.length] as P2;
    const fp = f(p);
    const fq = f(q);
    if (fp >= 0) out.push(p);
    if (fp >= 0 !== fq >= 0) {
      const t = fp / (fp - fq);
      out.push([lerp(p[0], q[0], t), lerp(p[1], q[1], t)]);
    }
  }
  return out;
}

/** Intersection of a convex polygon with the half-planes left of each directed edge, each shifted inward by m. */
export function clipEdges(subject: P2[], edges: [P2, P2][], m: number): P2[] {
  let out = subject;
  for (const [a, b] of edges) {
    if (!out.length) break;
    out = clipHalf(out, a, b, m);
  }
  return out;
}

/** Inserts points so no edge is longer than `step` (so lifted shapes follow curved surfaces). */
export function densify(poly: P2[], step: number, closed = true): P2[] {
  const out: P2[] = [];
  const n = closed ? poly.length : poly.length - 1;
  for (let i = 0; i < n; i++) {
    const a = poly[i] as P2;
    const b = poly[(i + 1) % poly.length] as P2;
    const k = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / step));
    for (let j = 0; j < k; j++) out.push([lerp(a[0], b[0], j / k), lerp(a[1], b[1], j / k)]);
  }
  if (!closed) out.push(poly[poly.length - 1] as P2);
  return out;
}

export function circle2(cx: number, cz: number, r: number, from: number, to: number, n: number): P2[] {
  const out: P2[] = [];
  for (let i = 0; i <= n; i++) {
    const a = lerp(from, to, i / n);
    out.push([cx + r * Math.cos(a), cz + r * Math.sin(a)]);
  }
  return out;
}
