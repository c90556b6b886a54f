import { describe, expect, it } from 'vitest';
import { html } from 'hono/html';
import { BANNER_LAYOUT, imageAttributes, OFFER_LAYOUT, preloadOf } from './banner-image.ts';

describe('banner and offer pictures through the image CDN (issue 19, spec §9)', () => {
  it('a photo gets src, srcset and sizes; the preload names the same three', async () => {
    const attrs = String(await html`<img${imageAttributes('/p/banner.jpg', BANNER_LAYOUT)} alt="">`);
    expect(attrs).toBe(
      '<img src="/cdn-cgi/image/width=1200,quality=75,format=auto/p/banner.jpg" srcset="' +
        [480, 640, 800, 1200, 1600].map((w) => `/cdn-cgi/image/width=${w},quality=75,format=auto/p/banner.jpg ${w}w`).join(', ') +
        '" sizes="(max-width: 767px) 200vw, 100vw" alt="">',
    );
    const preload = preloadOf('/p/banner.jpg', BANNER_LAYOUT);
    expect(attrs).toContain(`src="${preload.href}" srcset="${preload.srcset}" sizes="${preload.sizes}"`);
    expect(String(await html`<img${imageAttributes('/o.jpg', OFFER_LAYOUT)}>`)).toContain('sizes="(min-width: 768px) 480px, 100vw"');
  });

  it('a drawing (SVG) keeps its address, with no srcset; addresses are escaped', async () => {
    expect(String(await html`<img${imageAttributes('/logo.svg', BANNER_LAYOUT)}>`)).toBe('<img src="/logo.svg">');
    expect(preloadOf('/logo.svg', BANNER_LAYOUT)).toEqual({ href: '/logo.svg' });
    expect(String(await html`<img${imageAttributes('/a.svg?x=1&y=2', BANNER_LAYOUT)}>`)).toBe('<img src="/a.svg?x=1&amp;y=2">');
  });
});
