import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { CAR_SUMMARY_IMAGE_LAYOUT, CarSummary, type ChosenCar } from './CarSummary.tsx';

const PHOTO = '/demo-img/photo/suv/f2f3f0.a0785a/0.jpg';
const cdn = (w: number) => `/cdn-cgi/image/width=${w},quality=75,format=auto/demo-img/photo/suv/f2f3f0.a0785a/0.jpg`;

describe('CarSummary picture', () => {
  it('comes from the image CDN at the side column widths (srcset and sizes), never the 1600 px original', () => {
    const car: ChosenCar = { ...sampleCar, primary_image_url: PHOTO, images: [{ image: { url: PHOTO, thumb: { url: PHOTO } } }] };
    const img = renderToString(<CarSummary car={car} />).match(/<img [^>]*>/)?.[0] ?? '';
    expect(img).toContain(`src="${cdn(480)}"`);
    expect(img).toContain(`srcSet="${CAR_SUMMARY_IMAGE_LAYOUT.widths.map((w) => `${cdn(w)} ${w}w`).join(', ')}"`);
    expect(img).toContain('sizes="(min-width:992px) 29rem, calc(100vw - 4rem)"');
    expect(img).toContain('class="ff-car__image"');
    expect(img).not.toContain(`"${PHOTO}"`);
    expect(Math.max(...CAR_SUMMARY_IMAGE_LAYOUT.widths)).toBeLessThan(1600);
  });

  it('a drawing (SVG) keeps its plain src', () => {
    expect(renderToString(<CarSummary car={sampleCar} />)).toContain(`src="${sampleCar.images[0]!.image.url}"`);
  });
});
