/**
 * The demo's photo-weight JPEGs (dev/demo-photos.mjs): what a dealer's uploaded photo weighs (1600x1200, 150-400 KB),
 * deterministic, made from the demo's own drawings (nothing fetched), kept in a bounded folder.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createDemoPhotos, demoPhotoRecipe } from './demo-photos.mjs';

const dir = mkdtempSync(join(tmpdir(), 'fc-demo-photos-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// An exterior, an interior (trim colour) and a motorcycle detail: the lightest and heaviest kinds of drawing.
const PATHS = ['/demo-img/photo/suv/f2f3f0.a0785a/0.jpg', '/demo-img/photo/ute-tray-single/b3141e.2a2a2a/3.jpg', '/demo-img/photo/motorcycle-cruiser/16181b/7.jpg'];

describe('demo photos', { timeout: 120_000 }, () => {
  const photos = createDemoPhotos({ dir, concurrency: 2 });

  it('are 1600x1200 baseline JPEGs of 150-400 KB, like a dealer upload', async () => {
    for (const path of PATHS) {
      const bytes = await photos.photo(path);
      expect(bytes, path).not.toBeNull();
      const meta = await sharp(bytes!).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }, path).toEqual({ format: 'jpeg', width: 1600, height: 1200 });
      expect(bytes!.byteLength, path).toBeGreaterThan(150 * 1024);
      expect(bytes!.byteLength, path).toBeLessThan(400 * 1024);
    }
  });

  it("make a banner a 1600x450 photo of its 1920x540 drawing (a dealer's hero or promotion picture)", async () => {
    const bytes = await photos.photo('/demo-img/banner/suv/f2f3f0/0b3d91.jpg');
    const meta = await sharp(bytes!).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'jpeg', width: 1600, height: 450 });
    expect(bytes!.byteLength).toBeGreaterThan(60 * 1024);
    expect(bytes!.byteLength).toBeLessThan(400 * 1024);
    // Only a body the drawings know: anything else is no photo (404).
    expect(await photos.photo('/demo-img/banner/spaceship/f2f3f0/0b3d91.jpg')).toBeNull();
  });

  it('are the same bytes every time (made again from scratch, not only read back from the folder)', async () => {
    const first = await photos.photo(PATHS[0]!);
    const fresh = createDemoPhotos({ dir: mkdtempSync(join(tmpdir(), 'fc-demo-photos-again-')) });
    const again = await fresh.photo(PATHS[0]!);
    rmSync(fresh.cache.dir, { recursive: true, force: true });
    expect(Buffer.compare(first!, again!)).toBe(0);
  });

  it('keep their grain beside them: a new process reads it instead of computing it, and makes the same bytes', async () => {
    const first = await photos.photo(PATHS[1]!);
    const raw = readdirSync(dir).filter((f) => f.endsWith('.raw'));
    expect(raw).toHaveLength(1);
    expect(statSync(join(dir, raw[0]!)).size).toBe(1600 * 1200 * 3);
    // A fresh copy of the module (as a new test file's process has) over a folder holding only a grain file.
    const makeWith = async (grain: Buffer) => {
      const copy = mkdtempSync(join(tmpdir(), 'fc-demo-photos-grain-'));
      writeFileSync(join(copy, raw[0]!), grain);
      vi.resetModules();
      const { createDemoPhotos: fresh } = await import('./demo-photos.mjs');
      const bytes = await fresh({ dir: copy }).photo(PATHS[1]!);
      vi.resetModules();
      rmSync(copy, { recursive: true, force: true });
      return bytes!;
    };
    const kept = readFileSync(join(dir, raw[0]!));
    expect(Buffer.compare(first!, await makeWith(kept))).toBe(0);
    // The kept file is what is used: a flat one (no grain) gives another picture; a truncated one is made again.
    expect(Buffer.compare(first!, await makeWith(Buffer.alloc(kept.byteLength, 128)))).not.toBe(0);
    expect(Buffer.compare(first!, await makeWith(kept.subarray(0, 1000)))).toBe(0);
  });

  it('are kept on disk once made, and answer over HTTP as the demo Worker asks (GET/HEAD; 404 for any other path, colour outside the palette or body the stock never names)', async () => {
    expect(readdirSync(dir).filter((f) => f.endsWith('.jpg')).length).toBe(PATHS.length + 1); // and the banner
    const res = await photos.fetch(new Request(`http://demo.local${PATHS[0]}`));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await res.arrayBuffer()).byteLength).toBe(Number(res.headers.get('content-length')));
    const head = await photos.fetch(new Request(`http://demo.local${PATHS[0]}`, { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    for (const path of ['/demo-img/photo/suv/f2f3f0/24.jpg', '/demo-img/photo/spaceship/f2f3f0/0.jpg', '/demo-img/photo/suv/../../x.jpg', '/demo-img/car/suv/f2f3f0/0.svg', '/demo-img/photo/suv/123456.a0785a/0.jpg', '/demo-img/photo/suv/f2f3f0.a0785a/07.jpg']) {
      expect((await photos.fetch(new Request(`http://demo.local${path}`))).status, path).toBe(404);
    }
    expect((await photos.fetch(new Request(`http://demo.local${PATHS[0]}`, { method: 'POST' }))).status).toBe(405);
  });
});

describe('the light recipe (test runs)', { timeout: 60_000 }, () => {
  it('makes a half-size JPEG of the same drawing, kept under its own name beside the full one', async () => {
    const light = createDemoPhotos({ dir, recipe: 'light' });
    const full = createDemoPhotos({ dir });
    const small = await light.photo(PATHS[0]!);
    const meta = await sharp(small!).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'jpeg', width: 400, height: 300 });
    expect(small!.byteLength).toBeLessThan(60 * 1024);
    const banner = await sharp((await light.photo('/demo-img/banner/suv/f2f3f0/0b3d91.jpg'))!).metadata();
    expect({ width: banner.width, height: banner.height }).toEqual({ width: 960, height: 270 });
    // The same folder serves each recipe its own bytes (the full one is not replaced by the light one, nor read as it).
    expect((await sharp((await full.photo(PATHS[0]!))!).metadata()).width).toBe(1600);
    expect(Buffer.compare((await light.photo(PATHS[0]!))!, small!)).toBe(0);
    expect(await light.photo('/demo-img/photo/spaceship/f2f3f0/0.jpg')).toBeNull();
  });

  it('is what test runs serve unless FORECOURT_DEMO_PHOTOS says otherwise; everything else serves full photos', () => {
    expect(demoPhotoRecipe({ VITEST: 'true' })).toBe('light');
    expect(demoPhotoRecipe({})).toBe('full');
    expect(demoPhotoRecipe({ VITEST: 'true', FORECOURT_DEMO_PHOTOS: 'full' })).toBe('full');
    expect(demoPhotoRecipe({ FORECOURT_DEMO_PHOTOS: 'light' })).toBe('light');
    expect(demoPhotoRecipe({ FORECOURT_DEMO_PHOTOS: 'huge' })).toBe('full');
  });
});
