/**
 * The demo's photo-weight pictures (local runs and tests only): `/demo-img/photo/<body>/<paint>[.<trim>]/<n>.jpg`
 * is the gallery drawing `/demo-img/car/.../<n>.svg` (demo/src/images.ts demoPhotoDrawing) rasterised at its own size,
 * scaled to 1600x1200 (a banner `/demo-img/banner/<body>/<car>/<background>.jpg` from its 1920x540 drawing: 1600x450), with photographic grain (fine colour noise plus softer luminance noise at two scales) and saved as a baseline JPEG of
 * about 150-400 KB: what a dealer's uploaded photo weighs, so page weight and LCP say something about real stock.
 *
 * Nothing is fetched and nothing random is used: the same path gives the same bytes on every machine with the same
 * sharp/libvips. Photos are made on first request and kept in a bounded folder (DiskCache, default
 * demo/generated/photos, 1 GiB ≈ 4,000 photos; gitignored): the bench stock names about 12,700 distinct photos
 * (706 body/paint/trim combinations x 12-24 views), of which a run touches only the pages it shows.
 * dev/platform.mjs binds `createDemoPhotos().fetch` to the demo Worker as PHOTOS.
 */
import sharp from 'sharp';
import { join } from 'node:path';
import { DiskCache, cacheFileName, limitConcurrency } from './disk-cache.mjs';
import { loadDemo } from './local-kv.mjs';
import { ROOT } from './workers.mjs';

/** Size of every demo photo (4:3, as the drawings and most dealer feeds). */
export const PHOTO_WIDTH = 1600;
export const PHOTO_HEIGHT = 1200;
/** JPEG quality of the originals: a dealer's upload, not the CDN's output (that is quality 75, contracts images.ts). */
const PHOTO_QUALITY = 82;
/** Bumped when the recipe changes, so cached photos of an older recipe are never served. */
const RECIPE = 'photo-v3';

/** `length` bytes of noise around 128 with about `sigma` spread (uniform, scaled to the normal's deviation). */
function noise(createRng, seed, sigma, length) {
  const { next } = createRng(seed);
  const out = Buffer.alloc(length);
  for (let i = 0; i < length; i++) out[i] = Math.max(0, Math.min(255, Math.round(128 + (next() - 0.5) * sigma * 3.46)));
  return out;
}

let grainTile = null;
/**
 * The grain laid over every photo (~6 MB): fine per-pixel colour noise, luminance noise at 1/4 and 1/16 scale (so it
 * survives the CDN's downscaling, as a photo's texture does), summed around mid-grey. Made once per process (about a
 * second of CPU) or read from the photos' folder (`cache`, the first photo service's of the process), where it is kept:
 * a process whose folder held it when its service started (each test file after the first to make a photo) reads it.
 * A failed write only costs the next process the computation.
 * @param {DiskCache} cache
 */
function grain(cache) {
  grainTile ??= (async () => {
    const W = PHOTO_WIDTH, H = PHOTO_HEIGHT;
    const name = cacheFileName(`${RECIPE}:grain`, '.raw');
    const kept = await cache.get(name);
    if (kept?.byteLength === W * H * 3) return kept;
    // The demo's own seeded generator (mulberry32, demo/src/prng.ts): no Math.random, photos are deterministic.
    const { createRng } = await loadDemo();
    const fine = noise(createRng, 1, 22, W * H * 3);
    const up = (seed, sigma, scale) =>
      sharp(noise(createRng, seed, sigma, (W / scale) * (H / scale)), { raw: { width: W / scale, height: H / scale, channels: 1 } }).resize(W, H, { kernel: 'cubic' }).raw().toBuffer();
    const [medium, coarse] = await Promise.all([up(2, 24, 4), up(3, 10, 16)]);
    const out = Buffer.alloc(W * H * 3);
    for (let i = 0; i < out.length; i++) {
      const p = (i / 3) | 0;
      out[i] = Math.max(0, Math.min(255, fine[i] + medium[p] + coarse[p] - 256));
    }
    await cache.put(name, out).catch(() => {});
    return out;
  })();
  return grainTile;
}

/**
 * A drawing (SVG text) as a photo-weight JPEG: rasterised at its own size (the drawings' blur filters make larger
 * rasters slow), scaled to 1600 px wide (1600x1200 for a car, 1600x450 for a banner), grain added (a quarter of its deviation: sensor-like noise, cheaper than a blend).
 * @param {string} svg
 * @param {DiskCache} cache the photos' folder, where the grain is kept
 * @returns {Promise<Buffer>}
 */
export async function renderPhoto(svg, cache) {
  const [{ data, info }, noise] = await Promise.all([
    // Two steps: rasterised first, then scaled. One libvips pipeline (svgload -> resize) had librsvg render the
    // drawing, blur filters and all, straight at 1600x1200 region by region: 423 -> ~170 ms of CPU a photo this way.
    // 1600 px wide at the drawing's proportions: 1600x1200 for a car's views (4:3), 1600x450 for a banner (1920x540);
    // never taller than the grain tile (a narrower drawing is scaled to fit it).
    sharp(Buffer.from(svg), { density: 72 }).removeAlpha().raw().toBuffer({ resolveWithObject: true })
      .then(({ data: drawn, info: size }) => sharp(drawn, { raw: size }).resize(PHOTO_WIDTH, Math.min(PHOTO_HEIGHT, Math.round((PHOTO_WIDTH * size.height) / size.width)), { kernel: 'lanczos3', fit: 'fill' }).raw().toBuffer({ resolveWithObject: true })),
    grain(cache),
  ]);
  for (let i = 0; i < data.length; i++) {
    const v = data[i] + ((noise[i] - 128) >> 2);
    data[i] = v < 0 ? 0 : v > 255 ? 255 : v;
  }
  return sharp(data, { raw: info }).jpeg({ quality: PHOTO_QUALITY, optimiseCoding: true, chromaSubsampling: '4:2:0' }).toBuffer();
}

/** Bumped when the light recipe changes (its own cache names: a light photo is never served as a full one). */
const LIGHT_RECIPE = 'photo-light-v1';

/**
 * A drawing as the light recipe's JPEG: rasterised at half its own size (400x300 for a car's view, 960x270 for a
 * banner), no grain, quality 75. About 20 ms of CPU instead of ~170 (and its resizes are as cheap): what the test runs
 * serve (`demoPhotoRecipe`), where a clean clone would otherwise make every photo its pages show at full weight.
 * @param {string} svg
 * @returns {Promise<Buffer>}
 */
export function renderLightPhoto(svg) {
  return sharp(Buffer.from(svg), { density: 36 }).removeAlpha().jpeg({ quality: 75 }).toBuffer();
}

/**
 * Which recipe a platform's photo service uses: `FORECOURT_DEMO_PHOTOS` (`full` or `light`) when set, else `light` in
 * test runs (vitest sets VITEST) and `full` everywhere else (`npm start`, the benchmarks). The tests look at where
 * pictures go and that they load, not at their weight; the visual baselines start their platform with `full`.
 * @returns {'full' | 'light'}
 */
export function demoPhotoRecipe(env = process.env) {
  const asked = env.FORECOURT_DEMO_PHOTOS;
  if (asked === 'full' || asked === 'light') return asked;
  return env.VITEST ? 'light' : 'full';
}

/**
 * The demo's photo service. `photo(pathname)` answers the JPEG bytes of a photo path (null when the path names no
 * photo); `fetch(request)` answers it over HTTP (GET/HEAD; 404 otherwise) as the demo Worker's PHOTOS binding.
 * `recipe`: `full` (default: photo weight, renderPhoto) or `light` (renderLightPhoto).
 * @param {{ dir?: string, maxBytes?: number, concurrency?: number, recipe?: 'full' | 'light' }} [options]
 */
export function createDemoPhotos(options = {}) {
  const light = options.recipe === 'light';
  const cache = new DiskCache({ dir: options.dir ?? join(ROOT, 'demo/generated/photos'), maxBytes: options.maxBytes ?? 1024 ** 3 });
  const limit = limitConcurrency(options.concurrency ?? 2);
  const inFlight = new Map();
  let demo = null;

  async function photo(pathname) {
    demo ??= loadDemo();
    const { demoPhotoDrawing, renderDemoImage } = await demo;
    const drawing = demoPhotoDrawing(pathname);
    if (!drawing) return null;
    const name = cacheFileName(`${light ? LIGHT_RECIPE : RECIPE}:${pathname}`, '.jpg');
    const cached = await cache.get(name);
    if (cached) return cached;
    // Two requests for the same new photo make it once.
    let pending = inFlight.get(name);
    if (!pending) {
      pending = limit(async () => {
        const svg = renderDemoImage(drawing)?.body;
        if (!svg) return null;
        const bytes = light ? await renderLightPhoto(svg) : await renderPhoto(svg, cache);
        await cache.put(name, bytes);
        return bytes;
      }).finally(() => inFlight.delete(name));
      inFlight.set(name, pending);
    }
    return pending;
  }

  async function fetch(request) {
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405, headers: { allow: 'GET, HEAD' } });
    const bytes = await photo(new URL(request.url).pathname);
    if (!bytes) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    const headers = { 'content-type': 'image/jpeg', 'content-length': String(bytes.byteLength), 'cache-control': 'public, max-age=86400', 'x-content-type-options': 'nosniff' };
    return new Response(request.method === 'HEAD' ? null : bytes, { headers });
  }

  return { photo, fetch, cache };
}
