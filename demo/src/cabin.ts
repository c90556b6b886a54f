/**
 * Interior pictures for the demo gallery (dash, seats, cluster, console, steering wheel, boot, van cargo bay, bus rows)
 * and the 2:1 interior panorama of spin viewers. Drawn in 2D, right-hand drive, in the listing's trim colour; no text.
 */
import { luminance, tone } from './render3d.ts';

export const CABIN_VIEWS = ['dash', 'frontSeats', 'rearSeats', 'cluster', 'console', 'steering', 'cargo', 'cargoBay', 'rows'] as const;
export type CabinView = (typeof CABIN_VIEWS)[number];

/** 'car' passenger cars, 'work' utes, vans and trucks (hard plastics, smaller screen), 'bus' people carriers. */
export type CabinKind = 'car' | 'work' | 'bus';

type Palette = { trim: string; trimLight: string; trimDark: string; dash: string; dashTop: string; paint: string; stitch: string };

function palette(trim: string, paint: string, kind: CabinKind): Palette {
  const light = luminance(trim) > 0.35;
  return {
    trim,
    trimLight: tone(trim, light ? 1.12 : 1.22),
    trimDark: tone(trim, 0.72),
    dash: kind === 'work' ? '#2c2f33' : '#24272b',
    dashTop: kind === 'work' ? '#35383d' : '#1c1e21',
    paint,
    stitch: light ? tone(trim, 0.6) : tone(trim, 1.45),
  };
}

const DEFS =
  '<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b9d3ea"/><stop offset="1" stop-color="#eef3f7"/></linearGradient>' +
  '<linearGradient id="scr" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1d3b5c"/><stop offset="1" stop-color="#0c1826"/></linearGradient>' +
  '<radialGradient id="vig" cx=".5" cy=".45" r=".75"><stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".35"/></radialGradient>' +
  '<linearGradient id="sd" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".18"/><stop offset=".5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".25"/></linearGradient>';

/** Distant dealership yard seen through the glass: sky, a low building and parked cars as soft shapes. */
function outside(x: number, y: number, w: number, h: number): string {
  const base = y + h * 0.72;
  let cars = '';
  for (let i = 0; i < 6; i++) {
    const cx = x + w * (0.08 + i * 0.16);
    cars += `<rect x="${Math.round(cx)}" y="${Math.round(base - 16)}" width="${Math.round(w * 0.11)}" height="16" rx="6" fill="${['#9aa5b1', '#c8ced5', '#6b7785', '#b4bcc5', '#8795a3', '#d4d9de'][i]}"/>`;
  }
  return (
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#sky)"/>` +
    `<rect x="${x}" y="${Math.round(base - h * 0.28)}" width="${w}" height="${Math.round(h * 0.28)}" fill="#d9dee3"/>` +
    `<rect x="${x}" y="${Math.round(base - h * 0.28)}" width="${w}" height="6" fill="#c2c9d0"/>` +
    cars +
    `<rect x="${x}" y="${Math.round(base)}" width="${w}" height="${Math.round(h * 0.28)}" fill="#b7bec6"/>`
  );
}

function steeringWheel(cx: number, cy: number, r: number, buttons: boolean): string {
  const rim = Math.round(r * 0.2);
  const b = buttons
    ? `<circle cx="${cx - r * 0.42}" cy="${cy + r * 0.05}" r="${r * 0.07}" fill="#4b5057"/><circle cx="${cx - r * 0.42}" cy="${cy + r * 0.25}" r="${r * 0.07}" fill="#4b5057"/><circle cx="${cx + r * 0.42}" cy="${cy + r * 0.05}" r="${r * 0.07}" fill="#4b5057"/><circle cx="${cx + r * 0.42}" cy="${cy + r * 0.25}" r="${r * 0.07}" fill="#4b5057"/>`
    : '';
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#17191c" stroke-width="${rim}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#fff" stroke-opacity=".08" stroke-width="${Math.round(rim * 0.3)}" stroke-dasharray="${Math.round(r * 1.4)} ${Math.round(r * 5)}"/>` +
    `<path d="M${cx - r * 0.95} ${cy + r * 0.1}Q${cx} ${cy - r * 0.08} ${cx + r * 0.95} ${cy + r * 0.1}L${cx + r * 0.3} ${cy + r * 0.42}L${cx - r * 0.3} ${cy + r * 0.42}Z" fill="#202327"/>` +
    `<path d="M${cx - r * 0.16} ${cy + r * 0.4}L${cx + r * 0.16} ${cy + r * 0.4}L${cx + r * 0.12} ${cy + r * 0.96}L${cx - r * 0.12} ${cy + r * 0.96}Z" fill="#202327"/>` +
    `<rect x="${cx - r * 0.32}" y="${cy - r * 0.16}" width="${r * 0.64}" height="${r * 0.52}" rx="${r * 0.14}" fill="#2b2e33"/>` +
    `<rect x="${cx - r * 0.12}" y="${cy - r * 0.02}" width="${r * 0.24}" height="${r * 0.14}" rx="${r * 0.04}" fill="#8d949c"/>` +
    b
  );
}

function dial(cx: number, cy: number, r: number, value: number): string {
  let ticks = '';
  for (let i = 0; i <= 10; i++) {
    const a = (-220 + (i / 10) * 260) * (Math.PI / 180);
    const r0 = r * (i % 5 === 0 ? 0.74 : 0.82);
    ticks += `M${(cx + r0 * Math.cos(a)).toFixed(1)} ${(cy + r0 * Math.sin(a)).toFixed(1)}L${(cx + r * 0.92 * Math.cos(a)).toFixed(1)} ${(cy + r * 0.92 * Math.sin(a)).toFixed(1)}`;
  }
  const a = (-220 + value * 260) * (Math.PI / 180);
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#0b0d10" stroke="#3d434a" stroke-width="${Math.max(2, r * 0.05).toFixed(1)}"/>` +
    `<path d="${ticks}" stroke="#d7dde3" stroke-width="${Math.max(1.5, r * 0.03).toFixed(1)}"/>` +
    `<path d="M${cx} ${cy}L${(cx + r * 0.78 * Math.cos(a)).toFixed(1)} ${(cy + r * 0.78 * Math.sin(a)).toFixed(1)}" stroke="#ff5a36" stroke-width="${Math.max(2, r * 0.05).toFixed(1)}" stroke-linecap="round"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${(r * 0.1).toFixed(1)}" fill="#2b2f35"/>`
  );
}

function screenUi(x: number, y: number, w: number, h: number): string {
  return (
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${Math.round(h * 0.08)}" fill="#0d0f12"/>` +
    `<rect x="${x + 6}" y="${y + 6}" width="${w - 12}" height="${h - 12}" rx="${Math.round(h * 0.05)}" fill="url(#scr)"/>` +
    `<path d="M${x + w * 0.1} ${y + h * 0.8}Q${x + w * 0.35} ${y + h * 0.4} ${x + w * 0.62} ${y + h * 0.55}T${x + w * 0.92} ${y + h * 0.2}" fill="none" stroke="#4fa3e0" stroke-width="${Math.round(h * 0.05)}" stroke-linecap="round"/>` +
    `<path d="M${x + w * 0.2} ${y + h * 0.15}L${x + w * 0.5} ${y + h * 0.9}M${x + w * 0.05} ${y + h * 0.5}L${x + w * 0.95} ${y + h * 0.62}" stroke="#2e5274" stroke-width="${Math.round(h * 0.025)}"/>` +
    `<circle cx="${x + w * 0.62}" cy="${y + h * 0.55}" r="${Math.round(h * 0.05)}" fill="#fff"/>` +
    `<rect x="${x + w * 0.04}" y="${y + h * 0.08}" width="${w * 0.2}" height="${h * 0.1}" rx="3" fill="#ffffff" fill-opacity=".18"/>`
  );
}

function seatBack(x: number, y: number, w: number, h: number, p: Palette, headrest = true): string {
  const hr = headrest
    ? `<rect x="${x + w * 0.28}" y="${y - h * 0.3}" width="${w * 0.44}" height="${h * 0.26}" rx="${w * 0.1}" fill="${p.trim}"/><rect x="${x + w * 0.28}" y="${y - h * 0.3}" width="${w * 0.44}" height="${h * 0.26}" rx="${w * 0.1}" fill="url(#sd)"/>` +
      `<rect x="${x + w * 0.36}" y="${y - h * 0.05}" width="${w * 0.04}" height="${h * 0.08}" fill="#8b9096"/><rect x="${x + w * 0.6}" y="${y - h * 0.05}" width="${w * 0.04}" height="${h * 0.08}" fill="#8b9096"/>`
    : '';
  return (
    hr +
    `<path d="M${x} ${y + h}L${x + w * 0.04} ${y + h * 0.12}Q${x + w * 0.06} ${y} ${x + w * 0.2} ${y}L${x + w * 0.8} ${y}Q${x + w * 0.94} ${y} ${x + w * 0.96} ${y + h * 0.12}L${x + w} ${y + h}Z" fill="${p.trim}"/>` +
    `<path d="M${x + w * 0.2} ${y + h * 0.1}L${x + w * 0.8} ${y + h * 0.1}L${x + w * 0.84} ${y + h}L${x + w * 0.16} ${y + h}Z" fill="${p.trimLight}"/>` +
    `<path d="M${x + w * 0.5} ${y + h * 0.12}L${x + w * 0.5} ${y + h}" stroke="${p.stitch}" stroke-width="2" stroke-dasharray="5 4"/>` +
    `<path d="M${x} ${y + h}L${x + w * 0.04} ${y + h * 0.12}Q${x + w * 0.06} ${y} ${x + w * 0.2} ${y}L${x + w * 0.8} ${y}Q${x + w * 0.94} ${y} ${x + w * 0.96} ${y + h * 0.12}L${x + w} ${y + h}Z" fill="url(#sd)"/>`
  );
}

/** Dashboard across the picture (used by the dash view, the panorama and, smaller, behind the front seats). */
function dashboard(W: number, H: number, p: Palette, kind: CabinKind): string {
  const cx = W / 2;
  const top = H * 0.42;
  const screenW = kind === 'work' ? W * 0.15 : W * 0.21;
  const wheelX = cx + W * 0.19;
  return (
    outside(0, 0, W, Math.round(top + 20)) +
    `<path d="M0 0L${W} 0L${W} ${H * 0.07}Q${cx} ${H * 0.02} 0 ${H * 0.07}Z" fill="#d3d6da"/>` +
    `<path d="M0 0L${W * 0.1} 0L${W * 0.2} ${top}L0 ${top + 40}Z" fill="#2b2e33"/><path d="M${W} 0L${W * 0.9} 0L${W * 0.8} ${top}L${W} ${top + 40}Z" fill="#2b2e33"/>` +
    `<rect x="${cx - 22}" y="${H * 0.05}" width="44" height="${H * 0.1}" fill="#3a3d42"/><rect x="${cx - W * 0.09}" y="${H * 0.13}" width="${W * 0.18}" height="${H * 0.05}" rx="10" fill="#1e2024"/>` +
    `<path d="M0 ${top + 10}Q${cx} ${top - H * 0.08} ${W} ${top + 10}L${W} ${H}L0 ${H}Z" fill="${p.dashTop}"/>` +
    `<path d="M0 ${top + H * 0.12}Q${cx} ${top + H * 0.03} ${W} ${top + H * 0.12}L${W} ${H}L0 ${H}Z" fill="${p.dash}"/>` +
    `<path d="M0 ${top + H * 0.14}Q${cx} ${top + H * 0.05} ${W} ${top + H * 0.14}L${W} ${top + H * 0.19}Q${cx} ${top + H * 0.1} 0 ${top + H * 0.19}Z" fill="${kind === 'work' ? '#4a4e54' : p.trim}"/>` +
    `<rect x="${W * 0.1}" y="${top + H * 0.17}" width="${W * 0.08}" height="${H * 0.045}" rx="6" fill="#0f1113"/><rect x="${W * 0.82}" y="${top + H * 0.17}" width="${W * 0.08}" height="${H * 0.045}" rx="6" fill="#0f1113"/>` +
    `<rect x="${cx - W * 0.07}" y="${top + H * 0.2}" width="${W * 0.05}" height="${H * 0.035}" rx="5" fill="#0f1113"/><rect x="${cx + W * 0.02}" y="${top + H * 0.2}" width="${W * 0.05}" height="${H * 0.035}" rx="5" fill="#0f1113"/>` +
    screenUi(cx - screenW / 2, top - H * 0.1, screenW, screenW * 0.58) +
    `<path d="M${cx - W * 0.12} ${H}L${cx - W * 0.08} ${top + H * 0.3}L${cx + W * 0.08} ${top + H * 0.3}L${cx + W * 0.12} ${H}Z" fill="#1d1f23"/>` +
    `<rect x="${cx - W * 0.06}" y="${top + H * 0.33}" width="${W * 0.12}" height="${H * 0.06}" rx="8" fill="#2f3338"/>` +
    `<rect x="${wheelX - W * 0.11}" y="${top - H * 0.05}" width="${W * 0.22}" height="${H * 0.12}" rx="14" fill="#0b0d10"/>` +
    dial(wheelX - W * 0.055, top + H * 0.012, H * 0.045, 0.35) +
    dial(wheelX + W * 0.055, top + H * 0.012, H * 0.045, 0.2) +
    steeringWheel(wheelX, top + H * 0.2, H * 0.21, kind !== 'work')
  );
}

function frame(W: number, H: number, label: string, content: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${label}">` +
    `<defs>${DEFS}</defs>${content}<rect width="${W}" height="${H}" fill="url(#vig)"/></svg>`
  );
}

export type CabinOptions = { view: CabinView; trim: string; paint: string; kind: CabinKind; width?: number };

/**
 * An interior picture (800x600 unless `width`: the dash grows wider for the 2:1 panorama).
 * @example renderCabinSvg({ view: 'dash', trim: '#a0785a', paint: '#1f4e8c', kind: 'car' })
 */
export function renderCabinSvg(options: CabinOptions): string {
  const W = options.width ?? 800;
  const H = 600;
  const p = palette(options.trim, options.paint, options.kind);
  const cx = W / 2;
  switch (options.view) {
    case 'dash':
      return frame(W, H, 'Dashboard', dashboard(W, H, p, options.kind));
    case 'frontSeats': {
      // from the back seat: the dash beyond, both front seats in front
      const inner = `<g transform="translate(${W * 0.12} 30) scale(.76)">${dashboard(W, H, p, options.kind)}</g>`;
      return frame(W, H, 'Front seats', `<rect width="${W}" height="${H}" fill="#1a1c1f"/>${inner}` +
        `<path d="M${cx - 40} ${H}L${cx - 30} ${H * 0.72}L${cx + 30} ${H * 0.72}L${cx + 40} ${H}Z" fill="#202327"/>` +
        seatBack(W * 0.06, H * 0.5, W * 0.36, H * 0.55, p) + seatBack(W * 0.58, H * 0.5, W * 0.36, H * 0.55, p));
    }
    case 'rearSeats': {
      const seats = [0.12, 0.38, 0.64].map((x, i) => `<path d="M${W * x} ${H * 0.92}L${W * (x + 0.02)} ${H * 0.44}Q${W * (x + 0.03)} ${H * 0.38} ${W * (x + 0.07)} ${H * 0.38}L${W * (x + 0.19)} ${H * 0.38}Q${W * (x + 0.23)} ${H * 0.38} ${W * (x + 0.24)} ${H * 0.44}L${W * (x + 0.26)} ${H * 0.92}Z" fill="${i === 1 ? p.trimDark : p.trim}"/>` +
        `<rect x="${W * (x + 0.07)}" y="${H * 0.27}" width="${W * 0.12}" height="${H * 0.09}" rx="12" fill="${p.trim}"/>` +
        `<path d="M${W * (x + 0.13)} ${H * 0.45}L${W * (x + 0.13)} ${H * 0.9}" stroke="${p.stitch}" stroke-width="2" stroke-dasharray="5 4"/>`).join('');
      return frame(W, H, 'Rear seats', `<rect width="${W}" height="${H}" fill="#2a2d31"/>` +
        `<path d="M${W * 0.14} ${H * 0.05}L${W * 0.86} ${H * 0.05}L${W * 0.8} ${H * 0.33}L${W * 0.2} ${H * 0.33}Z" fill="#0f1317"/>` +
        `<g opacity=".55">${outside(W * 0.2, H * 0.08, W * 0.6, H * 0.22)}</g>` +
        `<path d="M0 0L${W * 0.16} 0L${W * 0.22} ${H * 0.4}L${W * 0.1} ${H}L0 ${H}Z" fill="${p.dash}"/><path d="M${W} 0L${W * 0.84} 0L${W * 0.78} ${H * 0.4}L${W * 0.9} ${H}L${W} ${H}Z" fill="${p.dash}"/>` +
        `<path d="M${W * 0.02} ${H * 0.55}L${W * 0.12} ${H * 0.5}L${W * 0.12} ${H * 0.62}L${W * 0.02} ${H * 0.68}Z" fill="${p.trim}"/><path d="M${W * 0.98} ${H * 0.55}L${W * 0.88} ${H * 0.5}L${W * 0.88} ${H * 0.62}L${W * 0.98} ${H * 0.68}Z" fill="${p.trim}"/>` +
        seats + `<path d="M${W * 0.1} ${H * 0.9}L${W * 0.9} ${H * 0.9}L${W} ${H}L0 ${H}Z" fill="#1c1e21"/>`);
    }
    case 'cluster': {
      return frame(W, H, 'Instrument cluster', `<rect width="${W}" height="${H}" fill="${p.dashTop}"/>` +
        `<path d="M0 ${H * 0.12}Q${cx} ${-H * 0.02} ${W} ${H * 0.12}L${W} ${H * 0.22}Q${cx} ${H * 0.08} 0 ${H * 0.22}Z" fill="${p.dash}"/>` +
        `<rect x="${W * 0.06}" y="${H * 0.2}" width="${W * 0.88}" height="${H * 0.6}" rx="40" fill="#07080a"/>` +
        dial(W * 0.27, H * 0.5, H * 0.22, 0.42) + dial(W * 0.73, H * 0.5, H * 0.22, 0.25) +
        `<rect x="${cx - W * 0.1}" y="${H * 0.32}" width="${W * 0.2}" height="${H * 0.36}" rx="14" fill="url(#scr)"/>` +
        [0, 1, 2, 3].map((i) => `<rect x="${cx - W * 0.07}" y="${H * (0.38 + i * 0.07)}" width="${W * (0.14 - i * 0.025)}" height="${H * 0.03}" rx="4" fill="#4fa3e0" fill-opacity="${0.9 - i * 0.15}"/>`).join('') +
        `<path d="M${W * 0.1} ${H}Q${cx} ${H * 0.66} ${W * 0.9} ${H}Z" fill="#17191c"/>`);
    }
    case 'console': {
      return frame(W, H, 'Centre console', `<rect width="${W}" height="${H}" fill="${p.dash}"/>` +
        `<path d="M${W * 0.22} ${H}L${W * 0.3} 0L${W * 0.7} 0L${W * 0.78} ${H}Z" fill="#1a1c1f"/>` +
        `<rect x="${W * 0.36}" y="${H * 0.06}" width="${W * 0.28}" height="${H * 0.18}" rx="14" fill="#0c0e10"/><rect x="${W * 0.38}" y="${H * 0.08}" width="${W * 0.24}" height="${H * 0.14}" rx="10" fill="#22262b"/>` +
        `<circle cx="${cx}" cy="${H * 0.42}" r="${H * 0.09}" fill="#2d3136" stroke="#9aa1a8" stroke-width="4"/><rect x="${cx - H * 0.03}" y="${H * 0.3}" width="${H * 0.06}" height="${H * 0.1}" rx="10" fill="#c3c9cf"/>` +
        `<circle cx="${W * 0.43}" cy="${H * 0.64}" r="${H * 0.06}" fill="#0c0e10"/><circle cx="${W * 0.57}" cy="${H * 0.64}" r="${H * 0.06}" fill="#0c0e10"/>` +
        `<path d="M${W * 0.3} ${H * 0.76}L${W * 0.7} ${H * 0.76}L${W * 0.74} ${H}L${W * 0.26} ${H}Z" fill="${p.trim}"/><path d="M${W * 0.3} ${H * 0.76}L${W * 0.7} ${H * 0.76}L${W * 0.74} ${H}L${W * 0.26} ${H}Z" fill="url(#sd)"/>` +
        `<path d="M${W * 0.32} ${H * 0.8}L${W * 0.68} ${H * 0.8}" stroke="${p.stitch}" stroke-width="2" stroke-dasharray="5 4"/>` +
        seatBack(-W * 0.12, H * 0.15, W * 0.34, H * 0.9, p, false) + seatBack(W * 0.78, H * 0.15, W * 0.34, H * 0.9, p, false));
    }
    case 'steering': {
      return frame(W, H, 'Steering wheel', `<rect width="${W}" height="${H}" fill="${p.dash}"/>` +
        `<rect x="${W * 0.2}" y="${H * 0.02}" width="${W * 0.6}" height="${H * 0.3}" rx="30" fill="#07080a"/>` +
        dial(W * 0.36, H * 0.17, H * 0.12, 0.3) + dial(W * 0.64, H * 0.17, H * 0.12, 0.2) +
        steeringWheel(cx, H * 0.6, H * 0.42, true));
    }
    case 'cargo': {
      return frame(W, H, 'Boot', `<rect width="${W}" height="${H}" fill="#e3e6ea"/>` +
        `<path d="M${W * 0.06} ${H * 0.06}L${W * 0.94} ${H * 0.06}L${W * 0.98} ${H}L${W * 0.02} ${H}Z" fill="${p.paint}"/><path d="M${W * 0.06} ${H * 0.06}L${W * 0.94} ${H * 0.06}L${W * 0.98} ${H}L${W * 0.02} ${H}Z" fill="url(#sd)"/>` +
        `<path d="M${W * 0.12} ${H * 0.12}L${W * 0.88} ${H * 0.12}L${W * 0.9} ${H * 0.86}L${W * 0.1} ${H * 0.86}Z" fill="#1e2125"/>` +
        `<path d="M${W * 0.2} ${H * 0.2}L${W * 0.8} ${H * 0.2}L${W * 0.78} ${H * 0.52}L${W * 0.22} ${H * 0.52}Z" fill="${p.trim}"/><path d="M${W * 0.5} ${H * 0.2}L${W * 0.5} ${H * 0.52}" stroke="${p.trimDark}" stroke-width="4"/>` +
        `<path d="M${W * 0.22} ${H * 0.52}L${W * 0.78} ${H * 0.52}L${W * 0.88} ${H * 0.84}L${W * 0.12} ${H * 0.84}Z" fill="#33373c"/>` +
        `<path d="M${W * 0.1} ${H * 0.86}L${W * 0.9} ${H * 0.86}L${W * 0.92} ${H * 0.92}L${W * 0.08} ${H * 0.92}Z" fill="#9aa1a8"/>` +
        `<rect x="${W * 0.03}" y="${H * 0.2}" width="${W * 0.05}" height="${H * 0.22}" rx="8" fill="#b3141e"/><rect x="${W * 0.92}" y="${H * 0.2}" width="${W * 0.05}" height="${H * 0.22}" rx="8" fill="#b3141e"/>`);
    }
    case 'cargoBay': {
      return frame(W, H, 'Cargo area', `<rect width="${W}" height="${H}" fill="#c9ced4"/>` +
        `<path d="M0 0L${W} 0L${W * 0.78} ${H * 0.2}L${W * 0.22} ${H * 0.2}Z" fill="#e1e4e8"/>` +
        `<path d="M0 0L${W * 0.22} ${H * 0.2}L${W * 0.22} ${H * 0.72}L0 ${H}Z" fill="#b8bec5"/><path d="M${W} 0L${W * 0.78} ${H * 0.2}L${W * 0.78} ${H * 0.72}L${W} ${H}Z" fill="#aeb5bc"/>` +
        `<rect x="${W * 0.22}" y="${H * 0.2}" width="${W * 0.56}" height="${H * 0.52}" fill="#8d949c"/><rect x="${W * 0.3}" y="${H * 0.26}" width="${W * 0.4}" height="${H * 0.16}" fill="#1b2027"/>` +
        `<path d="M${W * 0.22} ${H * 0.72}L${W * 0.78} ${H * 0.72}L${W} ${H}L0 ${H}Z" fill="#b98d5c"/>` +
        [0.35, 0.5, 0.65].map((x) => `<path d="M${W * x} ${H * 0.72}L${W * (0.5 + (x - 0.5) * 2.2)} ${H}" stroke="#9b7447" stroke-width="3"/>`).join('') +
        `<path d="M${W * 0.05} ${H * 0.5}L${W * 0.22} ${H * 0.45}M${W * 0.95} ${H * 0.5}L${W * 0.78} ${H * 0.45}" stroke="#6b7178" stroke-width="8"/>`);
    }
    case 'rows': {
      // one seat drawn once, placed per row and side
      let rows = '';
      for (let i = 3; i >= 0; i--) {
        const k = 1 - i * 0.17;
        const y = H * (0.3 + (1 - k) * 0.25);
        const w = W * 0.2 * k;
        for (const side of [-1, 1]) {
          const x0 = cx + side * W * 0.08 * k + (side < 0 ? -w * 2 : 0);
          for (const dx of [0, w]) rows += `<use href="#st" transform="translate(${Math.round(x0 + dx)} ${Math.round(y)}) scale(${(w / 100).toFixed(3)})"/>`;
        }
      }
      return frame(W, H, 'Seating rows', `<defs><g id="st">${seatBack(0, 0, 100, 170, p)}</g></defs><rect width="${W}" height="${H}" fill="#d4d8dd"/>` +
        `<path d="M0 0L${W} 0L${W * 0.7} ${H * 0.22}L${W * 0.3} ${H * 0.22}Z" fill="#eceef1"/>` +
        `<path d="M0 ${H * 0.12}L${W * 0.3} ${H * 0.26}L${W * 0.3} ${H * 0.4}L0 ${H * 0.46}Z" fill="#1b2027"/><path d="M${W} ${H * 0.12}L${W * 0.7} ${H * 0.26}L${W * 0.7} ${H * 0.4}L${W} ${H * 0.46}Z" fill="#1b2027"/>` +
        `<path d="M${W * 0.42} ${H * 0.5}L${W * 0.58} ${H * 0.5}L${W * 0.7} ${H}L${W * 0.3} ${H}Z" fill="#55595f"/>` +
        rows);
    }
  }
}
