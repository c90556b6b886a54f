import { lazy, Suspense, useEffect, useState } from 'react';
import type { SpinMedia } from './media.ts';
import { SpinPoster } from './SpinPoster.tsx';
import './gallery.css';

/** Island props: plain JSON built by the server component (Gallery.tsx). */
export type SpinViewerProps = {
  name: string;
  media: SpinMedia;
  /** The car's photos for the Images view. */
  photos: Array<{ src: string; alt: string }>;
};

// The spin itself (preloading, drag, autorotation, hotspots) is a separate chunk fetched only when the shopper asks
// for it, so a first visit carries just this poster and button (issue 5 "Measured": the spin viewer loads on demand).
const loadStage = () => import('./SpinStage.tsx');
const SpinStage = lazy(loadStage);

/**
 * The 360 spin viewer's server part (spec §2, §4 Spin viewer): a poster and a 'View 360°' button. The button appears
 * once the island is live (it needs JavaScript); pressing it loads and opens the spin.
 */
export default function SpinViewer({ name, media, photos }: SpinViewerProps) {
  const [ready, setReady] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => setReady(true), []);

  return (
    <section className="fvs" aria-label={`360° view of the ${name}`}>
      {open ? (
        <Suspense fallback={<SpinPoster src={media.poster} busy />}>
          <SpinStage name={name} media={media} photos={photos} />
        </Suspense>
      ) : (
        <div className="fvs-closed">
          <SpinPoster src={media.poster} />
          <button
            type="button"
            className="fc-btn fc-btn--primary fvs-open"
            hidden={!ready}
            onPointerEnter={() => void loadStage()}
            onFocus={() => void loadStage()}
            onClick={() => setOpen(true)}
          >
            View 360°
          </button>
        </div>
      )}
    </section>
  );
}
