import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { closeOtherDialogs, returnFocus } from '../lib/dialogs.ts';
import { galleryImage, PHOTO_SIZE, slideAtScroll, slideForKey, swipeStep, THUMB_IMAGE_LAYOUT, THUMB_SIZE, THUMBS_AT_FIRST, VIEWER_IMAGE_LAYOUT, type Slide } from './media.ts';
import { SlideCount } from './SlideCount.tsx';
import { VideoView } from './VideoView.tsx';
import './gallery.css';
import { Icon } from '@forecourt/ui/icons';

/** Island props: plain JSON built by the server component (Gallery.tsx). */
export type ImageGalleryProps = {
  /** The car's name, for labels. */
  name: string;
  slides: Slide[];
  /** Spec §4 Thumbnails: decided on the server (in stock and more than 3 images). */
  thumbnails: boolean;
  /** Photos loaded with high priority (spec §4: the first two). */
  priorityCount: number;
};

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
const slideId = (i: number) => `fvg-slide-${i + 1}`;

/**
 * The vehicle page's photo slider (spec §2 Vehicle detail page): a scroll-snap track that works without JavaScript
 * (a scrollable list, swipe is native scrolling), with Previous/Next buttons, arrow keys, thumbnails (spec §4) and a
 * fullscreen viewer in a native modal <dialog> (focus moves in, Escape closes, focus returns to what opened it).
 */
export default function ImageGallery({ name, slides, thumbnails, priorityCount }: ImageGalleryProps) {
  const count = slides.length;
  const [active, setActive] = useState(0);
  const [ready, setReady] = useState(false);
  /** The slide open in the fullscreen viewer, or null when it is closed. */
  const [viewer, setViewer] = useState<number | null>(null);
  const track = useRef<HTMLUListElement>(null);
  const thumbList = useRef<HTMLUListElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const fullscreenButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const scrollTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const poster = slides.find((s) => s.kind === 'image')?.src;
  /** Strip thumbnails drawn with their picture: the first THUMBS_AT_FIRST, then up to the furthest the strip has neared. */
  const [thumbsDrawn, setThumbsDrawn] = useState(THUMBS_AT_FIRST);
  /** The video slide has been shown: its player is mounted (and stays, so it keeps playing state). */
  const [videoShown, setVideoShown] = useState(false);
  useEffect(() => {
    if (slides[active]?.kind === 'video') setVideoShown(true);
  }, [active, slides]);

  // The controls need JavaScript: the server HTML is a plain scrollable list until the island hydrates.
  useEffect(() => {
    setReady(true);
    return () => clearTimeout(scrollTimer.current);
  }, []);

  const goTo = useCallback((index: number) => {
    const el = track.current;
    setActive(index);
    el?.scrollTo({ left: index * el.clientWidth, behavior: reducedMotion() ? 'auto' : 'smooth' });
  }, []);

  // Swipes and scrollbar drags move the track itself; the active slide follows once scrolling settles.
  const onScroll = () => {
    clearTimeout(scrollTimer.current);
    scrollTimer.current = setTimeout(() => {
      const el = track.current;
      if (el) setActive(slideAtScroll(el.scrollLeft, el.clientWidth, count));
    }, 80);
  };

  // The strip's later thumbnails get their picture as the strip scrolls near them (within one strip width).
  const allDrawn = !thumbnails || thumbsDrawn >= count;
  useEffect(() => {
    const list = thumbList.current;
    if (allDrawn || !list || typeof IntersectionObserver !== 'function') {
      if (!allDrawn && list) setThumbsDrawn(count);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        const near = entries.filter((e) => e.isIntersecting).map((e) => Array.prototype.indexOf.call(list.children, e.target));
        if (near.length) setThumbsDrawn((drawn) => Math.max(drawn, ...near.map((i) => i + 1)));
      },
      { root: list, rootMargin: '0px 100%' },
    );
    for (const item of Array.from(list.children).slice(thumbsDrawn)) observer.observe(item);
    return () => observer.disconnect();
  }, [allDrawn, count, thumbsDrawn]);

  // Keep the active thumbnail in view without scrolling the page.
  useEffect(() => {
    const list = thumbList.current;
    const item = list?.children[active] as HTMLElement | undefined;
    if (list && item) list.scrollTo({ left: item.offsetLeft - (list.clientWidth - item.offsetWidth) / 2, behavior: reducedMotion() ? 'auto' : 'smooth' });
  }, [active]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const target = event.target as HTMLElement;
    // A playing video keeps its own arrow keys (seeking).
    if (event.altKey || event.ctrlKey || event.metaKey || target.tagName === 'VIDEO') return;
    const next = slideForKey(event.key, active, count);
    if (next === null) return;
    event.preventDefault();
    goTo(next);
  }

  function openViewer(index: number) {
    const focused = document.activeElement;
    opener.current = focused instanceof HTMLElement && focused !== document.body ? focused : fullscreenButton.current;
    setViewer(index);
  }

  useEffect(() => {
    const el = dialog.current;
    // One dialog at a time (lib/dialogs.ts): any other open dialog closes first.
    if (viewer !== null && el && !el.open) {
      closeOtherDialogs(el);
      el.showModal();
    }
  }, [viewer]);

  function closeViewer() {
    dialog.current?.close();
  }

  // Escape (native cancel) and the close button both end here: the slider shows where the viewer was, focus returns.
  function onDialogClose() {
    if (viewer !== null) goTo(viewer);
    setViewer(null);
    returnFocus(opener.current?.isConnected ? opener.current : fullscreenButton.current);
  }

  function onDialogKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    event.stopPropagation();
    if (viewer === null || (event.target as HTMLElement).tagName === 'VIDEO') return;
    const next = slideForKey(event.key, viewer, count);
    if (next === null) return;
    event.preventDefault();
    setViewer(next);
  }

  function onSwipeStart(event: PointerEvent<HTMLDivElement>) {
    swipe.current = { x: event.clientX, y: event.clientY };
  }

  function onSwipeEnd(event: PointerEvent<HTMLDivElement>) {
    const start = swipe.current;
    swipe.current = null;
    if (!start || viewer === null) return;
    const step = swipeStep(event.clientX - start.x, event.clientY - start.y);
    if (step) setViewer((viewer + step + count) % count);
  }

  if (count === 0) return null;
  const many = count > 1;
  const current = viewer === null ? null : slides[viewer];

  const thumbItems = (onPick: (i: number) => void, selected: number, inDialog: boolean) =>
    slides.map((slide, i) => {
      const label = slide.kind === 'image' ? `Photo ${slide.image + 1}` : 'Video';
      const thumb = slide.kind === 'image' ? slide.thumb : undefined;
      const picture = thumb ? <img {...galleryImage(thumb, THUMB_IMAGE_LAYOUT)} alt="" width={THUMB_SIZE.width} height={THUMB_SIZE.height} loading="lazy" fetchPriority="low" decoding="async" /> : null;
      const content = (
        <>
          {/* Not yet drawn: the picture only without JavaScript (a browser running scripts reads <noscript> as text). */}
          {inDialog || i < thumbsDrawn ? picture : picture ? <noscript>{picture}</noscript> : null}
          {slide.kind === 'video' ? <span className="fvg-thumb__video"><Icon name="play" /></span> : null}
          <span className="fc-visually-hidden">{label}</span>
        </>
      );
      return (
        <li key={i}>
          {inDialog ? (
            <button type="button" className="fvg-thumb" aria-current={i === selected ? 'true' : undefined} onClick={() => onPick(i)}>
              {content}
            </button>
          ) : (
            <a
              className="fvg-thumb"
              href={`#${slideId(i)}`}
              aria-current={i === selected ? 'true' : undefined}
              onClick={(event) => {
                event.preventDefault();
                onPick(i);
              }}
            >
              {content}
            </a>
          )}
        </li>
      );
    });

  return (
    <section className="fvg" aria-roledescription="carousel" aria-label={`Photos of the ${name}`} onKeyDown={onKeyDown}>
      <div className="fvg-main">
        <ul className="fvg-track" ref={track} onScroll={onScroll} tabIndex={0} aria-label={many ? 'Photos: use the left and right arrow keys to move' : 'Photo'}>
          {slides.map((slide, i) => (
            <li key={i} id={slideId(i)} className="fvg-slide" aria-roledescription="slide" aria-label={`${i + 1} of ${count}`}>
              {slide.kind === 'image' ? (
                <img
                  {...galleryImage(slide.src)}
                  alt={slide.alt}
                  width={PHOTO_SIZE.width}
                  height={PHOTO_SIZE.height}
                  // Spec §4: the first photos load with priority (eager); the first alone is the LCP, asked for with high
                  // fetch priority here and preloaded from the head (routes/fragments.tsx galleryPreload).
                  loading={slide.image < priorityCount ? 'eager' : 'lazy'}
                  fetchPriority={slide.image === 0 ? 'high' : 'auto'}
                  decoding={slide.image === 0 ? 'sync' : 'async'}
                  onClick={() => openViewer(i)}
                />
              ) : (
                <VideoView slide={slide} poster={poster} active={i === active} load={videoShown} />
              )}
            </li>
          ))}
        </ul>
        {many ? (
          <>
            <button type="button" className="fvg-nav fvg-nav--prev" hidden={!ready} aria-label="Previous photo" onClick={() => goTo((active - 1 + count) % count)}>
              <span aria-hidden="true">‹</span>
            </button>
            <button type="button" className="fvg-nav fvg-nav--next" hidden={!ready} aria-label="Next photo" onClick={() => goTo((active + 1) % count)}>
              <span aria-hidden="true">›</span>
            </button>
          </>
        ) : null}
        <button type="button" ref={fullscreenButton} className="fvg-expand" hidden={!ready} onClick={() => openViewer(active)}>
          Full screen<span className="fc-visually-hidden"> photos</span>
        </button>
        {many ? (
          <p className="fvg-counter" aria-live="polite" aria-atomic="true">
            <SlideCount index={active} count={count} />
          </p>
        ) : null}
      </div>
      {thumbnails ? (
        <ul className="fvg-thumbs" ref={thumbList} aria-label="Thumbnails">
          {thumbItems(goTo, active, false)}
        </ul>
      ) : null}
      <dialog ref={dialog} className="fvg-dialog" aria-label={`Photos of the ${name}, full screen`} onClose={onDialogClose} onKeyDown={onDialogKeyDown}>
        {current ? (
          <>
            <div className="fvg-dialog__bar">
              <p className="fvg-dialog__count" aria-live="polite" aria-atomic="true">
                <SlideCount index={viewer!} count={count} />
              </p>
              <button type="button" className="fc-btn fvg-dialog__close" onClick={closeViewer}>
                Close<span className="fc-visually-hidden"> full screen</span>
              </button>
            </div>
            <div className="fvg-dialog__stage" onPointerDown={onSwipeStart} onPointerUp={onSwipeEnd} onPointerCancel={() => (swipe.current = null)}>
              {current.kind === 'image' ? (
                <img key={viewer} {...galleryImage(current.src, VIEWER_IMAGE_LAYOUT)} alt={current.alt} width={PHOTO_SIZE.width} height={PHOTO_SIZE.height} draggable={false} />
              ) : (
                <VideoView key={viewer} slide={current} poster={poster} active load />
              )}
              {many ? (
                <>
                  <button type="button" className="fvg-nav fvg-nav--prev" aria-label="Previous photo" onClick={() => setViewer((viewer! - 1 + count) % count)}>
                    <span aria-hidden="true">‹</span>
                  </button>
                  <button type="button" className="fvg-nav fvg-nav--next" aria-label="Next photo" onClick={() => setViewer((viewer! + 1) % count)}>
                    <span aria-hidden="true">›</span>
                  </button>
                </>
              ) : null}
            </div>
            {thumbnails ? (
              <ul className="fvg-thumbs fvg-thumbs--dialog" aria-label="Thumbnails">
                {thumbItems(setViewer, viewer!, true)}
              </ul>
            ) : null}
          </>
        ) : null}
      </dialog>
    </section>
  );
}
