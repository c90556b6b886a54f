#!/usr/bin/env node
/**
 * Regenerates demo/public/demo-video/walkaround.mp4, the local walkaround clip some demo cars link (video_url).
 * Not part of the build: the clip is committed. Needs ffmpeg (`apt-get install -y ffmpeg`) and Chromium
 * (/usr/bin/chromium), and a built demo (`node dev/build.mjs --only demo`).
 *
 * The frames are the demo's own generated car at its 24 angles (two full turns), rasterised by Chromium and encoded
 * as H.264 baseline with the moov atom first (`+faststart`), so every browser plays it and it starts while loading.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const OUT = join(ROOT, 'demo/public/demo-video/walkaround.mp4');
const [W, H, FPS, TURNS] = [640, 360, 8, 2];

const { renderDemoImage } = await import(join(ROOT, 'demo/dist/index.mjs'));
const { chromium } = await import('playwright-core');
const dir = mkdtempSync(join(tmpdir(), 'walkaround-'));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: W, height: H } });
  for (let frame = 0; frame < 24 * TURNS; frame++) {
    const image = renderDemoImage(`/demo-img/car/suv/1f4e79/${frame % 24}-walkaround.svg`);
    if (!image) throw new Error('the demo no longer draws /demo-img/car/suv/...: pick another body');
    await page.setContent(`<body style="margin:0;background:#fff"><div style="width:${W}px;height:${H}px">${image.body.replace('<svg', `<svg width="${W}" height="${H}" preserveAspectRatio="xMidYMid meet"`)}</div></body>`);
    writeFileSync(join(dir, `f${String(frame).padStart(3, '0')}.png`), await page.screenshot({ clip: { x: 0, y: 0, width: W, height: H } }));
  }
  execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-framerate', String(FPS), '-i', join(dir, 'f%03d.png'),
    '-c:v', 'libx264', '-profile:v', 'baseline', '-level', '3.0', '-pix_fmt', 'yuv420p', '-crf', '30', '-r', String(FPS * 3),
    '-movflags', '+faststart', '-an', OUT], { stdio: 'inherit' });
  console.log(`wrote ${OUT} (${(statSync(OUT).size / 1024).toFixed(1)} KB, ${(24 * TURNS) / FPS} s)`);
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
