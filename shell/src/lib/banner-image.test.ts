import { describe, expect, it } from 'vitest';
import { html } from 'hono/html';
import { BANNER_LAYOUT, HERO_WIDE_LAYOUT, heroPicture, heroPreloads, imageAttributes, OFFER_LAYOUT, preloadOf } from './banner-image.ts';

const cdn = (opts: string, src: string) => `/cdn-cgi/image/${opts},quality=75,format=auto/${src}`;

describe('banner and offer pictures through the image CDN (issue 19, spec §9)', () => {
  it('a photo gets src, srcset and sizes; the preload names the same three', async () => {
    const attrs = String(await html`<img${imageAttributes('/p/banner.jpg', BANNER_LAYOUT)} alt="">`);
    expect(attrs).toBe(`<img src="${cdn('width=1200', 'p/banner.jpg')}" srcset="${[480, 640, 800, 1200, 1600].map((w) => `${cdn(`width=${w}`, 'p/banner.jpg')} ${w}w`).join(', ')}" sizes="100vw" alt="">`);
    const preload = preloadOf('/p/banner.jpg', BANNER_LAYOUT);
    expect(attrs).toContain(`src="${preload.href}" srcset="${preload.srcset}" sizes="${preload.sizes}"`);
    expect(String(await html`<img${imageAttributes('/o.jpg', OFFER_LAYOUT)}>`)).toContain('sizes="(min-width: 768px) 480px, 100vw"');
  });

  it("a hero's banner: a <picture> whose phone source is the centred 16:9 crop; its preloads, one per media", async () => {
    const picture = String(await heroPicture('/b.jpg', html` alt="" width="1920" height="540" fetchpriority="high"`));
    expect(picture).toBe(
      `<picture><source media="(max-width: 767px)" srcset="${[480, 640, 800, 960].map((w) => `${cdn(`width=${w},height=${Math.round((w * 9) / 16)},fit=cover`, 'b.jpg')} ${w}w`).join(', ')}" sizes="100vw">` +
        `<img class="fc-hero__img"${String(await imageAttributes('/b.jpg', HERO_WIDE_LAYOUT))} alt="" width="1920" height="540" fetchpriority="high"></picture>`,
    );
    const [phone, wide] = heroPreloads('/b.jpg');
    expect(phone).toEqual({ href: cdn('width=800,height=450,fit=cover', 'b.jpg'), srcset: expect.stringContaining('480w'), sizes: '100vw', media: '(max-width: 767px)' });
    expect(picture).toContain(`<source media="${phone!.media}" srcset="${phone!.srcset}" sizes="${phone!.sizes}">`);
    // From 768 px the hero covers a box clamp(320px, 38vw, 520px) tall: a 32:9 banner is drawn 32/9 of that wide.
    expect(wide).toEqual({ ...preloadOf('/b.jpg', HERO_WIDE_LAYOUT), media: '(min-width: 768px)' });
    expect(wide!.sizes).toBe('clamp(1138px, 135vw, 1849px)');
    expect(wide!.href).toBe(cdn('width=1600', 'b.jpg'));
  });

  it('a drawing (SVG) keeps its address, with no srcset and no <picture>; addresses are escaped', async () => {
    expect(String(await html`<img${imageAttributes('/logo.svg', BANNER_LAYOUT)}>`)).toBe('<img src="/logo.svg">');
    expect(preloadOf('/logo.svg', BANNER_LAYOUT)).toEqual({ href: '/logo.svg' });
    expect(heroPreloads('/logo.svg')).toEqual([{ href: '/logo.svg' }]);
    expect(String(await heroPicture('/b.svg', html` alt=""`))).toBe('<img class="fc-hero__img" src="/b.svg" alt="">');
    expect(String(await html`<img${imageAttributes('/a.svg?x=1&y=2', BANNER_LAYOUT)}>`)).toBe('<img src="/a.svg?x=1&amp;y=2">');
  });
});
