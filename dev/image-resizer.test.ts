/**
 * The local stand-in for Cloudflare Image Resizing (dev/image-resizer.mjs) and its bounded caches (dev/disk-cache.mjs):
 * the URL checks (contracts images.ts parseImageRequest) answered 400, format=auto by Accept, never enlarged, cached.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageUrl } from '../contracts/src/images.ts';
import { DiskCache, MemoryLru } from './disk-cache.mjs';
import { cacheableSeconds, createImageResizer, MAX_SOURCE_BYTES, readCapped } from './image-resizer.mjs';

const dirs: string[] = [];
const tmp = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), name));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

let source: Buffer;
beforeAll(async () => {
  source = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3366aa' } }).jpeg({ quality: 82 }).toBuffer();
});

/** A resizer whose root-relative sources come from a map (the platform's own routes, in a local run). */
function resizer(files: Record<string, { type: string; bytes: Buffer | string }>) {
  const asked: string[] = [];
  const service = createImageResizer({
    dir: tmp('fc-image-cache-'),
    fetchSource: async (url: URL) => {
      asked.push(url.pathname);
      const file = files[url.pathname];
      return file ? new Response(file.bytes, { headers: { 'content-type': file.type } }) : new Response('no', { status: 404 });
    },
  });
  return { ...service, asked };
}

const get = (service: { fetch: (r: Request) => Promise<Response> }, path: string, accept = 'image/avif,image/webp,*/*') =>
  service.fetch(new Request(`http://harbourside-toyota.localhost:8787${path}`, { headers: { accept } }));

describe('local image resizer', { timeout: 60_000 }, () => {
  it('resizes to the asked width, picks AVIF / WebP / the source format by Accept for format=auto, and says it varies by Accept', async () => {
    const service = resizer({ '/demo-img/p.jpg': { type: 'image/jpeg', bytes: source } });
    for (const [accept, type, format] of [['image/avif,image/webp,*/*', 'image/avif', 'heif'], ['image/webp,*/*', 'image/webp', 'webp'], ['*/*', 'image/jpeg', 'jpeg']] as const) {
      const res = await get(service, imageUrl('/demo-img/p.jpg', { width: 320 }), accept);
      expect(res.status, accept).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('vary')).toBe('Accept');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format, width: 320, height: 240 });
    }
  });

  it("crops (height with fit=cover): exactly the asked box around the centre, enlarged if it must be; cached apart from the uncropped width", async () => {
    // A 32:9 banner in four bands, green | red | blue | green: the 16:9 crop is the middle half (red | blue, no green);
    // a stretched or letterboxed 800x450 would show green at its edges or a band of background at its top.
    const band = async (colour: string) => sharp({ create: { width: 400, height: 450, channels: 3, background: colour } }).png().toBuffer();
    const banner = await sharp({ create: { width: 1600, height: 450, channels: 3, background: '#00ff00' } })
      .composite([{ input: await band('#ff0000'), left: 400, top: 0 }, { input: await band('#0000ff'), left: 800, top: 0 }])
      .jpeg({ quality: 90 })
      .toBuffer();
    const service = resizer({ '/demo-img/banner.jpg': { type: 'image/jpeg', bytes: banner } });
    const read = async (res: Response) => sharp(Buffer.from(await res.arrayBuffer())).raw().toBuffer({ resolveWithObject: true });
    const crop = await read(await get(service, imageUrl('/demo-img/banner.jpg', { width: 800, crop: '16:9' }), '*/*'));
    expect({ width: crop.info.width, height: crop.info.height }).toEqual({ width: 800, height: 450 });
    const pixel = (x: number, y: number) => [...crop.data.subarray((y * crop.info.width + x) * 3, (y * crop.info.width + x) * 3 + 3)];
    const red = (p: number[]) => p[0]! > 200 && p[1]! < 60 && p[2]! < 60;
    const blue = (p: number[]) => p[2]! > 200 && p[0]! < 60 && p[1]! < 60;
    expect(red(pixel(10, 225)), 'left edge: the banner at x 410').toBe(true);
    expect(red(pixel(10, 5)), 'top left: no letterbox').toBe(true);
    expect(blue(pixel(790, 225)), 'right edge: the banner at x 1190').toBe(true);
    expect(blue(pixel(790, 444)), 'bottom right').toBe(true);
    // 1200x675 needs more height than the banner has: enlarged to cover, as Cloudflare's fit=cover does.
    const big = await read(await get(service, imageUrl('/demo-img/banner.jpg', { width: 1200, crop: '16:9' }), '*/*'));
    expect({ width: big.info.width, height: big.info.height }).toEqual({ width: 1200, height: 675 });
    // The uncropped width is its own answer (its own cache key), the banner's whole shape.
    const whole = await read(await get(service, imageUrl('/demo-img/banner.jpg', { width: 800 }), '*/*'));
    expect({ width: whole.info.width, height: whole.info.height }).toEqual({ width: 800, height: 225 });
    expect(service.stats.resized).toBe(3);
  });

  it('never enlarges: a picture narrower than the width comes back at its own size', async () => {
    const small = await sharp({ create: { width: 200, height: 150, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const service = resizer({ '/demo-img/s.png': { type: 'image/png', bytes: small } });
    const res = await get(service, imageUrl('/demo-img/s.png', { width: 1600 }), '*/*');
    expect(res.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(200);
  });

  it('answers 400 for widths or qualities off the lists, unknown options, a bad source or one outside /demo-img/, without fetching anything', async () => {
    const service = resizer({ '/demo-img/p.jpg': { type: 'image/jpeg', bytes: source } });
    for (const path of ['/cdn-cgi/image/width=500,quality=75,format=auto/demo-img/p.jpg', '/cdn-cgi/image/width=640,quality=42/demo-img/p.jpg', '/cdn-cgi/image/width=640/cars/suv.jpg', '/cdn-cgi/image/width=640,quality=0/demo-img/p.jpg', '/cdn-cgi/image/width=640,quality=101/demo-img/p.jpg', '/cdn-cgi/image/width=640,sharpen=3/demo-img/p.jpg', '/cdn-cgi/image/quality=75/demo-img/p.jpg', '/cdn-cgi/image/width=640/../etc/passwd.jpg', '/cdn-cgi/image/width=640/logo.svg']) {
      const res = await get(service, path);
      expect(res.status, path).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    }
    expect(service.asked).toEqual([]);
  });

  it('passes a missing source on as 404, and a source that is no picture as 415', async () => {
    const service = resizer({ '/demo-img/not-image.jpg': { type: 'image/jpeg', bytes: 'hello' } });
    expect((await get(service, imageUrl('/demo-img/gone.jpg', { width: 320 }))).status).toBe(404);
    expect((await get(service, imageUrl('/demo-img/not-image.jpg', { width: 320 }))).status).toBe(415);
    expect((await service.fetch(new Request('http://x/cdn-cgi/image/width=320/demo-img/p.jpg', { method: 'POST' }))).status).toBe(405);
    // Offline: a picture on another host is not fetched; the browser is sent there.
    const away = await get(service, imageUrl('https://photos.example.com/a.jpg', { width: 320 }));
    expect(away.status).toBe(302);
    expect(away.headers.get('location')).toBe('https://photos.example.com/a.jpg');
    expect(service.asked).toEqual(['/demo-img/gone.jpg', '/demo-img/not-image.jpg']);
  });

  it('resizes a picture once: then from memory, and after a restart from disk', async () => {
    const files = { '/demo-img/p.jpg': { type: 'image/jpeg', bytes: source } };
    const service = resizer(files);
    const path = imageUrl('/demo-img/p.jpg', { width: 480, quality: 60 });
    expect(path).toContain('quality=60,');
    const first = Buffer.from(await (await get(service, path)).arrayBuffer());
    const second = Buffer.from(await (await get(service, path)).arrayBuffer());
    expect(Buffer.compare(first, second)).toBe(0);
    expect(service.stats).toMatchObject({ resized: 1, memoryHits: 1 });
    const restarted = createImageResizer({ dir: service.disk!.dir, fetchSource: async () => new Response(source, { headers: { 'content-type': 'image/jpeg' } }) });
    await get(restarted, path);
    expect(restarted.stats).toMatchObject({ resized: 0, diskHits: 1 });
  });

  it('keeps a source for its max-age (digest only): asked again, the answer comes from the caches without reading the source; then it is read again', async () => {
    let clock = 1_000_000;
    let bytes = source;
    let cacheControl = 'public, max-age=60';
    const reads: string[] = [];
    const service = createImageResizer({
      dir: tmp('fc-image-cache-'),
      now: () => clock,
      fetchSource: async (url: URL) => {
        reads.push(url.pathname);
        return new Response(bytes, { headers: { 'content-type': 'image/jpeg', 'cache-control': cacheControl } });
      },
    });
    const small = imageUrl('/demo-img/p.jpg', { width: 320 });
    const large = imageUrl('/demo-img/p.jpg', { width: 640 });
    const first = Buffer.from(await (await get(service, small)).arrayBuffer());
    const again = await get(service, small);
    expect(Buffer.compare(first, Buffer.from(await again.arrayBuffer()))).toBe(0);
    expect(again.headers.get('content-type')).toBe('image/avif');
    // Another width of the same source is not cached yet: the source is read to make it.
    await get(service, large);
    expect(reads).toEqual(['/demo-img/p.jpg', '/demo-img/p.jpg']);
    // format=auto still follows each request's Accept: a JPEG-only browser gets its own answer (read once, then kept).
    expect((await get(service, small, '*/*')).headers.get('content-type')).toBe('image/jpeg');
    expect((await get(service, small, '*/*')).headers.get('content-type')).toBe('image/jpeg');
    expect(reads).toHaveLength(3);
    expect(service.stats.sourceReads).toBe(3);

    // After the max-age the source is read again, and a changed picture gives a new answer.
    bytes = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#aa3333' } }).jpeg({ quality: 82 }).toBuffer();
    clock += 61_000;
    const changed = Buffer.from(await (await get(service, small)).arrayBuffer());
    expect(reads).toHaveLength(4);
    expect(Buffer.compare(first, changed)).not.toBe(0);

    // A HEAD asked while the source is kept: the kept answer's headers, no body, no read.
    const head = await service.fetch(new Request(`http://harbourside-toyota.localhost:8787${small}`, { method: 'HEAD', headers: { accept: 'image/avif,image/webp,*/*' } }));
    expect([head.status, head.headers.get('content-type'), await head.text()]).toEqual([200, 'image/avif', '']);
    expect(reads).toHaveLength(4);

    // A source that may not be kept (no-store, whatever max-age it also names) is read on every request.
    cacheControl = 'no-store, max-age=60';
    clock += 61_000;
    await get(service, small);
    await get(service, small);
    expect(reads).toHaveLength(6);
  });

  it('reads a kept source again when its answer is no longer in the caches (memory evicted, no disk)', async () => {
    const reads: string[] = [];
    const service = createImageResizer({
      dir: false,
      memoryBytes: 1,
      fetchSource: async (url: URL) => {
        reads.push(url.pathname);
        return new Response(source, { headers: { 'content-type': 'image/jpeg', 'cache-control': 'max-age=600' } });
      },
    });
    const path = imageUrl('/demo-img/p.jpg', { width: 320 });
    expect((await get(service, path)).status).toBe(200);
    expect((await get(service, path)).status).toBe(200);
    expect(reads).toHaveLength(2);
    expect(service.stats).toMatchObject({ resized: 2, memoryHits: 0 });
  });

  it('forgets a kept source that then fails: the failure is answered, not an old picture', async () => {
    let clock = 0;
    let up = true;
    const service = createImageResizer({
      dir: tmp('fc-image-cache-'),
      now: () => clock,
      fetchSource: async () => (up ? new Response(source, { headers: { 'content-type': 'image/jpeg', 'cache-control': 'max-age=10' } }) : new Response('gone', { status: 404 })),
    });
    const path = imageUrl('/demo-img/p.jpg', { width: 320 });
    expect((await get(service, path)).status).toBe(200);
    clock += 11_000;
    up = false;
    expect((await get(service, path)).status).toBe(404);
    expect(service.sources.size).toBe(0);
  });

  it('reads max-age from Cache-Control (s-maxage first); no-store, no-cache and private keep nothing', () => {
    expect(cacheableSeconds('public, max-age=86400')).toBe(86400);
    expect(cacheableSeconds('max-age=60, s-maxage=600')).toBe(600);
    expect(cacheableSeconds(null)).toBe(0);
    expect(cacheableSeconds('public')).toBe(0);
    for (const value of ['no-store', 'private, max-age=60', 'max-age=60, no-cache', 'No-Store, max-age=9']) expect(cacheableSeconds(value), value).toBe(0);
  });
});

describe('local image resizer bounds', { timeout: 60_000 }, () => {
  it('refuses a source over the cap by its content-length, without reading the body', async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({ pull(c) { pulled++; c.enqueue(new Uint8Array(1024)); } });
    const service = createImageResizer({
      dir: false,
      maxSourceBytes: 4096,
      fetchSource: async () => new Response(body, { headers: { 'content-type': 'image/jpeg', 'content-length': String(10 * 1024 * 1024) } }),
    });
    expect((await get(service, imageUrl('/demo-img/big.jpg', { width: 320 }))).status).toBe(413);
    expect(pulled).toBeLessThanOrEqual(1); // a stream may pre-pull one chunk; the body is never read through
  });

  it('streams a source without a content-length and stops at the cap (413, the rest never read)', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({ pull(c) { pulled++; c.enqueue(new Uint8Array(1024)); } });
    const service = createImageResizer({ dir: false, maxSourceBytes: 4096, fetchSource: async () => new Response(endless, { headers: { 'content-type': 'image/jpeg' } }) });
    expect((await get(service, imageUrl('/demo-img/endless.jpg', { width: 320 }))).status).toBe(413);
    expect(pulled).toBeLessThan(10);
    // Under the cap, the same reading gives the whole source.
    expect(Buffer.compare(Buffer.from((await readCapped(new Response(source), source.byteLength))!), source)).toBe(0);
    expect(await readCapped(new Response(source), source.byteLength - 1)).toBeNull();
    expect(MAX_SOURCE_BYTES).toBe(25 * 1024 * 1024);
  });

  it('bounds the sharp queue: past concurrency + maxQueue new resizes get 503 with retry-after; cached answers still flow', async () => {
    const service = createImageResizer({
      dir: false,
      concurrency: 1,
      maxQueue: 1,
      fetchSource: async () => new Response(source, { headers: { 'content-type': 'image/jpeg' } }),
    });
    // Warm one size, then ask for many new sizes at once.
    expect((await get(service, imageUrl('/demo-img/p.jpg', { width: 120 }), '*/*')).status).toBe(200);
    const widths = [160, 240, 320, 480, 640, 800, 960, 1200];
    const answers = await Promise.all(widths.map((width) => get(service, imageUrl('/demo-img/p.jpg', { width }), '*/*')));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    const busy = answers.find((r) => r.status === 503)!;
    expect(busy.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(busy.headers.get('cache-control')).toBe('no-store');
    expect(service.stats.refusedBusy).toBe(statuses.filter((s) => s === 503).length);
    // The queue drains: the cached size answers and a refused size works on retry.
    expect((await get(service, imageUrl('/demo-img/p.jpg', { width: 120 }), '*/*')).status).toBe(200);
    const retried = widths[statuses.indexOf(503)]!;
    expect((await get(service, imageUrl('/demo-img/p.jpg', { width: retried }), '*/*')).status).toBe(200);
  });
});

describe('bounded caches', () => {
  it('DiskCache keeps its folder under maxBytes, dropping the least recently used files first', async () => {
    const dir = tmp('fc-disk-cache-');
    const cache = new DiskCache({ dir, maxBytes: 3000 });
    await cache.put('a', Buffer.alloc(1000));
    await cache.put('b', Buffer.alloc(1000));
    await cache.put('c', Buffer.alloc(1000));
    await new Promise((r) => setTimeout(r, 5));
    expect(await cache.get('a')).not.toBeNull(); // a is now the most recently used
    // Over the bound: the least recently used go (b, then c) until the folder is under 90% of it.
    await cache.put('d', Buffer.alloc(1000));
    expect(cache.bytes).toBeLessThanOrEqual(3000);
    expect(readdirSync(dir).sort()).toEqual(['a', 'd']);
    expect(await cache.get('b')).toBeNull();
    // A restart reads what the folder holds.
    expect(new DiskCache({ dir, maxBytes: 3000 }).bytes).toBe(2000);
  });

  it('MemoryLru deletes an entry and its size', () => {
    const lru = new MemoryLru(10);
    lru.set('a', 'x', 4);
    lru.set('b', 'y', 4);
    lru.delete('a');
    lru.delete('missing');
    expect([lru.size, lru.bytes, lru.get('a'), lru.get('b')]).toEqual([1, 4, undefined, 'y']);
  });

  it('MemoryLru holds at most maxBytes, evicting the least recently used', () => {
    const lru = new MemoryLru(100);
    lru.set('a', 'A', 40);
    lru.set('b', 'B', 40);
    expect(lru.get('a')).toBe('A');
    lru.set('c', 'C', 40);
    expect(lru.get('b')).toBeUndefined();
    expect([lru.get('a'), lru.get('c')]).toEqual(['A', 'C']);
    expect(lru.bytes).toBeLessThanOrEqual(100);
    lru.set('huge', 'H', 101);
    expect(lru.get('huge')).toBeUndefined();
  });
});
