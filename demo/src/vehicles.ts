/**
 * The demo's vehicle models: one parametric 3D model per body type (and variant), built from lofted body stations,
 * prisms and wheels (scene3d.ts). Each model states what makes its silhouette what it is (roof line, bonnet, bed,
 * windows, wheel count) in `traits`, which the tests check.
 */
import {
  box, centroid, circle2, clipEdges, densify, loft, openBox, prism, prismX,
  type Loft, type Mat, type Model, type Obj, type P2, type Poly, type RimStyle, type St, type V3, type Wheel,
} from './scene3d.ts';

/** Silhouette families; every simple_body maps onto one (see `shapeForBody`). */
export const SHAPES = ['sedan', 'hatch', 'wagon', 'suv', 'offroader', 'hardtop', 'ute', 'van', 'peopleMover', 'coupe', 'convertible', 'truck', 'bus', 'motorcycle'] as const;
export type Shape = (typeof SHAPES)[number];

/** Variants a body token may carry after a dash (`ute-tray`, `van-window`, `motorcycle-sport`, `ute-tray-single`). */
export const VARIANTS: Record<Shape, readonly string[]> = {
  sedan: [], hatch: [], wagon: [], suv: [], offroader: [], hardtop: [], coupe: [], convertible: [], peopleMover: [], bus: [],
  ute: ['tub', 'tray', 'single', 'dual'],
  van: ['panel', 'window', 'commuter'],
  truck: ['light', 'heavy'],
  motorcycle: ['naked', 'sport', 'adventure', 'retro', 'touring', 'cruiser'],
};

export type Traits = {
  shape: Shape;
  variant: string;
  wheels: number;
  /** Side windows per side. */
  sideWindows: number;
  /** Roof height over overall height. */
  roofRatio: number;
  /** Bonnet length (nose to windscreen base) over overall length. */
  bonnetRatio: number;
  /** Length of the roof panel (m), 0 for none. */
  roofLength: number;
  /** A boot lid below the rear window (sedans). */
  boot: boolean;
  bed: 'tub' | 'tray' | null;
  doors: number;
  groundClearance: number;
};

// ------------------------------------------------------------------ cars

/** A side window: rear edge x, front edge x at belt height, and how far each edge leans forward per metre of height. */
type Win = [xRear: number, xFront: number, leanRear?: number, leanFront?: number];

type CarSpec = {
  body: St[];
  /** Station indices (inclusive) spanning the glasshouse. */
  cabin: [number, number];
  windows: Win[];
  wheels: { xf: number; xr: number; r: number; track: number; tw: number; rim: RimStyle; rr: number; dualRear?: boolean };
  /** Shut lines (x) and door handles (x) on each side. */
  doors: number[];
  handles: number[];
  /** Left headlamp and tail lamp outlines (y, z), mirrored to the right. */
  head: P2[];
  tail: P2[];
  grille: P2[];
  intake?: P2[];
  /** Number plate centre heights (front, rear). */
  plate: [number | null, number | null];
  rearGlass?: P2[];
  frontGlass?: P2[];
  clad?: boolean;
  rails?: boolean;
  mirrors?: 'paint' | 'black' | 'truck';
  steps?: boolean;
  sliding?: boolean;
  /** The nose is a flat cab front (no bonnet). */
  cabOver?: boolean;
};

const mirrorY = (poly: P2[]): P2[] => poly.map(([y, z]) => [-y, z] as P2).reverse();

function carObjects(spec: CarSpec, body: Loft): { obj: Obj; wheels: Wheel[]; extra: Obj[] } {
  const sts = spec.body;
  const decals: Poly[] = [];
  const W = spec.wheels;
  const R = W.r * 1.13;

  // Side: lower shade, shoulder reflection, cladding.
  for (const s of [1, -1]) {
    const inner = sts.slice(1, -1);
    const band = (lo: (t: St) => number, hi: (t: St) => number): P2[] => [...inner.map((t) => [t[0], lo(t)] as P2), ...[...inner].reverse().map((t) => [t[0], hi(t)] as P2)];
    const lift = (poly: P2[], mat: Mat, step = 0.5) => decals.push({ pts: densify(poly, step).map(([x, z]) => body.side(s, x, z)), mat, out: [0, s, 0] });
    lift(band((t) => t[1] + 0.005, (t) => t[3] - 0.01), 'refl');
    if (spec.clad) lift(band((t) => t[1] + 0.005, (t) => t[1] + 0.11), 'trim');
    for (const xw of [W.xf, W.xr]) {
      if (spec.clad) {
        const ring = [...circle2(xw, W.r, R + 0.075, -0.3, Math.PI + 0.3, 14), ...circle2(xw, W.r, R - 0.01, Math.PI + 0.3, -0.3, 14)];
        lift(ring.map(([x, z]) => [x, Math.max(z, body.zb(x) + 0.005)] as P2), 'trim', 0.2);
      }
      const arch = circle2(xw, W.r, R, -0.35, Math.PI + 0.35, 16).map(([x, z]) => [x, Math.max(z, body.zb(x) + 0.002)] as P2);
      lift(arch, 'well', 0.2);
    }
    // windows
    // windows: a slanted quad per window, below the roof line (concave down), above the belt, inside the glasshouse
    const cab = sts.slice(spec.cabin[0], spec.cabin[1] + 1);
    const first = cab[0] as St;
    const last = cab[cab.length - 1] as St;
    const roofEdges: [P2, P2][] = [];
    for (let i = cab.length - 1; i > 0; i--) roofEdges.push([[cab[i]![0], cab[i]![4]], [cab[i - 1]![0], cab[i - 1]![4]]]);
    const windowShape = ([xr, xf, lr = 0, lf = 0]: Win, m: number) => {
      const zr = body.zbelt((xr + xf) / 2);
      const quad: P2[] = [[xr - lr, zr - 1], [xf - lf, zr - 1], [xf + lf * 1.5, zr + 1.5], [xr + lr * 1.5, zr + 1.5]];
      const xa = Math.max(first[0], xr - 0.3);
      const xb = Math.min(last[0], xf + 0.3);
      const edges: [P2, P2][] = [
        ...roofEdges,
        [[xa, body.zbelt(xa)], [xb, body.zbelt(xb)]],
        [[first[0], first[4] + 1], [first[0], first[3] - 1]],
        [[last[0], last[3] - 1], [last[0], last[4] + 1]],
      ];
      return clipEdges(quad, edges, m);
    };
    if (spec.windows.length) {
      // the daylight opening in black (window surrounds and B pillars), then the glass inside it
      const rear = spec.windows.reduce((a, w) => (w[0] < a[0] ? w : a));
      const front = spec.windows.reduce((a, w) => (w[1] > a[1] ? w : a));
      const dlo = windowShape([rear[0] - 0.03, front[1] + 0.03, rear[2], front[3]], 0.025);
      if (dlo.length >= 3 && spec.windows.length > 1) lift(dlo, 'black', 0.3);
    }
    for (const w of spec.windows) {
      const win = windowShape(w, 0.045);
      if (win.length >= 3) lift(win, 'glass', 0.3);
    }
    // shut lines and handles
    for (const x of spec.doors) {
      const pts: P2[] = densify([[x, body.zb(x) + 0.07], [x, body.zbelt(x) - 0.005]], 0.1, false);
      decals.push({ pts: pts.map(([px, z]) => body.side(s, px, z, 0.008)), mat: 'line', line: true, out: [0, s, 0] });
    }
    if (spec.sliding) {
      const z = body.zbelt(0) + 0.02;
      const x0 = spec.doors[1] ?? 0;
      const x1 = spec.doors[2] ?? -1;
      decals.push({ pts: densify([[x1 - 0.25, z], [x0, z]], 0.2, false).map(([x, pz]) => body.side(s, x, pz, 0.008)), mat: 'line', line: true, out: [0, s, 0] });
    }
    for (const x of spec.handles) {
      const z = body.zbelt(x) - 0.09;
      lift([[x - 0.13, z], [x, z], [x, z + 0.035], [x - 0.13, z + 0.035]], 'black', 0.2);
    }
  }

  // Top glass: windscreen and sloped rear windows.
  for (let i = 0; i < sts.length - 1; i++) {
    if ((sts[i] as St)[7] !== 'g') continue;
    const a = sts[i] as St;
    const b = sts[i + 1] as St;
    const m = 0.07;
    const x0 = a[0] + 0.04;
    const x1 = b[0] - 0.04;
    const y0 = a[6] - m;
    const y1 = b[6] - m;
    const poly: P2[] = [[x0, -y0], [x1, -y1], [x1, y1], [x0, y0]];
    decals.push({ pts: densify(poly, 0.2).map(([x, y]) => body.top(x, y, 0.008)), mat: 'glassTop', out: [0, 0, 1] });
  }

  // Nose and tail.
  const end = (e: 1 | -1, poly: P2[], mat: Mat, step = 0.1) => decals.push({ pts: densify(poly, step).map(([y, z]) => body.end(e, y, z)), mat, out: [e, 0, 0] });
  if (spec.frontGlass) end(1, spec.frontGlass, 'glassTop', 0.2);
  if (spec.rearGlass) end(-1, spec.rearGlass, 'glass', 0.2);
  end(1, spec.grille, 'grille');
  if (spec.intake) end(1, spec.intake, 'grille');
  end(1, spec.head, 'head');
  end(1, mirrorY(spec.head), 'head');
  end(-1, spec.tail, 'tail');
  end(-1, mirrorY(spec.tail), 'tail');
  const plate = (e: 1 | -1, z: number) => end(e, [[-0.19, z - 0.065], [0.19, z - 0.065], [0.19, z + 0.065], [-0.19, z + 0.065]], 'plate', 0.2);
  if (spec.plate[0] !== null) plate(1, spec.plate[0]);
  if (spec.plate[1] !== null) plate(-1, spec.plate[1]);

  // Wheels with arch clips.
  const wheels: Wheel[] = [];
  for (const xw of [W.xf, W.xr]) {
    for (const s of [1, -1]) {
      const clipPts: P2[] = [[xw + R + 0.01, -0.3], ...circle2(xw, W.r, R + 0.01, -0.35, Math.PI + 0.35, 12), [xw - R - 0.01, -0.3]];
      const clip = clipPts.map(([x, z]) => body.side(s, x, z, 0.02));
      wheels.push({ c: [xw, s * W.track, W.r], r: W.r, w: W.tw, rim: W.rim, rr: W.rr, clip });
    }
  }

  // Mirrors, rails, steps.
  const extra: Obj[] = [];
  const cowl = sts[spec.cabin[1]] as St;
  if (spec.mirrors) {
    const xm = cowl[0] - (spec.cabOver ? 0.05 : 0.12);
    const zm = spec.cabOver ? cowl[3] + 0.2 : cowl[3] + 0.03;
    const hw = cowl[5] * 0.96;
    const tall = spec.mirrors === 'truck' ? 0.34 : 0.13;
    const prof: P2[] = [[xm - 0.07, zm], [xm + 0.07, zm], [xm + 0.06, zm + tall], [xm - 0.05, zm + tall - 0.01]];
    const mat: Mat = spec.mirrors === 'paint' ? 'paint' : 'black';
    for (const s of [1, -1]) {
      const faces = prism(prof, s * (hw - 0.02), s * (hw + (spec.mirrors === 'truck' ? 0.24 : 0.19)), mat, mat);
      extra.push({ faces, decals: [], c: [xm, s * (hw + 0.1), zm] });
    }
  }
  if (spec.rails) {
    const roof = sts.filter((t) => t[4] > t[3] + 0.3);
    const x0 = (roof[0] as St)[0] + 0.05;
    const x1 = (roof[roof.length - 1] as St)[0] - 0.1;
    const z = Math.min(...roof.map((t) => t[4]));
    const wt = Math.min(...roof.map((t) => t[6])) - 0.08;
    for (const s of [1, -1]) {
      extra.push({ faces: prism([[x0, z - 0.01], [x1, z - 0.01], [x1 - 0.06, z + 0.04], [x0 + 0.06, z + 0.04]], s * (wt - 0.018), s * (wt + 0.018), 'trim'), decals: [], c: [(x0 + x1) / 2, s * wt, z] });
    }
  }
  if (spec.steps) {
    const x0 = W.xr + R + 0.05;
    const x1 = W.xf - R - 0.05;
    const z = body.zb((x0 + x1) / 2);
    for (const s of [1, -1]) {
      const hw = body.halfWidth((x0 + x1) / 2, z + 0.05);
      extra.push({ faces: box(x1, x0, s * (hw - 0.15), s * (hw + 0.02), z - 0.09, z - 0.04, 'black'), decals: [], c: [(x0 + x1) / 2, s * hw, z] });
    }
  }
  return { obj: { faces: body.faces, decals, c: [0, 0, 0.8] }, wheels, extra };
}

/** A car-like model from its spec; `more` adds parts (a tub, a tray) and may add decals to the body. */
function carModel(spec: CarSpec, more?: (body: Loft, wheels: Wheel[], main: Obj) => Obj[]): Model {
  const body = loft(spec.body);
  const { obj, wheels, extra } = carObjects(spec, body);
  const objs = [obj, ...extra, ...(more?.(body, wheels, obj) ?? [])];
  const all = objs.flatMap((o) => o.faces.flatMap((f) => f.pts));
  const xMax = Math.max(...all.map((p) => p[0]));
  const xMin = Math.min(...all.map((p) => p[0]));
  const L = xMax - xMin;
  const maxW = Math.max(...spec.body.map((s) => s[5]), ...all.filter((p) => p[2] > 0.3).map((p) => Math.abs(p[1]) - 0.15));
  const H = Math.max(...all.map((p) => p[2]));
  const headZ = centroid(spec.head.map(([y, z]) => [0, y, z] as V3))[2];
  const tailZ = centroid(spec.tail.map(([y, z]) => [0, y, z] as V3))[2];
  const headY = centroid(spec.head.map(([y, z]) => [0, y, z] as V3))[1];
  const tailY = centroid(spec.tail.map(([y, z]) => [0, y, z] as V3))[1];
  const W = spec.wheels;
  return {
    objs,
    wheels,
    size: [L, maxW * 2, H],
    foot: [L / 2, maxW],
    mid: (xMax + xMin) / 2,
    anchors: { front: body.end(1, 0, headZ), rear: body.end(-1, 0, tailZ), wheel: [W.xf, -(W.track + W.tw / 2), W.r] },
    focus: {
      head: body.end(1, -headY, headZ),
      tail: body.end(-1, -tailY, tailZ),
      wheel: [W.xf, -(W.track + W.tw / 2), W.r * 1.05],
      cabin: [(xMax + xMin) / 2, 0, H * 0.8],
      bed: [xMin + L * 0.22, 0, H * 0.55],
    },
  };
}

const STD_HEAD: P2[] = [[0.4, 0.63], [0.78, 0.66], [0.87, 0.71], [0.83, 0.735], [0.46, 0.705]];
const STD_TAIL: P2[] = [[0.46, 0.8], [0.82, 0.8], [0.9, 0.855], [0.86, 0.9], [0.5, 0.895]];

function sedan(): CarSpec {
  return {
    body: [
      [-2.45, 0.4, 0.62, 0.86, 0.88, 0.8, 0.66],
      [-2.38, 0.3, 0.66, 0.93, 0.96, 0.89, 0.74],
      [-1.75, 0.27, 0.7, 0.97, 1.0, 0.915, 0.76, 'g'],
      [-0.95, 0.26, 0.71, 0.95, 1.42, 0.92, 0.74],
      [0.1, 0.26, 0.71, 0.93, 1.44, 0.92, 0.75],
      [0.55, 0.26, 0.71, 0.91, 1.4, 0.92, 0.75, 'g'],
      [1.45, 0.26, 0.71, 0.88, 0.9, 0.915, 0.78],
      [2.15, 0.28, 0.68, 0.8, 0.82, 0.9, 0.75],
      [2.4, 0.3, 0.62, 0.72, 0.74, 0.84, 0.66],
      [2.45, 0.34, 0.55, 0.64, 0.66, 0.76, 0.56],
    ],
    cabin: [2, 6],
    windows: [[0.02, 2, -0.12], [-1.3, -0.07, 0.6, -0.12]],
    wheels: { xf: 1.47, xr: -1.35, r: 0.335, track: 0.79, tw: 0.23, rim: 'alloy5', rr: 0.66 },
    doors: [1.06, -0.03, -0.97],
    handles: [0.2, -0.82],
    head: STD_HEAD,
    tail: STD_TAIL,
    grille: [[-0.4, 0.45], [0.4, 0.45], [0.46, 0.6], [-0.46, 0.6]],
    intake: [[-0.62, 0.3], [0.62, 0.3], [0.58, 0.35], [-0.58, 0.35]],
    plate: [0.39, 0.6],
    mirrors: 'paint',
  };
}

function hatch(): CarSpec {
  return {
    body: [
      [-2.1, 0.44, 0.7, 0.94, 0.99, 0.8, 0.62],
      [-2.03, 0.34, 0.73, 0.97, 1.06, 0.87, 0.66, 'g'],
      [-1.48, 0.29, 0.73, 0.97, 1.38, 0.89, 0.7],
      [-0.3, 0.27, 0.72, 0.95, 1.45, 0.89, 0.72],
      [0.45, 0.27, 0.72, 0.92, 1.41, 0.89, 0.72, 'g'],
      [1.3, 0.27, 0.71, 0.88, 0.9, 0.89, 0.76],
      [1.95, 0.29, 0.68, 0.8, 0.82, 0.87, 0.72],
      [2.14, 0.31, 0.62, 0.72, 0.74, 0.82, 0.64],
      [2.18, 0.35, 0.56, 0.65, 0.67, 0.74, 0.56],
    ],
    cabin: [1, 5],
    windows: [[-0.05, 2, -0.1], [-1.12, -0.14, 0.42, -0.1]],
    wheels: { xf: 1.3, xr: -1.34, r: 0.325, track: 0.78, tw: 0.22, rim: 'split6', rr: 0.64 },
    doors: [0.9, -0.1, -1.0],
    handles: [0.12, -0.86],
    head: STD_HEAD,
    tail: [[0.46, 0.9], [0.8, 0.9], [0.86, 0.96], [0.8, 1.0], [0.5, 0.99]],
    grille: [[-0.38, 0.44], [0.38, 0.44], [0.44, 0.6], [-0.44, 0.6]],
    intake: [[-0.6, 0.3], [0.6, 0.3], [0.56, 0.35], [-0.56, 0.35]],
    plate: [0.39, 0.66],
    mirrors: 'paint',
  };
}

function wagon(): CarSpec {
  return {
    body: [
      [-2.38, 0.42, 0.66, 0.92, 0.95, 0.8, 0.64],
      [-2.32, 0.32, 0.7, 0.96, 1.02, 0.88, 0.68, 'g'],
      [-2.12, 0.29, 0.72, 0.97, 1.38, 0.9, 0.7],
      [-0.3, 0.28, 0.72, 0.95, 1.46, 0.9, 0.73],
      [0.55, 0.28, 0.72, 0.93, 1.42, 0.9, 0.73, 'g'],
      [1.45, 0.28, 0.71, 0.89, 0.91, 0.9, 0.77],
      [2.1, 0.3, 0.68, 0.81, 0.83, 0.88, 0.73],
      [2.33, 0.32, 0.62, 0.73, 0.75, 0.83, 0.65],
      [2.38, 0.36, 0.56, 0.66, 0.68, 0.75, 0.56],
    ],
    cabin: [1, 5],
    windows: [[0.05, 2, -0.1], [-1.02, -0.04, 0.05, -0.1], [-2.3, -1.12, 0.5, 0.05]],
    wheels: { xf: 1.43, xr: -1.27, r: 0.34, track: 0.8, tw: 0.23, rim: 'alloy10', rr: 0.64 },
    doors: [1.02, 0.0, -0.94],
    handles: [0.22, -0.78],
    head: STD_HEAD,
    tail: [[0.5, 0.84], [0.82, 0.84], [0.88, 0.9], [0.82, 0.95], [0.52, 0.93]],
    grille: [[-0.4, 0.45], [0.4, 0.45], [0.46, 0.61], [-0.46, 0.61]],
    intake: [[-0.62, 0.31], [0.62, 0.31], [0.58, 0.36], [-0.58, 0.36]],
    plate: [0.4, 0.6],
    rails: true,
    mirrors: 'paint',
  };
}

function suv(): CarSpec {
  return {
    body: [
      [-2.28, 0.52, 0.86, 1.1, 1.14, 0.84, 0.66],
      [-2.22, 0.45, 0.9, 1.13, 1.26, 0.9, 0.7, 'g'],
      [-1.9, 0.42, 0.92, 1.14, 1.64, 0.93, 0.75],
      [-0.2, 0.42, 0.92, 1.13, 1.72, 0.93, 0.77],
      [0.45, 0.42, 0.92, 1.12, 1.68, 0.93, 0.77, 'g'],
      [1.25, 0.42, 0.92, 1.08, 1.1, 0.93, 0.81],
      [1.98, 0.44, 0.9, 1.04, 1.06, 0.92, 0.79],
      [2.24, 0.48, 0.86, 0.99, 1.01, 0.88, 0.72],
      [2.3, 0.52, 0.78, 0.93, 0.95, 0.8, 0.62],
    ],
    cabin: [1, 5],
    windows: [[0.0, 2, -0.1], [-1.02, -0.1, 0.05, -0.1], [-2.15, -1.14, 0.45, 0.05]],
    wheels: { xf: 1.36, xr: -1.32, r: 0.37, track: 0.8, tw: 0.24, rim: 'alloy5', rr: 0.6 },
    doors: [0.92, -0.05, -0.95],
    handles: [0.15, -0.82],
    head: [[0.42, 0.86], [0.8, 0.88], [0.89, 0.93], [0.84, 0.96], [0.46, 0.94]],
    tail: [[0.46, 1.0], [0.82, 1.0], [0.89, 1.06], [0.84, 1.1], [0.5, 1.09]],
    grille: [[-0.44, 0.58], [0.44, 0.58], [0.5, 0.84], [-0.5, 0.84]],
    intake: [[-0.6, 0.46], [0.6, 0.46], [0.56, 0.52], [-0.56, 0.52]],
    plate: [0.52, 0.78],
    clad: true,
    rails: true,
    mirrors: 'black',
  };
}

function offroader(): CarSpec {
  return {
    body: [
      [-2.48, 0.55, 0.9, 1.14, 1.82, 0.9, 0.8],
      [-2.4, 0.48, 0.94, 1.16, 1.88, 0.96, 0.84],
      [0.55, 0.46, 0.94, 1.14, 1.9, 0.96, 0.84, 'g'],
      [1.2, 0.46, 0.93, 1.1, 1.12, 0.96, 0.86],
      [2.1, 0.48, 0.92, 1.06, 1.08, 0.96, 0.84],
      [2.42, 0.52, 0.86, 1.0, 1.02, 0.92, 0.78],
      [2.48, 0.56, 0.78, 0.92, 0.94, 0.84, 0.7],
    ],
    cabin: [1, 3],
    windows: [[0.08, 2, -0.06], [-0.95, 0.0, 0.0, -0.06], [-2.32, -1.05, 0.0, 0.0]],
    wheels: { xf: 1.45, xr: -1.4, r: 0.4, track: 0.82, tw: 0.27, rim: 'split6', rr: 0.58 },
    doors: [1.0, 0.04, -0.98],
    handles: [0.24, -0.84],
    head: [[0.44, 0.84], [0.84, 0.86], [0.9, 0.9], [0.86, 0.96], [0.46, 0.95]],
    tail: [[0.62, 0.98], [0.86, 0.98], [0.88, 1.1], [0.64, 1.1]],
    grille: [[-0.46, 0.6], [0.46, 0.6], [0.48, 0.86], [-0.48, 0.86]],
    intake: [[-0.66, 0.5], [0.66, 0.5], [0.62, 0.56], [-0.62, 0.56]],
    plate: [0.52, 0.8],
    rearGlass: [[-0.72, 1.24], [0.72, 1.24], [0.7, 1.72], [-0.7, 1.72]],
    clad: true,
    rails: true,
    steps: true,
    mirrors: 'black',
  };
}

function hardtop(): CarSpec {
  return {
    body: [
      [-1.74, 0.48, 0.85, 1.05, 1.62, 0.8, 0.72],
      [-1.68, 0.42, 0.88, 1.08, 1.7, 0.82, 0.74],
      [0.25, 0.42, 0.88, 1.06, 1.72, 0.82, 0.74, 'g'],
      [0.62, 0.42, 0.87, 1.02, 1.04, 0.82, 0.76],
      [1.6, 0.44, 0.86, 0.98, 1.0, 0.82, 0.74],
      [1.74, 0.48, 0.8, 0.92, 0.94, 0.78, 0.68],
    ],
    cabin: [1, 3],
    windows: [[-0.55, 2, -0.02], [-1.6, -0.68, 0.0, -0.02]],
    wheels: { xf: 1.12, xr: -1.15, r: 0.36, track: 0.7, tw: 0.22, rim: 'steel', rr: 0.6 },
    doors: [0.72, -0.6],
    handles: [-0.42],
    head: [[0.44, 0.8], [0.66, 0.8], [0.66, 0.92], [0.44, 0.92]],
    tail: [[0.62, 0.6], [0.76, 0.6], [0.76, 0.74], [0.62, 0.74]],
    grille: [[-0.38, 0.72], [0.38, 0.72], [0.38, 0.94], [-0.38, 0.94]],
    plate: [0.55, 0.68],
    rearGlass: [[-0.6, 1.16], [0.6, 1.16], [0.58, 1.56], [-0.58, 1.56]],
    clad: true,
    mirrors: 'black',
  };
}

function coupe(): CarSpec {
  return {
    body: [
      [-2.4, 0.38, 0.62, 0.86, 0.88, 0.84, 0.7],
      [-2.32, 0.3, 0.66, 0.92, 0.96, 0.92, 0.76],
      [-1.95, 0.28, 0.68, 0.95, 1.0, 0.94, 0.74, 'g'],
      [-0.55, 0.28, 0.69, 0.94, 1.32, 0.94, 0.7],
      [0.25, 0.28, 0.69, 0.92, 1.34, 0.94, 0.72, 'g'],
      [1.05, 0.28, 0.69, 0.88, 0.9, 0.94, 0.78],
      [2.05, 0.26, 0.66, 0.8, 0.82, 0.93, 0.76],
      [2.34, 0.28, 0.6, 0.7, 0.72, 0.86, 0.66],
      [2.4, 0.32, 0.52, 0.62, 0.64, 0.78, 0.56],
    ],
    cabin: [2, 5],
    windows: [[-0.62, 2, 0.3], [-1.7, -0.72, 0.9, 0.3]],
    wheels: { xf: 1.32, xr: -1.42, r: 0.345, track: 0.82, tw: 0.26, rim: 'alloy10', rr: 0.72 },
    doors: [0.95, -0.55],
    handles: [-0.38],
    head: [[0.42, 0.61], [0.8, 0.64], [0.9, 0.69], [0.84, 0.71], [0.46, 0.68]],
    tail: [[0.34, 0.8], [0.84, 0.8], [0.9, 0.86], [0.36, 0.86]],
    grille: [[-0.45, 0.36], [0.45, 0.36], [0.5, 0.56], [-0.5, 0.56]],
    plate: [null, 0.6],
    mirrors: 'paint',
  };
}

function convertible(): CarSpec {
  return {
    body: [
      [-1.96, 0.34, 0.58, 0.78, 0.8, 0.82, 0.66],
      [-1.9, 0.28, 0.62, 0.84, 0.86, 0.86, 0.72],
      [-1.2, 0.26, 0.64, 0.86, 0.88, 0.87, 0.74, 'd'],
      [0.32, 0.26, 0.64, 0.85, 0.87, 0.87, 0.74],
      [0.4, 0.26, 0.64, 0.85, 0.87, 0.87, 0.74],
      [1.6, 0.27, 0.62, 0.76, 0.78, 0.86, 0.72],
      [1.9, 0.28, 0.56, 0.66, 0.68, 0.8, 0.62],
      [1.96, 0.32, 0.5, 0.6, 0.62, 0.72, 0.54],
    ],
    cabin: [3, 4],
    windows: [],
    wheels: { xf: 1.12, xr: -1.2, r: 0.31, track: 0.74, tw: 0.2, rim: 'alloy10', rr: 0.68 },
    doors: [0.78, -0.55],
    handles: [-0.4],
    head: [[0.36, 0.58], [0.74, 0.6], [0.8, 0.65], [0.42, 0.63]],
    tail: [[0.5, 0.72], [0.8, 0.72], [0.82, 0.78], [0.52, 0.78]],
    grille: [[-0.34, 0.36], [0.34, 0.36], [0.36, 0.5], [-0.36, 0.5]],
    plate: [0.38, 0.58],
    mirrors: 'paint',
  };
}

function peopleMover(): CarSpec {
  return {
    body: [
      [-2.58, 0.45, 0.82, 1.06, 1.1, 0.86, 0.7],
      [-2.5, 0.38, 0.86, 1.1, 1.3, 0.96, 0.78, 'g'],
      [-2.3, 0.36, 0.88, 1.12, 1.74, 0.98, 0.82],
      [0.7, 0.36, 0.88, 1.1, 1.78, 0.98, 0.84, 'g'],
      [1.55, 0.36, 0.87, 1.06, 1.08, 0.98, 0.86],
      [2.25, 0.38, 0.86, 1.0, 1.02, 0.97, 0.82],
      [2.52, 0.42, 0.8, 0.92, 0.94, 0.92, 0.72],
      [2.58, 0.46, 0.72, 0.86, 0.88, 0.84, 0.62],
    ],
    cabin: [1, 4],
    windows: [[0.68, 2, -0.08], [-0.95, 0.58, 0.0, -0.08], [-2.45, -1.05, 0.25, 0.0]],
    wheels: { xf: 1.62, xr: -1.48, r: 0.35, track: 0.84, tw: 0.23, rim: 'alloy5', rr: 0.62 },
    doors: [1.18, 0.62, -0.98],
    handles: [0.8, 0.45],
    head: [[0.42, 0.8], [0.84, 0.82], [0.92, 0.88], [0.86, 0.91], [0.46, 0.88]],
    tail: [[0.5, 1.0], [0.86, 1.0], [0.92, 1.06], [0.86, 1.1], [0.52, 1.09]],
    grille: [[-0.44, 0.52], [0.44, 0.52], [0.52, 0.78], [-0.52, 0.78]],
    plate: [0.46, 0.8],
    sliding: true,
    rails: true,
    mirrors: 'black',
  };
}

function van(variant: string): CarSpec {
  const windows: Win[] =
    variant === 'panel'
      ? [[1.3, 3, -0.04]]
      : variant === 'commuter'
        ? [[1.3, 3, -0.04], [0.32, 1.16], [-0.62, 0.2], [-1.56, -0.74], [-2.5, -1.68]]
        : [[1.3, 3, -0.04], [0.1, 1.16], [-1.2, -0.02], [-2.5, -1.32]];
  return {
    body: [
      [-2.63, 0.42, 0.9, 1.15, 1.92, 0.92, 0.86],
      [-2.58, 0.38, 0.92, 1.18, 1.98, 0.97, 0.9],
      [1.25, 0.38, 0.92, 1.18, 1.98, 0.97, 0.9, 'g'],
      [2.02, 0.38, 0.91, 1.16, 1.18, 0.97, 0.88],
      [2.5, 0.4, 0.88, 1.06, 1.08, 0.96, 0.82],
      [2.63, 0.44, 0.8, 0.96, 0.98, 0.88, 0.72],
    ],
    cabin: [1, 3],
    windows,
    wheels: { xf: 1.85, xr: -1.36, r: 0.34, track: 0.84, tw: 0.22, rim: variant === 'commuter' ? 'alloy5' : 'steel', rr: 0.6 },
    doors: [1.4, 1.22, -0.15],
    handles: [1.3, 1.05],
    head: [[0.44, 0.84], [0.86, 0.86], [0.94, 0.92], [0.88, 0.96], [0.48, 0.93]],
    tail: [[0.84, 0.72], [0.93, 0.72], [0.93, 1.3], [0.84, 1.3]],
    grille: [[-0.46, 0.56], [0.46, 0.56], [0.54, 0.82], [-0.54, 0.82]],
    plate: [0.48, 0.5],
    rearGlass: variant === 'panel' ? undefined : [[-0.78, 1.32], [0.78, 1.32], [0.76, 1.8], [-0.76, 1.8]],
    sliding: true,
    mirrors: 'black',
  };
}

// ------------------------------------------------------------------ utes and trucks

function ute(tray: boolean, single: boolean): Model {
  const cabBack = single ? 0.52 : -0.55;
  const spec: CarSpec = {
    body: [
      [cabBack, 0.5, 0.96, 1.12, 1.8, 0.93, 0.8],
      [cabBack + 0.1, 0.48, 0.96, 1.14, 1.82, 0.93, 0.8],
      [0.85, 0.48, 0.96, 1.14, 1.84, 0.93, 0.8, 'g'],
      [1.5, 0.48, 0.95, 1.1, 1.12, 0.93, 0.82],
      [2.3, 0.5, 0.94, 1.06, 1.08, 0.93, 0.8],
      [2.6, 0.56, 0.88, 1.0, 1.02, 0.9, 0.74],
      [2.65, 0.6, 0.8, 0.94, 0.96, 0.82, 0.66],
    ],
    cabin: [1, 3],
    windows: single ? [[cabBack + 0.05, 2, -0.04]] : [[-0.28 + 0.72, 2, -0.06], [cabBack, 0.34, 0.2, -0.06]],
    wheels: { xf: 1.58, xr: -1.55, r: 0.38, track: 0.8, tw: 0.26, rim: tray ? 'steel' : 'alloy5', rr: 0.6 },
    doors: single ? [1.1] : [1.1, 0.38, cabBack + 0.04],
    handles: single ? [cabBack + 0.2] : [0.55, cabBack + 0.2],
    head: [[0.44, 0.82], [0.84, 0.84], [0.91, 0.89], [0.86, 0.93], [0.48, 0.91]],
    tail: [[0.78, 0.82], [0.88, 0.82], [0.88, 1.06], [0.78, 1.06]],
    grille: [[-0.48, 0.6], [0.48, 0.6], [0.52, 0.88], [-0.52, 0.88]],
    intake: [[-0.66, 0.5], [0.66, 0.5], [0.62, 0.56], [-0.62, 0.56]],
    plate: [0.54, null],
    mirrors: 'black',
    clad: !tray,
    steps: !tray,
  };
  const model = carModel(spec, (cab, wheels, main) => {
    const out: Obj[] = [];
    // rear window in the cab's back wall
    main.decals.push({ pts: densify([[-0.62, 1.3], [0.62, 1.3], [0.6, 1.66], [-0.6, 1.66]], 0.2).map(([y, z]) => cab.end(-1, y, z)), mat: 'glass', out: [-1, 0, 0] });
    if (!tray) {
      const bed = loft([
        [-2.65, 0.62, 0.92, 1.08, 1.1, 0.88, 0.84],
        [-2.6, 0.58, 0.95, 1.12, 1.14, 0.92, 0.88, 'o'],
        [cabBack - 0.04, 0.52, 0.96, 1.12, 1.14, 0.93, 0.88],
      ]);
      const opening: V3[] = [
        [-2.58, -0.84, 1.145], [cabBack - 0.08, -0.84, 1.145], [cabBack - 0.08, 0.84, 1.145], [-2.58, 0.84, 1.145],
      ];
      const decals: Poly[] = [];
      for (const s of [1, -1]) {
        const band: P2[] = [[-2.6, 0.62], [cabBack - 0.1, 0.54], [cabBack - 0.1, 0.62], [-2.6, 0.7]];
        decals.push({ pts: band.map(([x, z]) => bed.side(s, x, z)), mat: 'shade', out: [0, s, 0] });
        decals.push({ pts: densify(circle2(-1.55, 0.38, 0.43, -0.35, Math.PI + 0.35, 14).map(([x, z]) => [x, Math.max(z, bed.zb(x) + 0.002)] as P2), 0.2).map(([x, z]) => bed.side(s, x, z)), mat: 'well', out: [0, s, 0] });
        decals.push({ pts: densify([[-2.5, 1.06], [-2.5, 0.72], [-2.56, 0.72], [-2.56, 1.06]], 0.2).map(([x, z]) => bed.side(s, x, z)), mat: 'tail', out: [0, s, 0] });
      }
      decals.push({ pts: opening, mat: 'bedwall', out: [0, 0, 1] });
      decals.push({ pts: opening.map(([x, y]) => [x + (x < 0 ? 0.04 : -0.04), y * 0.97, 0.66] as V3), mat: 'bedfloor', out: [0, 0, 1], clip: opening });
      decals.push({ pts: densify([[-0.78, 0.82], [-0.62, 0.82], [-0.62, 1.06], [-0.78, 1.06]], 0.2).map(([y, z]) => bed.end(-1, y, z)), mat: 'tail', out: [-1, 0, 0] });
      decals.push({ pts: densify([[0.62, 0.82], [0.78, 0.82], [0.78, 1.06], [0.62, 1.06]], 0.2).map(([y, z]) => bed.end(-1, y, z)), mat: 'tail', out: [-1, 0, 0] });
      decals.push({ pts: densify([[-0.19, 0.66], [0.19, 0.66], [0.19, 0.79], [-0.19, 0.79]], 0.2).map(([y, z]) => bed.end(-1, y, z)), mat: 'plate', out: [-1, 0, 0] });
      out.push({ faces: bed.faces, decals, c: [(-2.65 + cabBack) / 2, 0, 0.9] });
      for (const w of wheels.filter((w) => w.c[0] < 0)) {
        const s = Math.sign(w.c[1]);
        const clipPts: P2[] = [[-1.55 + 0.44, -0.3], ...circle2(-1.55, 0.38, 0.44, -0.35, Math.PI + 0.35, 12), [-1.55 - 0.44, -0.3]];
        w.clip = clipPts.map(([x, z]) => bed.side(s, x, z, 0.02));
      }
    } else {
      const x0 = -2.7;
      const x1 = cabBack - 0.1;
      const tray = openBox(x0, x1, 0.98, 0.9, 1.0, 1.28, 'steel');
      out.push(tray);
      out.push({ faces: box(x1 - 0.06, x1, -0.98, 0.98, 1.28, 1.78, 'steel'), decals: [], c: [x1 - 0.03, 0, 1.5] });
      out.push({ faces: box(x0 + 0.2, x1, -0.42, 0.42, 0.52, 0.88, 'black'), decals: [], c: [(x0 + x1) / 2, 0, 0.6] });
      for (const s of [1, -1]) {
        out.push({ faces: prism([[-1.55 - 0.48, 0.82], [-1.55 + 0.48, 0.82], [-1.55 + 0.4, 0.9], [-1.55 - 0.4, 0.9]], s * 0.6, s * 0.95, 'black'), decals: [], c: [-1.55, s * 0.78, 0.86] });
      }
      for (const w of wheels.filter((w) => w.c[0] < 0)) {
        const s = Math.sign(w.c[1]);
        w.clip = [[-2.1, s * 1.0, -0.3], [-1.0, s * 1.0, -0.3], [-1.0, s * 1.0, 0.9], [-2.1, s * 1.0, 0.9]];
      }
      const tl: P2[] = [[0.7, 0.92], [0.9, 0.92], [0.9, 0.98], [0.7, 0.98]];
      tray.decals.push({ pts: tl.map(([y, z]) => [x0 - 0.005, y, z] as V3), mat: 'tail', out: [-1, 0, 0] });
      tray.decals.push({ pts: tl.map(([y, z]) => [x0 - 0.005, -y, z] as V3), mat: 'tail', out: [-1, 0, 0] });
    }
    return out;
  });
  // hotspots and close-ups of the rear: the tailgate, not the cab's back wall
  model.anchors.rear = [-2.7, 0, 0.95];
  model.focus.tail = [-2.7, -0.74, 0.95];
  return model;
}

function truck(heavy: boolean): Model {
  const k = heavy ? 1.18 : 1;
  const z = (n: number) => n * k;
  const xc = heavy ? 2.2 : 1.6;
  const spec: CarSpec = {
    body: [
      [xc, z(0.62), z(1.28), z(1.5), z(2.22), 0.92 * k, 0.86 * k],
      [xc + 0.1, z(0.58), z(1.3), z(1.52), z(2.3), 0.95 * k, 0.88 * k],
      [xc + 1.3, z(0.58), z(1.3), z(1.52), z(2.28), 0.95 * k, 0.88 * k],
      [xc + 1.45, z(0.56), z(1.25), z(1.45), z(2.15), 0.93 * k, 0.86 * k],
      [xc + 1.5, z(0.58), z(1.1), z(1.3), z(2.05), 0.9 * k, 0.84 * k],
    ],
    cabin: [1, 3],
    windows: [[xc + 0.2, xc + 1.5, 0, 0]],
    wheels: { xf: xc + 0.95, xr: -1.0 * k, r: 0.4 * k, track: 0.78 * k, tw: 0.24 * k, rim: 'truck', rr: 0.62 },
    doors: [xc + 1.35, xc + 0.15],
    handles: [xc + 0.35],
    head: [[0.5 * k, z(0.74)], [0.86 * k, z(0.74)], [0.86 * k, z(0.88)], [0.5 * k, z(0.88)]],
    tail: [[0.7, 0.92], [0.88, 0.92], [0.88, 0.98], [0.7, 0.98]],
    grille: [[-0.5 * k, z(0.96)], [0.5 * k, z(0.96)], [0.5 * k, z(1.2)], [-0.5 * k, z(1.2)]],
    intake: [[-0.86 * k, z(0.6)], [0.86 * k, z(0.6)], [0.86 * k, z(0.7)], [-0.86 * k, z(0.7)]],
    plate: [z(0.65), null],
    frontGlass: [[-0.8 * k, z(1.42)], [0.8 * k, z(1.42)], [0.76 * k, z(1.98)], [-0.76 * k, z(1.98)]],
    mirrors: 'truck',
    cabOver: true,
  };
  const model = carModel(spec, (_cab, wheels) => {
    const x0 = -3.0 * k;
    const x1 = xc - 0.12;
    const hw = 1.02 * k;
    const out: Obj[] = [];
    const tray = openBox(x0, x1, hw, z(0.95), z(1.05), z(1.45), 'steel');
    const tl: P2[] = [[0.7 * k, z(0.98)], [0.92 * k, z(0.98)], [0.92 * k, z(1.04)], [0.7 * k, z(1.04)]];
    tray.decals.push({ pts: tl.map(([y, zz]) => [x0 - 0.005, y, zz] as V3), mat: 'tail', out: [-1, 0, 0] });
    tray.decals.push({ pts: tl.map(([y, zz]) => [x0 - 0.005, -y, zz] as V3), mat: 'tail', out: [-1, 0, 0] });
    out.push(tray);
    out.push({ faces: box(x1 - 0.06, x1, -hw, hw, z(1.45), z(2.05), 'steel'), decals: [], c: [x1, 0, z(1.7)] });
    out.push({ faces: box(x0 + 0.3, xc + 1.2, -0.42 * k, 0.42 * k, z(0.55), z(0.85), 'black'), decals: [], c: [0, 0, z(0.7)] });
    out.push({ faces: box(0.1 * k, 0.9 * k, -0.8 * k, -0.45 * k, z(0.55), z(0.9), 'chrome'), decals: [], c: [0.5, -0.62 * k, z(0.72)] });
    out.push({ faces: box(xc + 1.5, xc + 1.58, -0.95 * k, 0.95 * k, z(0.5), z(0.72), 'trim'), decals: [], c: [xc + 1.54, 0, z(0.6)] });
    for (const s of [1, -1]) {
      out.push({ faces: box(xc + 0.25, xc + 0.75, s * 0.8 * k, s * 0.95 * k, z(0.4), z(0.46), 'black'), decals: [], c: [xc + 0.5, s * 0.88 * k, z(0.43)] });
    }
    const rear = wheels.filter((w) => w.c[0] < 0);
    for (const w of rear) {
      const s = Math.sign(w.c[1]);
      w.clip = [[-2.2 * k, s * hw, -0.3], [0.3, s * hw, -0.3], [0.3, s * hw, z(0.95)], [-2.2 * k, s * hw, z(0.95)]];
      // dual rear wheels: an inner tyre beside each outer one
      wheels.push({ ...w, c: [w.c[0], w.c[1] - s * w.w * 1.05, w.c[2]], clip: undefined });
    }
    return out;
  });
  model.anchors.rear = [-3.0 * k, 0, z(1.2)];
  model.focus.tail = [-3.0 * k, -0.8 * k, z(1.0)];
  return model;
}

function bus(): Model {
  const spec: CarSpec = {
    body: [
      [-3.5, 0.42, 0.95, 1.25, 2.62, 0.98, 0.94],
      [-3.44, 0.38, 0.96, 1.28, 2.7, 1.0, 0.96],
      [3.2, 0.38, 0.96, 1.28, 2.7, 1.0, 0.96, 'g'],
      [3.44, 0.38, 0.94, 1.22, 2.56, 0.99, 0.95],
      [3.5, 0.42, 0.9, 1.1, 2.4, 0.96, 0.92],
    ],
    cabin: [1, 3],
    windows: [[2.4, 3.6], [1.3, 2.25], [0.2, 1.15], [-0.9, 0.05], [-2.0, -1.05], [-3.4, -2.15]],
    wheels: { xf: 2.45, xr: -1.85, r: 0.38, track: 0.86, tw: 0.24, rim: 'truck', rr: 0.62 },
    doors: [3.35, 2.6],
    handles: [],
    head: [[0.5, 0.62], [0.9, 0.62], [0.9, 0.74], [0.5, 0.74]],
    tail: [[0.8, 0.7], [0.94, 0.7], [0.94, 1.2], [0.8, 1.2]],
    grille: [[-0.5, 0.5], [0.5, 0.5], [0.5, 0.68], [-0.5, 0.68]],
    plate: [0.45, 0.6],
    frontGlass: [[-0.86, 1.2], [0.86, 1.2], [0.84, 2.4], [-0.84, 2.4]],
    rearGlass: [[-0.8, 1.6], [0.8, 1.6], [0.8, 2.4], [-0.8, 2.4]],
    mirrors: 'truck',
    cabOver: true,
  };
  return carModel(spec);
}

// ------------------------------------------------------------------ motorcycles

function motorcycle(variant: string): Model {
  const cruiser = variant === 'cruiser' || variant === 'touring';
  const adv = variant === 'adventure';
  const sport = variant === 'sport';
  const retro = variant === 'retro';
  const rf = adv ? 0.36 : cruiser ? 0.33 : 0.31;
  const rb = adv ? 0.34 : cruiser ? 0.33 : 0.31;
  const xf = cruiser ? 0.84 : adv ? 0.76 : 0.7;
  const xr = cruiser ? -0.8 : adv ? -0.74 : -0.7;
  const spoked = cruiser || retro || adv;
  const wheels: Wheel[] = [
    { c: [xf, 0, rf], r: rf, w: cruiser ? 0.14 : 0.12, rim: spoked ? 'wire' : 'cast', rr: 0.8, inline: true },
    { c: [xr, 0, rb], r: rb, w: cruiser ? 0.22 : 0.18, rim: spoked ? 'wire' : 'cast', rr: 0.8, inline: true },
  ];
  const objs: Obj[] = [];
  const part = (profile: P2[], y0: number, y1: number, mat: Mat, decals: Poly[] = []) => {
    const faces = prism(profile, y0, y1, mat);
    const c = centroid(faces.flatMap((f) => f.pts));
    objs.push({ faces, decals, c });
  };
  const both = (profile: P2[], y0: number, y1: number, mat: Mat) => {
    part(profile, y0, y1, mat);
    part(profile, -y0, -y1, mat);
  };
  const seatZ = cruiser ? 0.68 : adv ? 0.9 : sport ? 0.8 : 0.82;
  // steering head: where the forks meet the frame
  const hx = cruiser ? xf - 0.42 : adv ? xf - 0.3 : xf - 0.28;
  const hz = cruiser ? 0.98 : adv ? 1.12 : sport ? 0.9 : 0.96;
  // forks
  both([[xf - 0.02, rf - 0.02], [xf + 0.03, rf - 0.02], [hx + 0.05, hz], [hx, hz]], 0.07, 0.11, cruiser ? 'chrome' : sport ? 'alloy' : 'engine');
  // frame rails from the head to the swingarm pivot, the pivot, swingarm, shock
  const px = -0.06;
  const pz = cruiser ? 0.36 : 0.46;
  both([[hx - 0.02, hz + 0.02], [hx + 0.05, hz - 0.08], [px + 0.04, pz - 0.02], [px - 0.05, pz + 0.08]], 0.1, 0.13, cruiser ? 'black' : sport ? 'alloy' : 'black');
  both([[xr, rb - 0.035], [px, pz - 0.04], [px, pz + 0.04], [xr, rb + 0.035]], 0.1, 0.135, sport ? 'alloy' : 'black');
  if (cruiser || retro) both([[xr + 0.06, rb + 0.02], [xr + 0.1, rb + 0.02], [-0.5, seatZ + 0.02], [-0.54, seatZ + 0.02]], 0.12, 0.15, 'chrome');
  else part([[-0.34, pz - 0.02], [-0.3, pz - 0.02], [-0.22, seatZ - 0.02], [-0.26, seatZ - 0.02]], -0.04, 0.04, 'tail');
  // engine
  const ez = cruiser ? 0.2 : 0.26;
  part([[-0.14, ez + 0.04], [0.3, ez], [0.38, ez + 0.16], [0.3, ez + 0.44], [0.02, ez + 0.48], [-0.16, ez + 0.28]], -0.15, 0.15, 'engine');
  if (cruiser) {
    part([[-0.2, 0.56], [-0.02, 0.58], [-0.1, 0.86], [-0.26, 0.82]], -0.1, 0.1, 'chrome');
    part([[0.06, 0.58], [0.24, 0.56], [0.36, 0.82], [0.2, 0.86]], -0.1, 0.1, 'chrome');
  } else {
    part([[0.0, ez + 0.46], [0.28, ez + 0.42], [0.32, ez + 0.56], [0.04, ez + 0.58]], -0.12, 0.12, sport ? 'engine' : 'black');
  }
  if (!cruiser && !sport) part([[hx + 0.0, 0.5], [hx + 0.1, 0.52], [hx + 0.08, 0.8], [hx - 0.02, 0.78]], -0.18, 0.18, 'black');
  // exhaust on the right
  if (cruiser) {
    part([[0.3, 0.24], [-0.95, 0.3], [-1.0, 0.36], [0.3, 0.3]], -0.16, -0.24, 'chrome');
    part([[0.2, 0.34], [-0.9, 0.4], [-0.95, 0.46], [0.2, 0.4]], -0.16, -0.24, 'chrome');
  } else if (sport) {
    part([[0.1, 0.2], [-0.25, 0.26], [-0.22, 0.3], [0.1, 0.26]], -0.1, -0.18, 'black');
    part([[-0.22, 0.3], [-0.58, 0.48], [-0.6, 0.58], [-0.26, 0.42]], -0.12, -0.22, 'steel');
  } else {
    part([[0.32, 0.3], [-0.1, 0.2], [-0.14, 0.26], [0.3, 0.36]], -0.1, -0.16, 'black');
    part([[-0.08, 0.22], [-0.5, 0.36], [-0.52, 0.48], [-0.1, 0.34]], -0.12, -0.24, retro ? 'chrome' : 'steel');
  }
  // tank, seat, tail, fenders
  const tank: P2[] = cruiser
    ? [[hx - 0.02, seatZ + 0.2], [hx - 0.1, seatZ + 0.3], [-0.15, seatZ + 0.16], [-0.2, seatZ + 0.06], [hx - 0.04, seatZ + 0.12]]
    : [[hx, hz - 0.12], [hx - 0.02, hz + 0.02], [hx - 0.18, hz + 0.08], [-0.06, seatZ + 0.12], [-0.1, seatZ + 0.02], [-0.02, seatZ - 0.08]];
  part(tank, -0.16, 0.16, 'paint');
  const seat: P2[] = cruiser
    ? [[-0.2, seatZ], [-0.56, seatZ - 0.02], [-0.62, seatZ + 0.08], [-0.46, seatZ + 0.08], [-0.22, seatZ + 0.08]]
    : [[-0.08, seatZ - 0.02], [-0.66, seatZ + 0.02], [-0.7, seatZ + 0.1], [-0.44, seatZ + 0.1], [-0.1, seatZ + 0.07]];
  part(seat, -0.14, 0.14, 'seat');
  const tailProfile: P2[] = cruiser
    ? [[-0.58, seatZ - 0.04], [xr - 0.22, rb + 0.18], [xr - 0.26, rb + 0.28], [-0.6, seatZ + 0.04]]
    : sport
      ? [[-0.38, seatZ - 0.06], [-0.98, seatZ + 0.14], [-1.0, seatZ + 0.2], [-0.7, seatZ + 0.12], [-0.4, seatZ + 0.06]]
      : [[-0.4, seatZ - 0.08], [-0.92, seatZ + 0.02], [-0.94, seatZ + 0.08], [-0.66, seatZ + 0.06], [-0.42, seatZ + 0.02]];
  const tailEnd = tailProfile[1]!;
  part(tailProfile, -0.11, 0.11, 'paint', [
    { pts: [[tailEnd[0] - 0.01, -0.06, tailEnd[1] + 0.02], [tailEnd[0] - 0.01, 0.06, tailEnd[1] + 0.02], [tailEnd[0] - 0.01, 0.06, tailEnd[1] + 0.07], [tailEnd[0] - 0.01, -0.06, tailEnd[1] + 0.07]], mat: 'tail', out: [-1, 0, 0] },
  ]);
  if (!cruiser) part([[tailEnd[0] + 0.06, tailEnd[1]], [tailEnd[0] - 0.04, tailEnd[1] - 0.22], [tailEnd[0] - 0.0, tailEnd[1] - 0.24], [tailEnd[0] + 0.1, tailEnd[1] - 0.02]], -0.05, 0.05, 'black');
  const fenderTop = rf * 2 + 0.03;
  if (adv) part([[hx + 0.1, hz - 0.3], [xf + 0.12, hz - 0.4], [xf + 0.08, hz - 0.46], [hx + 0.12, hz - 0.38]], -0.08, 0.08, 'paint');
  else part([[xf - 0.2, fenderTop - 0.06], [xf + 0.02, fenderTop + 0.02], [xf + 0.2, fenderTop - 0.08], [xf + 0.0, fenderTop - 0.02]], -0.075, 0.075, cruiser ? 'paint' : 'black');
  // headlight, handlebars, mirrors, footpegs
  const lampX = hx + (sport ? 0.3 : 0.12);
  const lampZ = sport ? hz - 0.02 : hz - 0.1;
  part([[lampX - 0.1, lampZ - 0.07], [lampX, lampZ - 0.08], [lampX + 0.02, lampZ + 0.07], [lampX - 0.1, lampZ + 0.08]], -0.08, 0.08, 'black', [
    { pts: [[lampX + 0.015, -0.07, lampZ - 0.06], [lampX + 0.015, 0.07, lampZ - 0.06], [lampX + 0.025, 0.07, lampZ + 0.06], [lampX + 0.025, -0.07, lampZ + 0.06]], mat: 'head', out: [1, 0, 0] },
  ]);
  const barZ = hz + (cruiser ? 0.14 : sport ? -0.04 : 0.08);
  const barY = sport ? 0.34 : adv ? 0.44 : 0.4;
  const barX = hx - (cruiser ? 0.14 : 0.04);
  objs.push({ faces: prismX([[-barY, barZ], [barY, barZ], [barY, barZ + 0.028], [-barY, barZ + 0.028]], barX - 0.015, barX + 0.015, 'black'), decals: [], c: [barX, 0, barZ] });
  if (cruiser) both([[hx - 0.02, hz], [hx + 0.02, hz], [barX + 0.02, barZ], [barX - 0.02, barZ]], 0.08, 0.11, 'chrome');
  // instrument pod facing the rider
  const podX = barX + (cruiser ? 0.2 : 0.06);
  const podZ = cruiser ? hz - 0.02 + 0.16 : barZ + 0.05;
  objs.push({
    faces: prism([[podX - 0.05, podZ - 0.05], [podX + 0.05, podZ - 0.05], [podX + 0.04, podZ + 0.06], [podX - 0.07, podZ + 0.03]], -0.12, 0.12, 'black'),
    decals: [{ pts: [[podX - 0.066, -0.1, podZ - 0.03], [podX - 0.066, 0.1, podZ - 0.03], [podX - 0.068, 0.1, podZ + 0.025], [podX - 0.068, -0.1, podZ + 0.025]], mat: 'glassTop', out: [-1, 0, 0.4] }],
    c: [podX, 0, podZ],
  });
  for (const s of [1, -1]) {
    objs.push({ faces: prism([[barX - 0.01, barZ + 0.02], [barX + 0.01, barZ + 0.02], [barX - 0.02, barZ + 0.2], [barX - 0.04, barZ + 0.2]], s * (barY - 0.1), s * (barY - 0.08), 'black'), decals: [], c: [barX, s * (barY - 0.09), barZ + 0.1] });
    objs.push({ faces: prism([[barX - 0.08, barZ + 0.18], [barX + 0.02, barZ + 0.18], [barX + 0.01, barZ + 0.25], [barX - 0.07, barZ + 0.25]], s * (barY - 0.18), s * (barY - 0.04), 'black'), decals: [], c: [barX, s * (barY - 0.1), barZ + 0.2] });
    objs.push({ faces: box(cruiser ? 0.28 : -0.16, cruiser ? 0.4 : -0.06, s * 0.15, s * 0.27, cruiser ? 0.28 : 0.36, cruiser ? 0.31 : 0.39, 'black'), decals: [], c: [cruiser ? 0.34 : -0.1, s * 0.21, 0.35] });
  }
  // fairings
  if (sport) {
    part([[lampX + 0.02, hz - 0.1], [lampX - 0.06, hz + 0.08], [hx - 0.06, hz + 0.04], [hx - 0.12, 0.6], [lampX - 0.14, 0.56]], -0.2, 0.2, 'paint');
    part([[lampX - 0.14, 0.56], [hx - 0.12, 0.6], [-0.04, 0.52], [0.0, 0.3], [0.3, 0.26], [lampX - 0.1, 0.4]], -0.18, 0.18, 'paint');
    part([[lampX - 0.06, hz + 0.08], [hx - 0.02, hz + 0.2], [hx - 0.06, hz + 0.04]], -0.13, 0.13, 'glassTop');
  } else if (adv) {
    part([[lampX + 0.02, lampZ - 0.12], [lampX + 0.04, lampZ + 0.12], [hx - 0.04, hz + 0.12], [hx - 0.1, hz - 0.12]], -0.2, 0.2, 'paint');
    part([[lampX + 0.04, lampZ + 0.12], [hx + 0.02, hz + 0.44], [hx - 0.06, hz + 0.42], [hx - 0.04, hz + 0.12]], -0.15, 0.15, 'glassTop');
    part([[0.34, 0.2], [-0.12, 0.24], [-0.14, 0.3], [0.38, 0.3]], -0.16, 0.16, 'alloy');
  } else if (variant === 'touring') {
    part([[lampX - 0.06, lampZ - 0.22], [lampX + 0.16, lampZ - 0.1], [lampX + 0.12, lampZ + 0.14], [hx - 0.06, hz + 0.16], [hx - 0.12, hz - 0.1]], -0.42, 0.42, 'paint', [
      { pts: [[lampX + 0.16, -0.1, lampZ - 0.08], [lampX + 0.16, 0.1, lampZ - 0.08], [lampX + 0.15, 0.1, lampZ + 0.04], [lampX + 0.15, -0.1, lampZ + 0.04]], mat: 'head', out: [1, 0, 0] },
    ]);
    part([[lampX + 0.12, lampZ + 0.14], [hx - 0.02, hz + 0.34], [hx - 0.1, hz + 0.3], [hx - 0.06, hz + 0.16]], -0.32, 0.32, 'glassTop');
    both([[-1.05, 0.36], [-0.55, 0.36], [-0.52, 0.72], [-0.98, 0.74]], 0.2, 0.4, 'paint');
  }
  const top = Math.max(...objs.flatMap((o) => o.faces.flatMap((f) => f.pts.map((p) => p[2]))));
  return {
    objs,
    wheels,
    size: [xf - xr + rf + rb + 0.2, 0.84, top],
    foot: [(xf - xr) / 2 + 0.3, 0.26],
    anchors: { front: [lampX + 0.03, 0, lampZ], rear: [tailEnd[0] - 0.02, 0, tailEnd[1] + 0.04], wheel: [xf, -0.07, rf] },
    focus: {
      head: [lampX, 0, lampZ],
      tail: [tailEnd[0], 0, tailEnd[1]],
      wheel: [xf, 0, rf],
      engine: [0.08, -0.12, ez + 0.25],
      cockpit: [barX, 0, barZ + 0.05],
      rider: [-0.45, 0, seatZ + 0.72],
      pod: [podX, 0, podZ],
      seat: [-0.3, 0, seatZ + 0.05],
      exhaust: [-0.3, -0.2, 0.32],
      cabin: [0, 0, seatZ],
      bed: [-0.3, 0, seatZ],
    },
  };
}

// ------------------------------------------------------------------ convertible extras

function convertibleModel(): Model {
  const spec = convertible();
  return carModel(spec, (body) => {
    const out: Obj[] = [];
    const xw = 0.36;
    const zb = body.zbelt(xw) + 0.02;
    // windscreen: a raked glass pane with a painted frame
    const ws: V3[] = [[xw, -0.7, zb], [xw, 0.7, zb], [xw - 0.36, 0.62, zb + 0.36], [xw - 0.36, -0.62, zb + 0.36]];
    out.push({ faces: [{ pts: ws, mat: 'glassTop', out: [1, 0, 1] }, { pts: [...ws].reverse(), mat: 'glass', out: [-1, 0, -1] }], decals: [], c: [xw - 0.1, 0, zb + 0.15] });
    const cockpit: V3[] = [[0.3, -0.7, 0.885], [0.3, 0.7, 0.885], [-1.0, 0.7, 0.885], [-1.0, -0.7, 0.885]].map(([x, y]) => body.top(x as number, y as number, 0.004));
    out.push({ faces: [], decals: [{ pts: cockpit, mat: 'black', out: [0, 0, 1] }], c: [-0.35, 0, 0.8] });
    for (const s of [1, -1]) {
      out.push({ faces: prism([[-0.72, 0.88], [-0.5, 0.88], [-0.56, 1.14], [-0.74, 1.16]], s * 0.14, s * 0.56, 'seat'), decals: [], c: [-0.62, s * 0.35, 1.0] });
    }
    out.push({ faces: prism([[-1.18, 0.87], [-0.86, 0.87], [-0.9, 0.98], [-1.12, 0.98]], -0.72, 0.72, 'black'), decals: [], c: [-1.0, 0, 0.92] });
    return out;
  });
}

// ------------------------------------------------------------------ catalogue

const cache = new Map<string, { model: Model; traits: Traits }>();

/** Shape and variant of a body token (`ute-tray-single` -> ute, ['tray', 'single']); null when unknown. */
export function parseBodyToken(token: string, shapeOf: (b: string) => Shape | null): { shape: Shape; variants: string[] } | null {
  const [base, ...rest] = token.split('-');
  const shape = shapeOf(base ?? '');
  if (!shape) return null;
  if (rest.some((v) => !VARIANTS[shape].includes(v))) return null;
  if (new Set(rest).size !== rest.length) return null;
  return { shape, variants: rest };
}

function defaultVariant(shape: Shape, variants: string[], base: string): string {
  const pick = (opts: readonly string[], fallback: string) => variants.find((v) => opts.includes(v)) ?? fallback;
  switch (shape) {
    case 'ute': return `${pick(['tub', 'tray'], base === 'cabChassis' ? 'tray' : 'tub')}-${pick(['single', 'dual'], 'dual')}`;
    case 'van': return pick(['panel', 'window', 'commuter'], 'panel');
    case 'truck': return pick(['light', 'heavy'], base === 'cabChassis' ? 'heavy' : 'light');
    case 'motorcycle': return pick(VARIANTS.motorcycle, 'naked');
    default: return '';
  }
}

/** The model of a shape and variant (cached: models are pure data). */
export function vehicleModel(shape: Shape, variants: string[] = [], base = ''): { model: Model; traits: Traits } {
  const variant = defaultVariant(shape, variants, base);
  const key = `${shape}:${variant}`;
  const hit = cache.get(key);
  if (hit) return hit;
  let model: Model;
  let spec: CarSpec | null = null;
  switch (shape) {
    case 'sedan': spec = sedan(); break;
    case 'hatch': spec = hatch(); break;
    case 'wagon': spec = wagon(); break;
    case 'suv': spec = suv(); break;
    case 'offroader': spec = offroader(); break;
    case 'hardtop': spec = hardtop(); break;
    case 'coupe': spec = coupe(); break;
    case 'peopleMover': spec = peopleMover(); break;
    case 'van': spec = van(variant); break;
    default: break;
  }
  if (spec) model = carModel(spec);
  else if (shape === 'convertible') model = convertibleModel();
  else if (shape === 'ute') model = ute(variant.startsWith('tray'), variant.endsWith('single'));
  else if (shape === 'truck') model = truck(variant === 'heavy');
  else if (shape === 'bus') model = bus();
  else model = motorcycle(variant);
  const traits = traitsOf(shape, variant, model, spec ?? (shape === 'convertible' ? convertible() : null));
  const out = { model, traits };
  cache.set(key, out);
  return out;
}

function traitsOf(shape: Shape, variant: string, model: Model, spec: CarSpec | null): Traits {
  const [L, , H] = model.size;
  const body = spec?.body ?? null;
  let roofLength = 0;
  let bonnet = 0;
  let boot = false;
  if (body) {
    const roof = body.filter((s) => s[4] > s[3] + 0.3);
    if (roof.length >= 2) roofLength = (roof[roof.length - 1] as St)[0] - (roof[0] as St)[0];
    const xMax = (body[body.length - 1] as St)[0];
    const cowl = body[spec!.cabin[1]] as St;
    bonnet = spec!.cabOver ? 0 : xMax - cowl[0];
    const rearGlass = body.findIndex((s) => s[7] === 'g');
    boot = rearGlass > 0 && body[rearGlass]![0] - (body[0] as St)[0] > 0.4 && (body[rearGlass] as St)[4] < (body[rearGlass + 1] as St)[4] - 0.2;
  }
  if (shape === 'ute' || shape === 'truck') {
    const cab = model.objs[0]!.faces.flatMap((f) => f.pts);
    roofLength = Math.max(...cab.filter((p) => p[2] > H - 0.1).map((p) => p[0])) - Math.min(...cab.filter((p) => p[2] > H - 0.1).map((p) => p[0]));
  }
  const windowCount = model.objs[0]!.decals.filter((d) => d.mat === 'glass' && d.out && d.out[1] > 0).length;
  const roofZ = shape === 'convertible' ? Math.max(...model.objs[0]!.faces.flatMap((f) => f.pts.map((p) => p[2]))) : H;
  const minBody = Math.min(...model.objs[0]!.faces.flatMap((f) => f.pts.map((p) => p[2])));
  const doors = spec ? spec.doors.length : 0;
  return {
    shape,
    variant,
    wheels: shape === 'motorcycle' ? 2 : model.wheels.length,
    sideWindows: windowCount,
    roofRatio: Math.round((roofZ / H) * 100) / 100,
    bonnetRatio: Math.round((bonnet / L) * 100) / 100,
    roofLength: shape === 'convertible' ? 0 : Math.round(roofLength * 100) / 100,
    boot,
    bed: shape === 'ute' ? (variant.startsWith('tray') ? 'tray' : 'tub') : shape === 'truck' ? 'tray' : null,
    doors,
    groundClearance: Math.round(minBody * 100) / 100,
  };
}
