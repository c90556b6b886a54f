import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import * as v from 'valibot';
import { OfferSchema } from '@forecourt/contracts/entities/content';
import { OffersPage } from '../fragments/OffersPage.tsx';
import { OfferCard } from './OfferCard.tsx';
import { cardImage } from '../lib/card-image.ts';

const offer = v.parse(OfferSchema, {
  id: 'o1',
  name: 'RAV4 Drive Away',
  description: 'Drive away from $45,990.',
  image_or_model_image: { url: '/demo-img/banner/ute/d2691e/2b1d0e.svg' },
  model: { slug: 'rav4', name: 'RAV4' },
  manufacturer_slug: 'toyota',
});
describe('offer pictures are shown whole (issue 13: offer images cut off at the right edge), markup', () => {
  it('the card frames its picture 4:3 (the vehicle pictures ratio) and the frame never crops it', () => {
    const html = renderToString(<OfferCard offer={offer} inStock={3} />);
    expect(html).toContain('<div class="fs-offer__media"><img src="/demo-img/banner/ute/d2691e/2b1d0e.svg" alt="" width="800" height="600" loading="lazy" decoding="async"/></div>');
    // The frame's rules (4:3, contain) are checked on the built stylesheet by the Worker test (worker.worker.test.ts).
  });
  it("a photo comes through the image CDN at a card's widths (a drawing keeps its address, above)", () => {
    const photo = { ...offer, image_or_model_image: { url: '/demo-img/banner/ute/d2691e/2b1d0e.jpg' } };
    const html = renderToString(<OfferCard offer={photo} inStock={3} />);
    const { src, srcSet, sizes } = cardImage('/demo-img/banner/ute/d2691e/2b1d0e.jpg');
    expect(src).toBe('/cdn-cgi/image/width=640,quality=75,format=auto/demo-img/banner/ute/d2691e/2b1d0e.jpg');
    expect(html).toContain(`<img src="${src}" srcSet="${srcSet}" sizes="${sizes}" alt="" width="800" height="600" loading="lazy" decoding="async"/>`);
  });
  it('the offers page lists the same cards', () => {
    const html = renderToString(<OffersPage offers={[offer]} heading="Special Offers" stock={new Map([['o1', 3]])} />);
    expect(html).toContain('class="fs-offer__media"');
    expect(html).toContain('View 3 in stock');
  });
});
