import { describe, expect, it } from 'vitest';
import { serveDemoMedia } from './media.ts';

const clip = new Uint8Array(Array.from({ length: 100 }, (_, i) => i));
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  serveDemoMedia(new Request(`http://harbourside-toyota.localhost${path}`, { method, headers }), { videos: { 'walkaround.mp4': clip } });

describe('serveDemoMedia', () => {
  it('hands a photo path (JPEG) to the photo service, and 404s photos it does not name or when there is none', async () => {
    const asked: string[] = [];
    const photos = { fetch: async (r: Request) => (asked.push(new URL(r.url).pathname), new Response('jpeg', { headers: { 'content-type': 'image/jpeg' } })) };
    const at = (path: string, options = { photos }) => serveDemoMedia(new Request(`http://harbourside-toyota.localhost${path}`), { videos: {}, ...options });
    const ok = await at('/demo-img/photo/suv/f2f3f0.a0785a/0.jpg');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/jpeg');
    expect(asked).toEqual(['/demo-img/photo/suv/f2f3f0.a0785a/0.jpg']);
    for (const path of ['/demo-img/photo/suv/f2f3f0/24.jpg', '/demo-img/photo/spaceship/f2f3f0/0.jpg', '/demo-img/photo/suv/../x.jpg', '/demo-img/logo/toyota.jpg']) expect((await at(path)).status, path).toBe(404);
    expect(asked).toHaveLength(1);
    expect((await serveDemoMedia(new Request('http://h.localhost/demo-img/photo/suv/f2f3f0/0.jpg'), { videos: {} })).status).toBe(404);
  });

  it('serves a generated picture as SVG that is never sniffed and can run or load nothing', async () => {
    const res = await get('/demo-img/logo/toyota.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect((await res.text()).startsWith('<svg')).toBe(true);
  });

  it('serves a clip whole (Accept-Ranges) and its byte ranges (206, 416), as video players seek', async () => {
    const whole = await get('/demo-video/walkaround.mp4');
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect((await whole.arrayBuffer()).byteLength).toBe(100);
    const part = await get('/demo-video/walkaround.mp4', { range: 'bytes=0-9' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 0-9/100');
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect((await get('/demo-video/walkaround.mp4', { range: 'bytes=100-' })).status).toBe(416);
  });

  it.each(['/demo-img/car/nope.txt', '/demo-img/..%2f..%2fpackage.json', '/demo-video/nope.mp4', '/demo-video/walkaround.mp4.txt', '/demo-video/..%2fwalkaround.mp4', '/demo-video/constructor.mp4', '/demo-video/', '/other'])(
    '404s %s',
    async (path) => {
      expect((await get(path)).status).toBe(404);
    },
  );

  it('answers HEAD like GET and refuses writes with 405', async () => {
    expect((await get('/demo-img/logo/toyota.svg', {}, 'HEAD')).status).toBe(200);
    const post = await get('/demo-img/logo/toyota.svg', {}, 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });
});
