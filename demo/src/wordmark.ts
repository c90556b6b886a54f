/**
 * Wordmarks drawn for the demo: a bold geometric stroke alphabet (capitals, digits, a few signs) rendered as SVG paths,
 * so a mark looks the same in every browser (no font needed) and its box always fits the lettering (never cropped).
 * Manufacturer marks are plain wordmarks in the brand colour; dealer logos are a badge with an emblem and the full name.
 * None copies a real logo.
 */
import { COMPACT_MARK_BOX } from '@forecourt/contracts/marks';

/** Glyphs on a 10-unit cap height (y down from the cap line): advance width and centre-line path. */
const GLYPHS: Record<string, [number, string]> = {
  A: [7, 'M0 10L3.5 0L7 10M1.3 6.6H5.7'],
  B: [6.2, 'M0 10V0H3.5Q5.9 0 5.9 2.5Q5.9 5 3.5 5H0M3.5 5Q6.2 5 6.2 7.5Q6.2 10 3.5 10H0'],
  C: [6.4, 'M6.4 1.6Q5.2 0 3.4 0Q0 0 0 5Q0 10 3.4 10Q5.2 10 6.4 8.4'],
  D: [6.5, 'M0 0V10H2.8Q6.5 10 6.5 5Q6.5 0 2.8 0Z'],
  E: [5.4, 'M5.4 0H0V10H5.4M0 5H4.5'],
  F: [5.4, 'M5.4 0H0V10M0 5H4.5'],
  G: [6.8, 'M6.4 1.6Q5.2 0 3.4 0Q0 0 0 5Q0 10 3.4 10Q6.8 10 6.8 6.2V5.4H3.8'],
  H: [6.4, 'M0 0V10M6.4 0V10M0 5H6.4'],
  I: [0, 'M0 0V10'],
  J: [5, 'M5 0V7Q5 10 2.5 10Q0 10 0 7.6'],
  K: [6.2, 'M0 0V10M6.2 0L0 6.2M2.2 4L6.2 10'],
  L: [5.2, 'M0 0V10H5.2'],
  M: [8, 'M0 10V0L4 7L8 0V10'],
  N: [6.4, 'M0 10V0L6.4 10V0'],
  O: [7, 'M3.5 0Q0 0 0 5Q0 10 3.5 10Q7 10 7 5Q7 0 3.5 0Z'],
  P: [6, 'M0 10V0H3.5Q6 0 6 2.8Q6 5.6 3.5 5.6H0'],
  Q: [7.2, 'M3.5 0Q0 0 0 5Q0 10 3.5 10Q7 10 7 5Q7 0 3.5 0ZM4.4 7L7.2 10.2'],
  R: [6.2, 'M0 10V0H3.5Q6 0 6 2.8Q6 5.6 3.5 5.6H0M3.2 5.6L6.2 10'],
  S: [6, 'M5.8 1.4Q4.8 0 3 0Q0.3 0 0.3 2.6Q0.3 4.4 3 5Q5.9 5.6 5.9 7.6Q5.9 10 3 10Q1 10 0 8.5'],
  T: [6.4, 'M0 0H6.4M3.2 0V10'],
  U: [6.4, 'M0 0V6.6Q0 10 3.2 10Q6.4 10 6.4 6.6V0'],
  V: [7, 'M0 0L3.5 10L7 0'],
  W: [10, 'M0 0L2.4 10L5 2.4L7.6 10L10 0'],
  X: [6.6, 'M0 0L6.6 10M6.6 0L0 10'],
  Y: [6.6, 'M0 0L3.3 5V10M6.6 0L3.3 5'],
  Z: [6.2, 'M0 0H6.2L0 10H6.2'],
  Š: [6, 'M5.8 1.4Q4.8 0 3 0Q0.3 0 0.3 2.6Q0.3 4.4 3 5Q5.9 5.6 5.9 7.6Q5.9 10 3 10Q1 10 0 8.5M1.6 -3.4L3 -2L4.4 -3.4'],
  0: [6, 'M3 0Q0 0 0 5Q0 10 3 10Q6 10 6 5Q6 0 3 0Z'],
  1: [3, 'M0 2L3 0V10'],
  2: [6, 'M0.2 2Q1 0 3 0Q5.8 0 5.8 2.8Q5.8 4.6 3.6 6.4L0 10H6'],
  3: [6, 'M0.2 1.2Q1.2 0 3 0Q5.6 0 5.6 2.5Q5.6 4.8 2.6 4.8Q6 4.8 6 7.4Q6 10 3 10Q1 10 0 8.6'],
  4: [6.4, 'M4.8 10V0L0 7H6.4'],
  5: [6, 'M5.6 0H1L0.5 4.6Q1.6 4 3 4Q6 4 6 7Q6 10 3 10Q1 10 0 8.6'],
  6: [6, 'M5.2 0.8Q4.4 0 3.2 0Q0 0 0 5.6Q0 10 3 10Q6 10 6 7Q6 4.2 3.1 4.2Q0.8 4.2 0 6'],
  7: [6, 'M0 0H6L2 10'],
  8: [6, 'M3 4.8Q0.4 4.8 0.4 2.4Q0.4 0 3 0Q5.6 0 5.6 2.4Q5.6 4.8 3 4.8Q0 4.8 0 7.4Q0 10 3 10Q6 10 6 7.4Q6 4.8 3 4.8Z'],
  9: [6, 'M0.8 9.2Q1.6 10 2.8 10Q6 10 6 4.4Q6 0 3 0Q0 0 0 3Q0 5.8 2.9 5.8Q5.2 5.8 6 4'],
  '-': [3.6, 'M0 5.4H3.6'],
  '&': [7.2, 'M7 10L1.6 3.6Q0.8 2.6 0.8 1.9Q0.8 0 2.8 0Q4.7 0 4.7 1.8Q4.7 3.4 2.2 4.8Q0 6 0 7.6Q0 10 2.9 10Q5 10 7 6.6'],
  "'": [0, 'M0 0V2.6'],
  '.': [0, 'M0 9.8V10'],
  '/': [5, 'M5 0L0 10'],
  '+': [5.6, 'M0 5H5.6M2.8 2.2V7.8'],
};
/** A word space: a letter gap plus about half a cap height. */
const SPACE = 7.4;
/** Stroke width and letter gap in glyph units. */
const STROKE = 1.9;
const GAP = 1.7;

/** Upper-cases and maps letters the alphabet lacks onto close ones (accents dropped except Š); unknown signs become spaces. */
export function normaliseWordmark(text: string): string {
  return [...text.trim().toUpperCase()]
    .map((c) => (c === 'Š' || GLYPHS[c] ? c : c.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')))
    .map((c) => (GLYPHS[c] ? c : ' '))
    .join('')
    .replace(/ +/g, ' ');
}

/** Width of a line of lettering in glyph units (ink extent, stroke included). */
export function wordmarkUnits(text: string): number {
  const chars = [...normaliseWordmark(text)];
  let w = 0;
  chars.forEach((c, i) => {
    w += c === ' ' ? SPACE : (GLYPHS[c] as [number, string])[0];
    if (i < chars.length - 1 && c !== ' ' && chars[i + 1] !== ' ') w += GAP + STROKE;
  });
  return w + STROKE;
}

/** The lettering as stroked paths: x = left edge of the ink, y = the cap line, cap height `cap` (px). */
export function lettering(text: string, x: number, y: number, cap: number, colour: string): string {
  const k = cap / 10;
  let cx = STROKE / 2;
  let d = '';
  const chars = [...normaliseWordmark(text)];
  chars.forEach((c, i) => {
    if (c === ' ') {
      cx += SPACE;
      return;
    }
    const [w, path] = GLYPHS[c] as [number, string];
    d += `<path transform="translate(${r2(cx)} 0)" d="${path}"/>`;
    cx += w;
    if (i < chars.length - 1 && chars[i + 1] !== ' ') cx += GAP + STROKE;
  });
  return `<g transform="translate(${r2(x)} ${r2(y)}) scale(${r2(k)})" fill="none" stroke="${colour}" stroke-width="${STROKE}" stroke-linecap="round" stroke-linejoin="round">${d}</g>`;
}
const r2 = (n: number) => String(Math.round(n * 100) / 100);

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string);
}

// ------------------------------------------------------------------ manufacturer wordmarks

/** Manufacturer mark box: 40 units tall, cap height 22 (at 24 px tall the capitals are about 13 px). */
const MAKE_H = 40;
const MAKE_CAP = 22;
const MAKE_PAD = 6;

export function makeMarkSize(name: string): { width: number; height: number } {
  return { width: Math.ceil(wordmarkUnits(name) * (MAKE_CAP / 10) + MAKE_PAD * 2), height: MAKE_H };
}

/**
 * A manufacturer wordmark on a transparent ground: the name in bold capitals in the brand colour, with an accent rule
 * in the second brand colour when it is not white.
 * @example renderMakeMark('Toyota', { background: '#b0081a', foreground: '#ffffff' })
 */
export function renderMakeMark(name: string, colours: { background: string; foreground: string }): string {
  const { width, height } = makeMarkSize(name);
  const accent = /^#?f{6}$/i.test(colours.foreground.replace('#', '')) ? '' : `<rect x="${MAKE_PAD}" y="${height - 5}" width="${width - MAKE_PAD * 2}" height="3" rx="1.5" fill="${colours.foreground}"/>`;
  const top = (height - MAKE_CAP) / 2 + (normaliseWordmark(name).includes('Š') ? 2 : 0);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(name)}">` +
    lettering(name, MAKE_PAD, top, MAKE_CAP, colours.background) +
    accent +
    '</svg>'
  );
}

// ------------------------------------------------------------------ compact make marks

/**
 * Compact manufacturer mark: drawn at the size the search filter shows it (48 x 28 px, mf-search MakeFacet), because a
 * full wordmark scaled into a box that small has capitals of 5 px (Harley-Davidson) and cannot be read. The make's name
 * is written beside it, so it is an emblem: a monogram in the brand's second colour on a badge in its first, the
 * badge's shape picked from the name (rounded, pill, slanted). Not a copy of any real badge.
 * Served as the make's logo address with `?variant=compact` (contracts marks.ts, images.ts), drawn for contracts'
 * COMPACT_MARK_BOX; a host that has no such variant ignores the
 * query and serves the full logo, so the rule is safe for any tenant's manufacturer logos.
 */
export const COMPACT_MARK = COMPACT_MARK_BOX;
/** Largest cap height of the monogram, and the side padding it keeps (px at the drawn size). */
const COMPACT_CAP = 13;
const COMPACT_PAD = 6;
/** Words naming a range rather than the brand, left out of the monogram ('Isuzu UTE', 'Isuzu Trucks' are 'I'). */
const RANGE_WORDS = new Set(['UTE', 'UTES', 'TRUCK', 'TRUCKS', 'VANS', 'COMMERCIAL', 'MOTORCYCLES', 'MOTORRAD', 'MOTORS', 'CARS']);

/**
 * The letters of a make's compact mark: an acronym name whole (MG, BMW, BYD), else the initials of the brand's words
 * and hyphenated parts, at most two (Mercedes-Benz MB, Harley-Davidson HD, Land Rover LR, Toyota T).
 * @example makeMonogram('Harley-Davidson') // 'HD'
 */
export function makeMonogram(name: string): string {
  const words = normaliseWordmark(name).split(' ').filter((w, i) => w && (i === 0 || !RANGE_WORDS.has(w)));
  if (words.length === 1 && /^[A-Z0-9]{2,3}$/.test(name.trim())) return words[0] as string;
  const initials = words.flatMap((w) => w.split('-')).filter((p) => p && GLYPHS[[...p][0] as string]).map((p) => [...p][0] as string);
  return initials.slice(0, 2).join('') || '?';
}

/** Cap height (px at the drawn size) the monogram gets: the largest that fits the badge between its paddings. */
export function compactMarkCap(name: string): number {
  return Math.min(COMPACT_CAP, ((COMPACT_MARK.width - COMPACT_PAD * 2) / wordmarkUnits(makeMonogram(name))) * 10);
}

/**
 * A make's compact mark (see COMPACT_MARK): badge and monogram, the lettering centred and always inside the box.
 * @example renderMakeMarkCompact('Mercedes-Benz', { background: '#222222', foreground: '#ffffff' })
 */
export function renderMakeMarkCompact(name: string, colours: { background: string; foreground: string }): string {
  const { width, height } = COMPACT_MARK;
  const mono = makeMonogram(name);
  const cap = compactMarkCap(name);
  const ink = (wordmarkUnits(mono) * cap) / 10;
  const shape = hash(name) % 3;
  const badge =
    shape === 0
      ? `<rect x="1" y="1" width="${width - 2}" height="${height - 2}" rx="6" fill="${colours.background}"/>`
      : shape === 1
        ? `<rect x="1" y="1" width="${width - 2}" height="${height - 2}" rx="${(height - 2) / 2}" fill="${colours.background}"/>`
        : `<path d="M6 1H${width - 1}L${width - 6} ${height - 1}H1Z" fill="${colours.background}" stroke="${colours.background}" stroke-width="2" stroke-linejoin="round"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(name)}">` +
    badge +
    lettering(mono, (width - ink) / 2, (height - cap) / 2 + (mono.includes('Š') ? 1.5 : 0), cap, colours.foreground) +
    '</svg>'
  );
}

// ------------------------------------------------------------------ dealer logos

export type LogoColours = { background: string; foreground: string; accent?: string };

const LOGO_H = 56;
const LOGO_CAP = 20;
const LOGO_EMBLEM = 56;
const LOGO_PAD = 16;

/** Width and height renderLogoSvg gives a dealer logo (configs state it so the header reserves the space). */
export function logoSize(text: string): { width: number; height: number } {
  return { width: Math.ceil(LOGO_EMBLEM + wordmarkUnits(text || '?') * (LOGO_CAP / 10) + LOGO_PAD), height: LOGO_H };
}

function hash(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h;
}

/** A small emblem suited to the name: stars for a cross, a sun for the outback, waves for a harbour, else a chevron. */
function emblem(text: string, colour: string): string {
  const t = text.toLowerCase();
  const star = (cx: number, cy: number, r: number) => {
    let d = '';
    for (let i = 0; i < 10; i++) {
      const a = -Math.PI / 2 + (i * Math.PI) / 5;
      const rr = i % 2 ? r * 0.45 : r;
      d += `${i ? 'L' : 'M'}${r2(cx + rr * Math.cos(a))} ${r2(cy + rr * Math.sin(a))}`;
    }
    return `<path d="${d}Z" fill="${colour}"/>`;
  };
  if (t.includes('cross') || t.includes('star')) return star(28, 12, 5) + star(16, 26, 4.5) + star(40, 24, 4.5) + star(28, 41, 6) + star(34, 31, 2.6);
  if (t.includes('outback') || t.includes('sun') || t.includes('desert')) {
    return `<path d="M12 36A16 16 0 0 1 44 36Z" fill="${colour}"/><path d="M8 40H48M13 45H43" stroke="${colour}" stroke-width="3" stroke-linecap="round"/>`;
  }
  if (t.includes('harbour') || t.includes('bay') || t.includes('coast') || t.includes('beach')) {
    return `<path d="M10 22Q16 16 22 22T34 22T46 22M10 31Q16 25 22 31T34 31T46 31M10 40Q16 34 22 40T34 40T46 40" fill="none" stroke="${colour}" stroke-width="3.4" stroke-linecap="round"/>`;
  }
  const k = hash(text) % 3;
  if (k === 0) return `<path d="M10 38L28 16L46 38M18 42L28 30L38 42" fill="none" stroke="${colour}" stroke-width="4" stroke-linejoin="round" stroke-linecap="round"/>`;
  if (k === 1) return `<circle cx="28" cy="28" r="16" fill="none" stroke="${colour}" stroke-width="4"/><path d="M18 34L28 18L38 34Z" fill="${colour}"/>`;
  return `<path d="M12 14H44L36 28H20ZM20 32H36L28 44Z" fill="${colour}"/>`;
}

/**
 * A dealer logo: a rounded badge in the dealer colour with an emblem and the full name in capitals.
 * The box is computed from the lettering, so the name is never cut off.
 * @example renderLogoSvg('Harbourside Toyota', { background: '#b91c1c', foreground: '#ffffff' })
 */
export function renderLogoSvg(text: string, colours: LogoColours): string {
  const label = text.trim() || '?';
  const { width, height } = logoSize(label);
  const accent = colours.accent ?? colours.foreground;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(label)}">` +
    `<rect width="${width}" height="${height}" rx="8" fill="${colours.background}"/>` +
    emblem(label, accent) +
    lettering(label, LOGO_EMBLEM, (height - LOGO_CAP) / 2, LOGO_CAP, colours.foreground) +
    '</svg>'
  );
}
