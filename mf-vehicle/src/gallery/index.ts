/**
 * The vehicle page's media (issue 5 "The page"): `Gallery` server-renders the photo slider and the 360 viewer as
 * islands the shell hydrates (MF exposes `./ImageGallery` and `./SpinViewer`).
 */
export { Gallery, GALLERY_ISLAND_ID, SPIN_ISLAND_ID, type GalleryProps } from './Gallery.tsx';
export { carVideo, galleryPreload, gallerySlides, showThumbnails, spinMedia, videoSource, type Slide, type SpinMedia, type VideoSource } from './media.ts';
