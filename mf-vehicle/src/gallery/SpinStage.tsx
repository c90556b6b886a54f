import { useEffect, useMemo, useReducer, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';
import { galleryImage, type SpinMedia, type SpinView } from './media.ts';
import { HotspotLayer } from './HotspotLayer.tsx';
import { hotspotsAt, initialSpinState, preloadStatus, SPIN_AUTOROTATE_MS, spinKeyStep, spinReducer, type PreloadState } from './spin.ts';
import { SpinPoster } from './SpinPoster.tsx';
import { Icon } from '@forecourt/ui/icons';

const VIEW_LABELS: Record<SpinView, string> = { spinner: 'Spin', gallery: 'Images', interior: 'Interior' };
/** Aspect of a frame until the first one has loaded (the demo's frames are 4:3, like its photos). */
const DEFAULT_ASPECT = 4 / 3;

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Loads every frame; spin becomes active only once all have loaded (spec §4). A failure is logged only (spec §8). */
function usePreload(frames: string[]) {
  const [state, setState] = useState<PreloadState>({ loaded: 0, failed: 0, total: frames.length });
  const [aspect, setAspect] = useState<number | null>(null);
  useEffect(() => {
    setState({ loaded: 0, failed: 0, total: frames.length });
    const images = frames.map((src, i) => {
      const img = new Image();
      img.decoding = 'async';
      img.onload = () => {
        if (i === 0 && img.naturalWidth && img.naturalHeight) setAspect(img.naturalWidth / img.naturalHeight);
        setState((s) => ({ ...s, loaded: s.loaded + 1 }));
      };
      img.onerror = () => {
        console.error(`360 view: frame ${i + 1} failed to load`, src);
        setState((s) => ({ ...s, failed: s.failed + 1 }));
      };
      img.src = src;
      return img;
    });
    return () => images.forEach((img) => (img.onload = img.onerror = null));
  }, [frames]);
  return { status: frames.length ? preloadStatus(state) : ('ready' as const), percent: frames.length ? Math.round((state.loaded / frames.length) * 100) : 100, aspect };
}

/**
 * The 360 spin viewer (spec §2, §4 Spin viewer, §9): views Spin / Images / Interior, a loading animation until every
 * frame is in, autorotation every 100 ms until a full turn or a drag (with Pause/Play), drag in 20 px steps, arrow
 * keys on the focused spin, Rotate left/right buttons as the single-pointer alternative to dragging (WCAG 2.5.7),
 * hotspot tooltips placed for the current angle, a swipe hint, and full screen.
 */
export default function SpinStage({ name, media, photos }: { name: string; media: SpinMedia; photos: Array<{ src: string; alt: string }> }) {
  const frameCount = media.frames.length;
  const reducer = useMemo(() => spinReducer(frameCount, photos.length), [frameCount, photos.length]);
  const [state, dispatch] = useReducer(reducer, media.initialView ?? media.views[0] ?? 'gallery', initialSpinState);
  const { status, percent, aspect } = usePreload(media.frames);
  const [interiorAspect, setInteriorAspect] = useState<number | null>(null);
  const [interacted, setInteracted] = useState(false);
  const [tip, setTip] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const slider = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; start: number } | null>(null);
  const [fullscreenEnabled, setFullscreenEnabled] = useState(false);
  const frame = state.activeImageIndex;

  // Focus follows the shopper into the viewer (the 'View 360°' button they pressed is gone).
  useEffect(() => {
    (state.view === 'spinner' ? slider.current : root.current)?.focus({ preventScroll: true });
    setFullscreenEnabled(Boolean(document.fullscreenEnabled));
    const onChange = () => dispatch({ type: 'fullscreen', open: document.fullscreenElement === root.current });
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  useEffect(() => {
    if (status !== 'ready' || frameCount < 2) return;
    dispatch({ type: 'ready', autorotate: !reducedMotion() });
    // The loading placeholder held focus and is gone: the spin takes it over.
    const focused = document.activeElement;
    if (!focused || focused === document.body || focused === root.current) slider.current?.focus({ preventScroll: true });
  }, [status, frameCount]);

  useEffect(() => {
    if (!state.rotating) return;
    const timer = setInterval(() => dispatch({ type: 'tick' }), SPIN_AUTOROTATE_MS);
    return () => clearInterval(timer);
  }, [state.rotating]);

  const spinning = state.view === 'spinner' && status === 'ready';

  function takeOver() {
    setInteracted(true);
  }

  function step(delta: number) {
    takeOver();
    dispatch({ type: 'step', delta });
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (!spinning || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, start: frame };
    takeOver();
    dispatch({ type: 'pause' });
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const d = drag.current;
    if (d) dispatch({ type: 'drag', startFrame: d.start, dx: event.clientX - d.x });
  }

  function endDrag() {
    drag.current = null;
  }

  function onSliderKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!spinning) return;
    const delta = spinKeyStep(event.key, frame, frameCount);
    if (delta === null) return;
    event.preventDefault();
    step(delta);
  }

  function onRootKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && tip) {
      setTip(null);
      event.stopPropagation();
    } else if (state.view === 'gallery' && (event.key === 'ArrowLeft' || event.key === 'ArrowRight') && !(event.target instanceof HTMLInputElement)) {
      event.preventDefault();
      dispatch({ type: 'gallery', delta: event.key === 'ArrowRight' ? 1 : -1 });
    }
  }

  function toggleTip(id: string) {
    takeOver();
    dispatch({ type: 'pause' });
    setTip((t) => (t === id ? null : id));
  }

  function toggleFullscreen() {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void root.current?.requestFullscreen().catch((error: unknown) => console.error('360 view: full screen refused', error));
  }

  const frameStyle = (a: number | null) => ({ '--fvs-aspect': String(a ?? DEFAULT_ASPECT) }) as CSSProperties;
  const photo = photos[state.activeGalleryIndex];

  return (
    <div className="fvs-viewer" ref={root} tabIndex={-1} onKeyDown={onRootKeyDown} data-fullscreen={state.fullscreen || undefined}>
      <div className="fvs-bar">
        {media.views.length > 1 ? (
          <div className="fvs-views" role="group" aria-label="View">
            {media.views.map((view) => (
              <button key={view} type="button" className="fvs-view" aria-pressed={state.view === view} onClick={() => (setTip(null), dispatch({ type: 'view', view }))}>
                {VIEW_LABELS[view]}
              </button>
            ))}
          </div>
        ) : null}
        {fullscreenEnabled ? (
          <button type="button" className="fvs-button" onClick={toggleFullscreen}>
            {state.fullscreen ? 'Exit full screen' : 'Full screen'}
          </button>
        ) : null}
      </div>

      {state.view === 'spinner' ? (
        <>
          {status === 'ready' ? (
            <div className="fvs-box">
              <div className="fvs-frame" style={frameStyle(aspect)}>
                <div
                  ref={slider}
                  className="fvs-spin"
                  role="slider"
                  tabIndex={0}
                  aria-label={`360° view of the ${name}: drag, or use the arrow keys, to rotate`}
                  aria-valuemin={1}
                  aria-valuemax={frameCount}
                  aria-valuenow={frame + 1}
                  aria-valuetext={`Angle ${frame + 1} of ${frameCount}`}
                  onKeyDown={onSliderKeyDown}
                  onPointerDown={onPointerDown}
                  onPointerMove={onPointerMove}
                  onPointerUp={endDrag}
                  onPointerCancel={endDrag}
                  onLostPointerCapture={endDrag}
                >
                  <img src={media.frames[frame]} alt="" width={1200} height={900} draggable={false} />
                </div>
                <HotspotLayer spots={hotspotsAt(media.hotspots.exterior, frame)} open={tip} onToggle={toggleTip} prefix="fvs-ext" />
                {!interacted ? (
                  <p className="fvs-hint" aria-hidden="true">
                    <span className="fvs-hint__hand"><Icon name="arrows-horizontal" /></span> Drag or swipe to rotate
                  </p>
                ) : null}
              </div>
            </div>
          ) : (
            // Loading (animation and progress), or a failed frame: the placeholder stays (spec §8).
            <div ref={slider} tabIndex={-1} role="group" aria-label={`360° view of the ${name}`}>
              <SpinPoster src={media.poster} busy={status === 'loading'} label={`Loading the 360° view… ${percent}%`} />
            </div>
          )}
          {status === 'ready' ? (
            <div className="fvs-controls">
              <button type="button" className="fvs-button" onClick={() => step(-1)}>
                <Icon name="rotate-left" /> Rotate left
              </button>
              <button type="button" className="fvs-button" onClick={() => step(1)}>
                Rotate right <Icon name="rotate-right" />
              </button>
              <button type="button" className="fvs-button fvs-play" onClick={() => dispatch({ type: state.rotating ? 'pause' : 'play' })}>
                {state.rotating ? 'Pause rotation' : 'Play rotation'}
              </button>
            </div>
          ) : null}
        </>
      ) : null}

      {state.view === 'interior' && media.interior ? (
        <div className="fvs-box">
          <div className="fvs-frame" style={frameStyle(interiorAspect)}>
            <img
              className="fvs-interior"
              src={media.interior}
              alt={`Interior of the ${name}`}
              width={1200}
              height={900}
              onLoad={(e) => e.currentTarget.naturalHeight && setInteriorAspect(e.currentTarget.naturalWidth / e.currentTarget.naturalHeight)}
              onError={() => console.error('360 view: interior image failed to load', media.interior)}
            />
            <HotspotLayer spots={hotspotsAt(media.hotspots.interior, 0)} open={tip} onToggle={toggleTip} prefix="fvs-int" />
          </div>
        </div>
      ) : null}

      {state.view === 'gallery' && photo ? (
        <>
          <div className="fvs-box">
            <img className="fvs-photo" key={state.activeGalleryIndex} {...galleryImage(photo.src)} alt={photo.alt} width={1200} height={900} />
          </div>
          {photos.length > 1 ? (
            <div className="fvs-controls">
              <button type="button" className="fvs-button" onClick={() => dispatch({ type: 'gallery', delta: -1 })}>
                Previous photo
              </button>
              <p className="fvs-count" aria-live="polite">
                Photo {state.activeGalleryIndex + 1} of {photos.length}
              </p>
              <button type="button" className="fvs-button" onClick={() => dispatch({ type: 'gallery', delta: 1 })}>
                Next photo
              </button>
            </div>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
