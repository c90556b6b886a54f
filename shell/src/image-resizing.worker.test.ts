/**
 * `/cdn-cgi/image/*` (contracts images.ts: Cloudflare Image Resizing URLs) inside workerd: deployed, Cloudflare answers
 * those paths before the Worker runs, so the shell has nothing there (404); only a local run binds a resizer
 * (dev/platform.mjs: IMAGE_RESIZER, dev/image-resizer.mjs), and then the shell forwards the request to it whole.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { imageUrl } from '@forecourt/contracts/images';
import worker from './worker.ts';
import type { Env } from './env.ts';
import { FAKE_HOST } from './test/fake-remotes.ts';

const PHOTO = imageUrl('/demo-img/photo/suv/f2f3f0.a0785a/0.jpg', { width: 640 });

async function call(path: string, bindings: Partial<Env>, init: RequestInit = {}) {
  const waits: Promise<unknown>[] = [];
  const ctx = { waitUntil: (p: Promise<unknown>) => void waits.push(p), passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;
  const res = await worker.fetch(new Request(`https://${FAKE_HOST}${path}`, init), { ...(env as unknown as Env), ...bindings }, ctx);
  await Promise.allSettled(waits);
  return res;
}

describe('/cdn-cgi/image/* in the shell', () => {
  it('is 404 without a local resizer (a deployed shell: Cloudflare answers these paths before the Worker)', async () => {
    const res = await call(PHOTO, { IMAGE_RESIZER: undefined });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type') ?? '').not.toMatch(/^image\//);
  });

  it('forwards the request whole (path, query, Accept) to the local resizer when one is bound, and answers what it answers', async () => {
    const seen: Request[] = [];
    const resizer = { fetch: async (request: Request) => (seen.push(request), new Response('webp bytes', { headers: { 'content-type': 'image/webp', vary: 'Accept' } })) } as unknown as Fetcher;
    const res = await call(PHOTO, { IMAGE_RESIZER: resizer }, { headers: { accept: 'image/avif,image/webp,*/*' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(await res.text()).toBe('webp bytes');
    expect(seen).toHaveLength(1);
    expect(new URL(seen[0]!.url).pathname).toBe(PHOTO);
    expect(seen[0]!.headers.get('accept')).toBe('image/avif,image/webp,*/*');
  });
});
