import { describe, expect, it } from 'vitest';
import { autoImageFormat, cropHeight, DEFAULT_IMAGE_QUALITY, IMAGE_CROPS, IMAGE_QUALITIES, IMAGE_WIDTHS, imageQuality, imageSrcset, imageUrl, imageWidth, isResizable, parseImageRequest, responsiveImage } from './images.ts';

const PHOTO = '/demo-img/photo/suv/f2f3f0.a0785a/0.jpg';

describe('imageUrl', () => {
  it('writes a Cloudflare Image Resizing URL with the spec defaults (width 640, quality 75, format auto)', () => {
    expect(imageUrl(PHOTO)).toBe('/cdn-cgi/image/width=640,quality=75,format=auto/demo-img/photo/suv/f2f3f0.a0785a/0.jpg');
    expect(DEFAULT_IMAGE_QUALITY).toBe(75);
  });

  it('snaps a width up to the bounded list and a quality to the nearest listed one', () => {
    expect(imageUrl(PHOTO, { width: 700, quality: 60 })).toContain('/width=800,quality=60,format=auto/');
    expect(imageUrl(PHOTO, { width: 5000 })).toContain('width=1600,');
    expect(imageUrl(PHOTO, { width: 1, quality: 0 })).toContain('width=120,quality=50,');
    expect(imageUrl(PHOTO, { quality: 250 })).toContain('quality=90,');
    expect(imageUrl(PHOTO, { quality: 80 })).toContain('quality=85,'); // a tie goes to the higher
    expect(imageUrl(PHOTO, { quality: 72 })).toContain('quality=75,');
    expect(imageUrl(PHOTO, { quality: Number.NaN })).toContain('quality=75,');
    expect(IMAGE_QUALITIES).toContain(DEFAULT_IMAGE_QUALITY);
    for (let q = -5; q <= 120; q++) expect(IMAGE_QUALITIES).toContain(imageQuality(q));
    expect(imageWidth(640)).toBe(640);
    expect(imageWidth(641)).toBe(800);
  });

  it('keeps an absolute http(s) source whole and leaves vector, data and odd addresses alone', () => {
    expect(imageUrl('https://photos.example.com/a/b.jpg?v=2', { width: 320 })).toBe('/cdn-cgi/image/width=320,quality=75,format=auto/https://photos.example.com/a/b.jpg?v=2');
    for (const src of ['/demo-img/logo/toyota.svg', '/demo-img/logo/toyota.svg?variant=compact', 'data:image/png;base64,AAAA', '//evil.example/x.jpg', 'javascript:alert(1)', '/a b.jpg', '/cdn-cgi/image/width=320/p.jpg', '']) {
      expect(isResizable(src)).toBe(false);
      expect(imageUrl(src)).toBe(src);
    }
  });
});

describe('imageSrcset and responsiveImage', () => {
  it('lists each width once, ascending, as w descriptors', () => {
    expect(imageSrcset(PHOTO, [640, 320, 330])).toBe(
      '/cdn-cgi/image/width=320,quality=75,format=auto/demo-img/photo/suv/f2f3f0.a0785a/0.jpg 320w, /cdn-cgi/image/width=480,quality=75,format=auto/demo-img/photo/suv/f2f3f0.a0785a/0.jpg 480w, /cdn-cgi/image/width=640,quality=75,format=auto/demo-img/photo/suv/f2f3f0.a0785a/0.jpg 640w',
    );
    expect(imageSrcset('/x.svg', [320])).toBeNull();
  });

  it('gives src (the fallback width), srcSet and sizes; an SVG keeps its src alone', () => {
    const layout = { widths: [320, 640], sizes: '(min-width:576px) 50vw, 100vw', fallback: 640 };
    expect(responsiveImage(PHOTO, layout)).toEqual({ src: imageUrl(PHOTO, { width: 640 }), srcSet: imageSrcset(PHOTO, [320, 640]), sizes: layout.sizes });
    expect(responsiveImage('/demo-img/car/suv/f2f3f0/0.svg', layout)).toEqual({ src: '/demo-img/car/suv/f2f3f0/0.svg' });
  });
});

describe('parseImageRequest (what the local resizer accepts)', () => {
  it('reads every URL imageUrl writes back to its width, quality, format and source', () => {
    for (const width of IMAGE_WIDTHS) {
      for (const quality of IMAGE_QUALITIES) expect(parseImageRequest(imageUrl(PHOTO, { width, quality }))).toEqual({ ok: true, width, quality, format: 'auto', source: PHOTO });
    }
    expect(parseImageRequest('/cdn-cgi/image/width=320/https://photos.example.com/b.jpg')).toEqual({ ok: true, width: 320, quality: 75, format: 'auto', source: 'https://photos.example.com/b.jpg' });
    // A URL parser may fold the source's double slash: still the same source.
    expect(parseImageRequest('/cdn-cgi/image/width=320,format=webp/https:/photos.example.com/b.jpg')).toMatchObject({ ok: true, format: 'webp', source: 'https://photos.example.com/b.jpg' });
  });

  it('refuses widths off the list, qualities off the list, unknown or repeated options and non-picture sources', () => {
    const bad = [
      '/cdn-cgi/image/width=641,quality=75,format=auto/p.jpg',
      '/cdn-cgi/image/width=99999/p.jpg',
      '/cdn-cgi/image/quality=75/p.jpg',
      '/cdn-cgi/image/width=640,quality=0/p.jpg',
      '/cdn-cgi/image/width=640,quality=101/p.jpg',
      '/cdn-cgi/image/width=640,quality=7.5/p.jpg',
      '/cdn-cgi/image/width=640,quality=42/p.jpg',
      '/cdn-cgi/image/width=640,quality=76/p.jpg',
      '/cdn-cgi/image/width=640,quality=075/p.jpg',
      '/cdn-cgi/image/width=640,format=gif/p.jpg',
      '/cdn-cgi/image/width=640,blur=20/p.jpg',
      '/cdn-cgi/image/width=640,width=320/p.jpg',
      '/cdn-cgi/image/width=640/../secret.jpg',
      '/cdn-cgi/image/width=640/demo-img/../x.jpg',
      '/cdn-cgi/image/width=640/logo.svg',
      '/cdn-cgi/image/width=640/',
      '/cdn-cgi/image/p.jpg',
      '/demo-img/photo/x.jpg',
      // Crops: height and fit=cover together, the height a listed crop's at that width.
      '/cdn-cgi/image/width=800,height=450/p.jpg',
      '/cdn-cgi/image/width=800,fit=cover/p.jpg',
      '/cdn-cgi/image/width=800,height=451,fit=cover/p.jpg',
      '/cdn-cgi/image/width=800,height=450,fit=contain/p.jpg',
      '/cdn-cgi/image/width=800,height=0450,fit=cover/p.jpg',
      '/cdn-cgi/image/width=800,height=450,height=450,fit=cover/p.jpg',
      // The short names are the same options: a repeat under the other name is refused too.
      '/cdn-cgi/image/width=800,h=450,height=450,fit=cover/p.jpg',
      '/cdn-cgi/image/w=800,width=640/p.jpg',
      '/cdn-cgi/image/width=640,q=75,quality=75/p.jpg',
    ];
    for (const path of bad) expect(parseImageRequest(path), path).toMatchObject({ ok: false });
  });

  it('a crop (IMAGE_CROPS): imageUrl writes height and fit=cover, and the resizer reads them back', () => {
    expect(cropHeight(800, '16:9')).toBe(450);
    expect(cropHeight(1200, '16:9')).toBe(675);
    expect(imageUrl('/b.jpg', { width: 800, crop: '16:9' })).toBe('/cdn-cgi/image/width=800,height=450,fit=cover,quality=75,format=auto/b.jpg');
    for (const width of IMAGE_WIDTHS) for (const crop of IMAGE_CROPS) {
      expect(parseImageRequest(imageUrl(PHOTO, { width, crop }))).toEqual({ ok: true, width, quality: 75, format: 'auto', source: PHOTO, height: cropHeight(width, crop) });
    }
    expect(parseImageRequest('/cdn-cgi/image/w=800,h=450,fit=cover/p.jpg')).toMatchObject({ ok: true, width: 800, height: 450 });
    const layout = { widths: [480, 800], sizes: '100vw', fallback: 800, crop: '16:9' as const };
    expect(responsiveImage('/b.jpg', layout)).toEqual({
      src: '/cdn-cgi/image/width=800,height=450,fit=cover,quality=75,format=auto/b.jpg',
      srcSet: '/cdn-cgi/image/width=480,height=270,fit=cover,quality=75,format=auto/b.jpg 480w, /cdn-cgi/image/width=800,height=450,fit=cover,quality=75,format=auto/b.jpg 800w',
      sizes: '100vw',
    });
    // A drawing is not cropped either: it keeps its address.
    expect(responsiveImage('/b.svg', layout)).toEqual({ src: '/b.svg' });
  });

  it('picks AVIF, then WebP, by Accept for format=auto', () => {
    expect(autoImageFormat('image/avif,image/webp,image/apng,*/*;q=0.8')).toBe('avif');
    expect(autoImageFormat('image/webp,*/*')).toBe('webp');
    expect(autoImageFormat('*/*')).toBeNull();
    expect(autoImageFormat(null)).toBeNull();
  });
});
