// Count image requests and bytes of a car page first view, no interaction (scratch probe).
import { chromium } from 'playwright-core';
const base = process.argv[2] ?? 'http://southern-cross-motor-group.localhost:8787';
const path = process.argv[3] ?? '/cars/2026-ford-everest-trend-wagon-opcedd';
const exe = '/usr/bin/chromium-headless-shell';
const b = await chromium.launch({ executablePath: exe, args: ['--no-sandbox', '--disable-gpu'] });
for (const vp of [{ width: 412, height: 823 }, { width: 1280, height: 900 }]) {
  const ctx = await b.newContext({ viewport: vp });
  const page = await ctx.newPage();
  const imgs = [];
  page.on('requestfinished', async (r) => {
    if (r.resourceType() !== 'image') return;
    const s = await r.sizes().catch(() => null);
    imgs.push({ url: r.url(), bytes: s ? s.responseBodySize : 0 });
  });
  await page.goto(base + path, { waitUntil: 'load' });
  await page.waitForTimeout(1500);
  const thumbs = imgs.filter((i) => /width=1[26]0\b/.test(i.url));
  const kb = (a) => (a.reduce((s, i) => s + i.bytes, 0) / 1024).toFixed(1);
  console.log(vp.width, 'images', imgs.length, kb(imgs), 'KB; thumbs', thumbs.length, kb(thumbs), 'KB');
  if (process.env.LIST) for (const i of imgs) console.log('  ', i.bytes, i.url.slice(0, 140));
  await ctx.close();
}
await b.close();
