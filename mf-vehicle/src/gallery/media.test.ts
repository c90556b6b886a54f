import { describe, expect, it } from 'vitest';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { carVideo, gallerySlides, safeMediaUrl, showThumbnails, slideAtScroll, slideForKey, spinMedia, stepIndex, swipeStep, videoSource } from './media.ts';

const photos = (n: number) => Array.from({ length: n }, (_, i) => ({ image: { url: `/img/${i}.jpg`, thumb: { url: `/img/${i}-t.jpg` } } }));
const car = { ...sampleCar, images: photos(5), video_url: null, external_video_url: null };

describe('safeMediaUrl', () => {
  it('keeps root-relative and http(s) addresses, drops scripts, data and protocol-relative ones', () => {
    expect(safeMediaUrl('/demo-img/a.svg')).toBe('/demo-img/a.svg');
    expect(safeMediaUrl('https://cdn.example.com/a.jpg')).toBe('https://cdn.example.com/a.jpg');
    expect(safeMediaUrl('javascript:alert(1)')).toBeNull();
    expect(safeMediaUrl('data:image/png;base64,AAAA')).toBeNull();
    expect(safeMediaUrl('//evil.example/a.jpg')).toBeNull();
    expect(safeMediaUrl('relative.jpg')).toBeNull();
    expect(safeMediaUrl(null)).toBeNull();
  });
});

describe('videoSource: iframe for video-hosting links, native video otherwise (spec §2)', () => {
  it('YouTube links of every shape play from youtube-nocookie.com', () => {
    const embed = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?v=dQw4w9WgXcQ&feature=share',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ]) {
      expect(videoSource(url), url).toEqual({ kind: 'embed', provider: 'youtube', src: embed, page: url });
    }
  });

  it('keeps a YouTube start time (seconds or 1m30s)', () => {
    expect(videoSource('https://youtu.be/dQw4w9WgXcQ?t=42')?.src).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=42');
    expect(videoSource('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s')?.src).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90');
  });

  it('a YouTube link without a valid video id is no video', () => {
    expect(videoSource('https://www.youtube.com/channel/UC123')).toBeNull();
    expect(videoSource('https://www.youtube.com/watch?v=short')).toBeNull();
  });

  it('Vimeo links play from player.vimeo.com with do-not-track, keeping an unlisted hash', () => {
    expect(videoSource('https://vimeo.com/76979871')).toEqual({ kind: 'embed', provider: 'vimeo', src: 'https://player.vimeo.com/video/76979871?dnt=1', page: 'https://vimeo.com/76979871' });
    expect(videoSource('https://vimeo.com/76979871/abc123ef')?.src).toBe('https://player.vimeo.com/video/76979871?h=abc123ef&dnt=1');
    expect(videoSource('https://player.vimeo.com/video/76979871?h=ff00')?.src).toBe('https://player.vimeo.com/video/76979871?h=ff00&dnt=1');
    expect(videoSource('https://vimeo.com/channels/staffpicks/76979871')?.src).toBe('https://player.vimeo.com/video/76979871?dnt=1');
    expect(videoSource('https://vimeo.com/about')).toBeNull();
  });

  it('files and other hosts play natively; unsafe addresses are no video', () => {
    expect(videoSource('/demo-video/walkaround.mp4')).toEqual({ kind: 'file', src: '/demo-video/walkaround.mp4' });
    expect(videoSource('https://cdn.dealer.com.au/v/1.mp4')).toEqual({ kind: 'file', src: 'https://cdn.dealer.com.au/v/1.mp4' });
    expect(videoSource('javascript:alert(1)')).toBeNull();
    expect(videoSource('')).toBeNull();
  });

  it('carVideo prefers the uploaded file, falls back to the external link', () => {
    expect(carVideo({ video_url: '/v.mp4', external_video_url: 'https://youtu.be/dQw4w9WgXcQ' })?.kind).toBe('file');
    expect(carVideo({ video_url: null, external_video_url: 'https://youtu.be/dQw4w9WgXcQ' })?.kind).toBe('embed');
    expect(carVideo({ video_url: null, external_video_url: null })).toBeNull();
  });
});

describe('gallerySlides: the video is the second slide (spec §2)', () => {
  it('photos in order, alt text naming the car and position', () => {
    const slides = gallerySlides(car);
    expect(slides).toHaveLength(5);
    expect(slides[0]).toEqual({ kind: 'image', src: '/img/0.jpg', thumb: '/img/0-t.jpg', alt: `${car.name}, photo 1 of 5`, image: 0 });
  });

  it('inserts the video second', () => {
    const slides = gallerySlides({ ...car, external_video_url: 'https://youtu.be/dQw4w9WgXcQ' });
    expect(slides.map((s) => s.kind)).toEqual(['image', 'video', 'image', 'image', 'image', 'image']);
    expect(slides[2]).toMatchObject({ kind: 'image', image: 1 });
  });

  it('a car without photos shows its video alone; without either, nothing', () => {
    expect(gallerySlides({ ...car, images: [], video_url: '/v.mp4' }).map((s) => s.kind)).toEqual(['video']);
    expect(gallerySlides({ ...car, images: [] })).toEqual([]);
  });

  it('skips photos with unsafe addresses and counts only the rest', () => {
    const slides = gallerySlides({ ...car, images: [...photos(2), { image: { url: 'javascript:x', thumb: { url: 'javascript:x' } } }] });
    expect(slides).toHaveLength(2);
    expect(slides[1]).toMatchObject({ alt: `${car.name}, photo 2 of 2` });
  });
});

describe('showThumbnails: in stock and more than 3 images (spec §4, §9)', () => {
  it('3 images: no thumbnails; 4: thumbnails', () => {
    expect(showThumbnails({ status: 'in_stock' }, 3)).toBe(false);
    expect(showThumbnails({ status: 'in_stock' }, 4)).toBe(true);
  });
  it('sold or coming-soon cars show none', () => {
    expect(showThumbnails({ status: 'sold' }, 12)).toBe(false);
    expect(showThumbnails({ status: 'coming_soon' }, 12)).toBe(false);
  });
});

describe('slider movement', () => {
  it('stepIndex wraps both ways', () => {
    expect(stepIndex(0, -1, 5)).toBe(4);
    expect(stepIndex(4, 1, 5)).toBe(0);
    expect(stepIndex(2, 7, 5)).toBe(4);
    expect(stepIndex(0, 1, 0)).toBe(0);
  });
  it('slideForKey: arrows, Home, End; other keys and single slides are not ours', () => {
    expect(slideForKey('ArrowRight', 0, 3)).toBe(1);
    expect(slideForKey('ArrowLeft', 0, 3)).toBe(2);
    expect(slideForKey('Home', 2, 3)).toBe(0);
    expect(slideForKey('End', 0, 3)).toBe(2);
    expect(slideForKey('Enter', 0, 3)).toBeNull();
    expect(slideForKey('ArrowRight', 0, 1)).toBeNull();
  });
  it('swipeStep: 50 px horizontal travel; left is next, right is previous, vertical is a scroll', () => {
    expect(swipeStep(-50, 0)).toBe(1);
    expect(swipeStep(60, 10)).toBe(-1);
    expect(swipeStep(-49, 0)).toBe(0);
    expect(swipeStep(-60, 80)).toBe(0);
  });
  it('slideAtScroll rounds to the nearest slide and clamps', () => {
    expect(slideAtScroll(0, 600, 5)).toBe(0);
    expect(slideAtScroll(899, 600, 5)).toBe(1);
    expect(slideAtScroll(900, 600, 5)).toBe(2);
    expect(slideAtScroll(99999, 600, 5)).toBe(4);
    expect(slideAtScroll(100, 0, 5)).toBe(0);
  });
});

describe('spinMedia: only cars with something to spin get a viewer (spec §4 Spin viewer)', () => {
  it('frames and interior: Spin, Images, Interior; poster is the first frame', () => {
    const media = spinMedia(sampleCar);
    expect(media?.views).toEqual(['spinner', 'gallery', 'interior']);
    expect(media?.poster).toBe(sampleCar.spin_images[0]);
    expect(media?.hotspots.exterior).toHaveLength(1);
  });
  it('opens on the spinner by default, on the photos where the tenant says (spec §4: gallery on some sites)', () => {
    expect(spinMedia(sampleCar)?.initialView).toBe('spinner');
    expect(spinMedia(sampleCar, 'gallery')?.initialView).toBe('gallery');
    // A car without photos cannot open on them: its first view instead.
    expect(spinMedia({ ...sampleCar, images: [] }, 'gallery')?.initialView).toBe('spinner');
  });
  it('interior only: Images and Interior, poster is the interior', () => {
    const media = spinMedia({ ...sampleCar, spin_images: null });
    expect(media?.views).toEqual(['gallery', 'interior']);
    expect(media?.poster).toBe(sampleCar.spin_interior_image);
  });
  it('a single frame does not spin; a spin code alone shows no viewer', () => {
    expect(spinMedia({ ...sampleCar, spin_images: ['/a.svg'], spin_interior_image: null })).toBeNull();
    expect(spinMedia({ ...sampleCar, spin_images: null, spin_interior_image: null, spin_code: 'SPN-1' })).toBeNull();
  });
  it('no photos: no Images view; missing hotspots become empty lists', () => {
    const media = spinMedia({ ...sampleCar, images: [], hotspots: null });
    expect(media?.views).toEqual(['spinner', 'interior']);
    expect(media?.hotspots).toEqual({ exterior: [], interior: [] });
  });
});
