import type { Car } from '@forecourt/contracts/entities/car';
import { Island, VISIBLE } from '@forecourt/ui';
import ImageGallery, { type ImageGalleryProps } from './ImageGallery.tsx';
import { gallerySlides, showThumbnails, spinMedia } from './media.ts';
import SpinViewer, { type SpinViewerProps } from './SpinViewer.tsx';

/** Island ids on the vehicle page (unique in the document). */
export const GALLERY_ISLAND_ID = 'fv-gallery';
export const SPIN_ISLAND_ID = 'fv-spin';

export type GalleryProps = {
  car: Car;
  /** Photos loaded with high priority (spec §4: the first two slider images). */
  priorityCount?: number;
  /** The 360 viewer's opening view (tenant `vdp_config.spin_default_view`). */
  spinDefaultView?: 'spinner' | 'gallery';
};

/**
 * The vehicle page's media, server-rendered in full (spec §2 Vehicle detail page): the photo slider with the video
 * as its second slide and thumbnails (island `mf-vehicle/ImageGallery`, hydrated at once: it is the page's first
 * screen), then, for a car with something to spin, the 360 viewer's poster (island `mf-vehicle/SpinViewer`, loaded
 * only once it nears the viewport; the spin itself loads when the shopper opens it).
 * @example <Gallery car={car} />
 */
export function Gallery({ car, priorityCount = 2, spinDefaultView = 'spinner' }: GalleryProps) {
  const slides = gallerySlides(car);
  const photos = slides.flatMap((s) => (s.kind === 'image' ? [{ src: s.src, alt: s.alt }] : []));
  const gallery: ImageGalleryProps = { name: car.name, slides, thumbnails: showThumbnails(car, photos.length), priorityCount };
  const media = spinMedia(car, spinDefaultView);
  const spin: SpinViewerProps | null = media ? { name: car.name, media, photos } : null;

  return (
    <div className="fvg-media">
      {slides.length ? (
        // Its controls come at the shopper's first scroll, pointer or key (issue 19); until then the slides are a plain scrollable list.
        <Island remote="mf-vehicle" module="ImageGallery" id={GALLERY_ISLAND_ID} when={[{ kind: 'engaged' }]} component={ImageGallery} props={gallery} />
      ) : (
        <div className="fvg-empty">
          <p>No photos of this car yet.</p>
        </div>
      )}
      {spin ? <Island remote="mf-vehicle" module="SpinViewer" id={SPIN_ISLAND_ID} component={SpinViewer} props={spin} when={VISIBLE} /> : null}
    </div>
  );
}
