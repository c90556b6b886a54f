/**
 * The 360 spin viewer's rules as pure functions (spec §3 Spin view state, §4 Spin viewer, §9 spin constants):
 * drag rotates one frame per 20 px, arrow keys step one frame, autorotation advances one frame every 100 ms until
 * a full turn or the shopper takes over, and hotspots sit where the current angle puts them.
 */
import { SPIN_AUTOROTATE_MS, SPIN_SENSITIVITY_PX } from '@forecourt/contracts/constants';
import type { Hotspot } from '@forecourt/contracts/entities/car';
import { stepIndex, type SpinView } from './media.ts';

export { SPIN_AUTOROTATE_MS, SPIN_SENSITIVITY_PX };

/**
 * The frame shown after dragging `dx` px (positive: to the right) from `startFrame`: one frame per whole
 * `sensitivity` px (spec §9: 20 px), wrapping around the turn. Measured from the drag's start, so slow and fast
 * drags over the same distance end on the same frame.
 * @example frameAfterDrag(0, 45, 24) // 2
 */
export function frameAfterDrag(startFrame: number, dx: number, frameCount: number, sensitivity: number = SPIN_SENSITIVITY_PX): number {
  return stepIndex(startFrame, Math.trunc(dx / sensitivity), frameCount);
}

/** Spec §3 Spin view state, plus whether autorotation runs and how far into its turn it is. */
export type SpinState = {
  view: SpinView;
  fullscreen: boolean;
  /** The exterior frame shown (spin angle). */
  activeImageIndex: number;
  /** The photo shown in the Images view. */
  activeGalleryIndex: number;
  rotating: boolean;
  /** Frames advanced by the current autorotation; a full turn is `frameCount`. */
  turnSteps: number;
};

export type SpinAction =
  | { type: 'view'; view: SpinView }
  | { type: 'fullscreen'; open: boolean }
  /** Every frame has loaded: the spin becomes active and autorotates when allowed. */
  | { type: 'ready'; autorotate: boolean }
  | { type: 'tick' }
  | { type: 'drag'; startFrame: number; dx: number }
  /** Arrow keys and the rotate buttons (the single-pointer alternative to dragging, WCAG 2.5.7). */
  | { type: 'step'; delta: number }
  | { type: 'pause' }
  /** Play starts another full turn from the current angle. */
  | { type: 'play' }
  | { type: 'gallery'; delta: number };

export function initialSpinState(view: SpinView): SpinState {
  return { view, fullscreen: false, activeImageIndex: 0, activeGalleryIndex: 0, rotating: false, turnSteps: 0 };
}

/**
 * The spin viewer's state machine for a car with `frameCount` exterior frames and `galleryCount` photos.
 * Autorotation (spec §4): one frame per tick, stops after a full turn, on any drag or step, on Pause, and when the
 * shopper leaves the Spin view. Choosing a non-gallery view resets the gallery index (spec §4).
 */
export function spinReducer(frameCount: number, galleryCount: number) {
  return (state: SpinState, action: SpinAction): SpinState => {
    switch (action.type) {
      case 'view':
        return {
          ...state,
          view: action.view,
          activeGalleryIndex: action.view === 'gallery' ? state.activeGalleryIndex : 0,
          rotating: action.view === 'spinner' ? state.rotating : false,
        };
      case 'fullscreen':
        return { ...state, fullscreen: action.open };
      case 'ready':
        return { ...state, rotating: action.autorotate && frameCount > 1 && state.view === 'spinner', turnSteps: 0 };
      case 'tick': {
        if (!state.rotating) return state;
        const turnSteps = state.turnSteps + 1;
        return { ...state, activeImageIndex: stepIndex(state.activeImageIndex, 1, frameCount), turnSteps, rotating: turnSteps < frameCount };
      }
      case 'drag':
        return { ...state, activeImageIndex: frameAfterDrag(action.startFrame, action.dx, frameCount), rotating: false };
      case 'step':
        return { ...state, activeImageIndex: stepIndex(state.activeImageIndex, action.delta, frameCount), rotating: false };
      case 'pause':
        return { ...state, rotating: false };
      case 'play':
        return frameCount > 1 && state.view === 'spinner' ? { ...state, rotating: true, turnSteps: 0 } : state;
      case 'gallery':
        return { ...state, activeGalleryIndex: stepIndex(state.activeGalleryIndex, action.delta, galleryCount) };
    }
  };
}

/** The frame step a key asks for in the spin: arrows step one frame, Home/End go to the first/last (null: not ours). */
export function spinKeyStep(key: string, frame: number, frameCount: number): number | null {
  if (key === 'ArrowRight' || key === 'ArrowUp') return 1;
  if (key === 'ArrowLeft' || key === 'ArrowDown') return -1;
  if (key === 'Home') return -frame;
  if (key === 'End') return frameCount - 1 - frame;
  return null;
}

export type PlacedHotspot = { id: string; number: number; description: string; posX: number; posY: number };

const clampPercent = (n: number) => Math.min(100, Math.max(0, n));

/**
 * The hotspots visible at an angle, each at its anchor for that angle (spec §3 Car hotspots: per-angle posX/posY
 * by activeAngle, percent of the frame). `activeAngle` is the frame index. A hotspot without an anchor for the
 * angle is hidden there (it is on the far side of the car).
 */
export function hotspotsAt(hotspots: Hotspot[], angle: number): PlacedHotspot[] {
  return hotspots.flatMap((h, i) => {
    const anchor = h.anchors.find((a) => a.activeAngle === angle);
    return anchor ? [{ id: String(h.id), number: i + 1, description: h.description, posX: clampPercent(anchor.posX), posY: clampPercent(anchor.posY) }] : [];
  });
}

export type TooltipPlacement = { horizontal: 'right' | 'center' | 'left'; vertical: 'above' | 'below' };

/**
 * Where a hotspot's tooltip opens so it stays inside the frame: to the right of markers in the left third, to the
 * left in the right third, centred over the middle; below markers near the top, above the others.
 */
export function tooltipPlacement(posX: number, posY: number): TooltipPlacement {
  return { horizontal: posX < 100 / 3 ? 'right' : posX > 200 / 3 ? 'left' : 'center', vertical: posY < 30 ? 'below' : 'above' };
}

/** Preload progress: spin is active only once every frame is loaded (spec §4); one failure leaves the placeholder (spec §8). */
export type PreloadState = { loaded: number; failed: number; total: number };

export function preloadStatus({ loaded, failed, total }: PreloadState): 'loading' | 'ready' | 'failed' {
  if (failed > 0) return 'failed';
  return loaded >= total ? 'ready' : 'loading';
}
