import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import * as v from 'valibot';
import { CarSchema } from '@forecourt/contracts/entities/car';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { CompareTable } from '../account/CompareTable.tsx';
import { SavedCarItem } from '../account/SavedCarItem.tsx';
import { COMPARE_IMAGE_LAYOUT, compareImage, SAVED_CAR_IMAGE_LAYOUT, savedCarImage } from './car-images.ts';

const PHOTO = '/demo-img/photo/suv/f2f3f0.a0785a/0.jpg';
const cdn = (w: number) => `/cdn-cgi/image/width=${w},quality=75,format=auto/demo-img/photo/suv/f2f3f0.a0785a/0.jpg`;
const photoCar = v.parse(CarSchema, { ...sampleCar, primary_image_url: PHOTO });
/** The `<img ...>` tags of some markup. */
const imgs = (html: string) => html.match(/<img [^>]*>/g) ?? [];

describe('saved-car and compare pictures (image CDN, not the 1600 px originals)', () => {
  it('a saved-car card offers its widths by srcset and sizes, its src a card-sized fallback', () => {
    expect(savedCarImage(PHOTO)).toEqual({ src: cdn(480), srcSet: [240, 320, 480, 640, 800].map((w) => `${cdn(w)} ${w}w`).join(', '), sizes: SAVED_CAR_IMAGE_LAYOUT.sizes });
    const html = renderToString(<ul><SavedCarItem id={photoCar.id} lookup={{ kind: 'car', car: photoCar, reserved: false }} phone="0400000000" compare={false} compareChecked={false} /></ul>);
    const [img] = imgs(html);
    expect(img).toContain(`src="${cdn(480)}"`);
    expect(img).toContain(`srcSet="${savedCarImage(PHOTO).srcSet}"`);
    expect(img).toContain('sizes="(min-width:576px) 24rem, calc(100vw - 4rem)"');
    expect(img).toContain('loading="lazy"');
    expect(html).not.toContain(`src="${PHOTO}"`);
  });

  it('a compare column asks for at most 480w (12rem at 2x)', () => {
    expect(compareImage(PHOTO)).toEqual({ src: cdn(240), srcSet: `${cdn(240)} 240w, ${cdn(480)} 480w`, sizes: '12rem' });
    expect(Math.max(...COMPARE_IMAGE_LAYOUT.widths)).toBe(480);
    const [img] = imgs(renderToString(<CompareTable cars={[{ car: photoCar, reserved: false }]} />));
    expect(img).toContain(`src="${cdn(240)}"`);
    expect(img).toContain('sizes="12rem"');
    expect(img).not.toContain(`"${PHOTO}"`);
  });

  it('a drawing (SVG) keeps its plain src', () => {
    expect(savedCarImage('/demo-img/hatch/blue/1.svg')).toEqual({ src: '/demo-img/hatch/blue/1.svg' });
    expect(compareImage('/demo-img/hatch/blue/1.svg')).toEqual({ src: '/demo-img/hatch/blue/1.svg' });
  });
});
