import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CarSchema, type Car } from '@forecourt/contracts/entities/car';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { parseIslandProps } from '@forecourt/contracts/fragments';
import { Gallery } from './index.ts';
import { GALLERY_IMAGE_LAYOUT, galleryImage, galleryPreload, gallerySlides, THUMBS_AT_FIRST } from './media.ts';

const photos = (n: number) => Array.from({ length: n }, (_, i) => ({ image: { url: `/demo-img/p/${i}.svg`, thumb: { url: `/demo-img/p/${i}-t.svg` } } }));
const car = (over: Partial<Car> = {}): Car => v.parse(CarSchema, { ...sampleCar, images: photos(6), video_url: null, external_video_url: null, ...over });
const html = (c: Car, priorityCount?: number) => renderToString(<Gallery car={c} priorityCount={priorityCount} />);
const propsOf = (markup: string, id: string) => parseIslandProps(new RegExp(`data-island-props="${id}">([^<]*)<`).exec(markup)![1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&'));

describe('Gallery server render', () => {
  it('the slider island with every slide in the HTML (a scrollable list without JavaScript) and its props beside it', () => {
    const out = html(car());
    expect(out).toContain('data-island="mf-vehicle/ImageGallery"');
    expect(out.match(/class="fvg-slide"/g)).toHaveLength(6);
    expect(out).toContain('class="fvg-track"');
    const props = propsOf(out, 'fv-gallery') as { slides: unknown[]; thumbnails: boolean; priorityCount: number };
    expect(props.slides).toHaveLength(6);
    expect(props).toMatchObject({ thumbnails: true, priorityCount: 2, name: sampleCar.name });
  });

  it('first two photos load with priority (eager) and explicit sizes, the first (the LCP) with high fetch priority; the rest lazily (spec §4)', () => {
    const imgs = html(car()).match(/<img [^>]*fvg|<img [^>]*>/g)!.filter((t) => t.includes('/demo-img/p/') && !t.includes('-t.svg'));
    expect(imgs).toHaveLength(6);
    for (const tag of imgs) expect(tag).toMatch(/width="1200" height="900"/);
    expect(imgs[0]).toContain('fetchPriority="high"');
    expect(imgs[0]).toContain('loading="eager"');
    expect(imgs[1]).toContain('loading="eager"');
    expect(imgs[1]).toContain('fetchPriority="auto"');
    expect(imgs[2]).toContain('loading="lazy"');
    expect(imgs[2]).not.toContain('fetchPriority="high"');
    const one = html(car(), 1).match(/<img [^>]*>/g)!.filter((t) => t.includes('/demo-img/p/1.svg'));
    expect(one[0]).toContain('loading="lazy"');
  });

  it('a YouTube link is the second slide: a link to it until shown (no player on first load); priority still goes to the first two photos', () => {
    const out = html(car({ external_video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }));
    const slides = out.split('class="fvg-slide"').slice(1);
    expect(slides).toHaveLength(7);
    expect(slides[1]).toMatch(/<a class="fvg-facade" href="https:\/\/www.youtube.com\/watch\?v=dQw4w9WgXcQ"/);
    expect(slides[1]).toContain('Play the video of the 2021 Toyota Corolla');
    expect(out).not.toContain('<iframe');
    expect(slides[2]).toContain('loading="eager"');
    expect(slides[0]).toContain('fetchPriority="high"');
    const props = propsOf(out, 'fv-gallery') as { slides: Array<{ kind: string; video?: { src: string } }> };
    expect(props.slides[1]).toMatchObject({ kind: 'video', video: { src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' } });
  });

  it('a video file plays in a native <video> that loads nothing until played', () => {
    const out = html(car({ video_url: '/demo-video/walkaround.mp4' }));
    expect(out).toMatch(/<video[^>]*src="\/demo-video\/walkaround.mp4"[^>]*controls=""[^>]*preload="none"/);
    expect(out).not.toContain('<iframe');
  });

  it('thumbnails only above 3 photos for a car in stock (spec §4, §9), as links to the slides', () => {
    expect(html(car()).match(/class="fvg-thumb"/g)).toHaveLength(6);
    expect(html(car()).match(/href="#fvg-slide-\d+"/g)).toHaveLength(6);
    expect(html(car({ images: photos(3) }))).not.toContain('fvg-thumbs');
    expect(html(car({ status: 'sold', sold: true }))).not.toContain('fvg-thumbs');
  });

  it(`the strip's first ${THUMBS_AT_FIRST} thumbnails have their picture; later ones only in <noscript> (no request while scripts run), every link still there`, () => {
    const out = html(car({ images: photos(THUMBS_AT_FIRST + 4) }));
    const strip = out.split('class="fvg-thumbs"')[1]!.split('</ul>')[0]!;
    const items = strip.split('<li>').slice(1);
    expect(items).toHaveLength(THUMBS_AT_FIRST + 4);
    for (const [i, item] of items.entries()) {
      expect(item).toContain(`href="#fvg-slide-${i + 1}"`);
      expect(item).toContain(`Photo ${i + 1}</span>`);
      expect(item).toContain(`/demo-img/p/${i}-t.svg`);
      if (i < THUMBS_AT_FIRST) expect(item).not.toContain('<noscript>');
      else expect(item).toMatch(/^<a [^>]*><noscript><img [^>]*loading="lazy"[^>]*\/><\/noscript>/);
    }
  });

  it('controls that need JavaScript are hidden in the server HTML; the dialog is closed and empty', () => {
    const out = html(car());
    expect(out).toMatch(/<button[^>]*class="fvg-nav fvg-nav--prev" hidden=""/);
    expect(out).toMatch(/<button[^>]*class="fvg-expand" hidden=""/);
    expect(out).toMatch(/<dialog class="fvg-dialog"[^>]*><\/dialog>/);
  });

  it('the 360 viewer: a poster and a hidden "View 360°" button in an island loaded when visible', () => {
    const out = html(car());
    expect(out).toContain('data-island="mf-vehicle/SpinViewer"');
    expect(out).toMatch(/data-island="mf-vehicle\/SpinViewer"[^>]*data-island-when="visible"|data-island-when="visible"[^>]*data-island="mf-vehicle\/SpinViewer"/);
    expect(out).toContain(`src="${sampleCar.spin_images[0]}"`);
    expect(out).toMatch(/<button[^>]*hidden=""[^>]*>View 360°<\/button>/);
    const props = propsOf(out, 'fv-spin') as { media: { frames: string[]; views: string[] }; photos: unknown[] };
    expect(props.media.frames).toEqual(sampleCar.spin_images);
    expect(props.media.views).toEqual(['spinner', 'gallery', 'interior']);
    expect(props.photos).toHaveLength(6);
  });

  it('no spin images: no 360 viewer; no photos and no video: a placeholder, no islands', () => {
    expect(html(car({ spin_images: null, spin_interior_image: null }))).not.toContain('SpinViewer');
    const none = html(car({ images: [], spin_images: null, spin_interior_image: null }));
    expect(none).toContain('No photos of this car yet.');
    expect(none).not.toContain('data-island');
  });

  it('props cannot break out of their script', () => {
    const out = html(car({ name: 'Evil </script><script>alert(1)</script>' }));
    expect(out).not.toContain('</script><script>alert(1)');
  });
  it('photos come from the image CDN: srcset and sizes for the slider and the thumbnails; quality 75, automatic format', () => {
    const jpeg = (i: number) => `/demo-img/photo/suv/f2f3f0.a0785a/${i}.jpg`;
    const out = html(car({ images: Array.from({ length: 6 }, (_, i) => ({ image: { url: jpeg(i), thumb: { url: jpeg(i) } } })) }));
    const cdn = (w: number, i = 0) => `/cdn-cgi/image/width=${w},quality=75,format=auto/demo-img/photo/suv/f2f3f0.a0785a/${i}.jpg`;
    const tags = out.match(/<img [^>]*>/g)!;
    const slide = tags.find((t) => t.includes('fetchPriority="high"'))!;
    expect(slide).toContain(`src="${cdn(800)}"`);
    expect(slide).toContain(`srcSet="${GALLERY_IMAGE_LAYOUT.widths.map((w) => `${cdn(w)} ${w}w`).join(', ')}"`);
    expect(slide).toContain(`sizes="${GALLERY_IMAGE_LAYOUT.sizes}"`);
    expect(slide).toMatch(/width="1200" height="900"/);
    expect(slide).toContain('decoding="sync"');
    const thumbs = out.split('class="fvg-thumbs"')[1]!.split('</ul>')[0]!.match(/<img [^>]*>/g)!;
    expect(thumbs).toHaveLength(6);
    for (const [i, t] of thumbs.entries()) {
      expect(t).toContain(`srcSet="${[120, 160].map((w) => `${cdn(w, i)} ${w}w`).join(', ')}"`);
      expect(t).toContain('sizes="96px"');
      expect(t).toMatch(/width="120" height="90" loading="lazy" fetchPriority="low" decoding="async"/);
    }
    // Nothing on the page loads a 1600px original.
    expect(out).not.toMatch(/src="\/demo-img\/photo/);
  });

  it('the head preload names the first photo as the slider asks for it (same href, srcset, sizes); none without photos', () => {
    const jpeg = '/demo-img/photo/suv/f2f3f0.a0785a/0.jpg';
    const image = galleryImage(jpeg);
    expect(galleryPreload(gallerySlides(car({ images: [{ image: { url: jpeg, thumb: { url: jpeg } } }] })))).toEqual({ href: image.src, srcset: image.srcSet, sizes: image.sizes });
    expect(galleryPreload(gallerySlides(car({ images: [], external_video_url: 'https://youtu.be/dQw4w9WgXcQ' })))).toBeNull();
  });
});
