import { describe, expect, it } from 'vitest';
import { frameAfterDrag, hotspotsAt, initialSpinState, preloadStatus, SPIN_AUTOROTATE_MS, SPIN_SENSITIVITY_PX, spinKeyStep, spinReducer, tooltipPlacement, type SpinAction, type SpinState } from './spin.ts';

const run = (frames: number, photos: number, state: SpinState, actions: SpinAction[]) => actions.reduce(spinReducer(frames, photos), state);
const ticks = (n: number): SpinAction[] => Array.from({ length: n }, () => ({ type: 'tick' }));

describe('spec §9 constants', () => {
  it('sensitivity 20 px, autorotate every 100 ms', () => {
    expect(SPIN_SENSITIVITY_PX).toBe(20);
    expect(SPIN_AUTOROTATE_MS).toBe(100);
  });
});

describe('frameAfterDrag: one frame per whole 20 px (spec §4, §9)', () => {
  it('19 px is no step, 20 px is one, 45 px is two', () => {
    expect(frameAfterDrag(0, 19, 24)).toBe(0);
    expect(frameAfterDrag(0, 20, 24)).toBe(1);
    expect(frameAfterDrag(0, 45, 24)).toBe(2);
  });
  it('dragging left steps back, wrapping past the first frame', () => {
    expect(frameAfterDrag(0, -20, 24)).toBe(23);
    expect(frameAfterDrag(5, -39, 24)).toBe(4);
  });
  it('a full turn of 24 frames is 480 px and lands on the start frame', () => {
    expect(frameAfterDrag(7, 24 * 20, 24)).toBe(7);
    expect(frameAfterDrag(7, 24 * 20 + 20, 24)).toBe(8);
  });
});

describe('autorotation (spec §4: every 100 ms until a full turn or a drag)', () => {
  const ready = run(24, 5, initialSpinState('spinner'), [{ type: 'ready', autorotate: true }]);

  it('starts only when every frame has loaded and autorotation is allowed', () => {
    expect(initialSpinState('spinner').rotating).toBe(false);
    expect(ready.rotating).toBe(true);
    expect(run(24, 5, initialSpinState('spinner'), [{ type: 'ready', autorotate: false }]).rotating).toBe(false);
    expect(run(24, 5, initialSpinState('interior'), [{ type: 'ready', autorotate: true }]).rotating).toBe(false);
  });

  it('each tick is one frame; it stops after exactly one full turn (24 ticks), back on the first frame', () => {
    const after23 = run(24, 5, ready, ticks(23));
    expect(after23).toMatchObject({ activeImageIndex: 23, rotating: true });
    const after24 = run(24, 5, ready, ticks(24));
    expect(after24).toMatchObject({ activeImageIndex: 0, rotating: false });
    expect(run(24, 5, after24, ticks(5)).activeImageIndex).toBe(0);
  });

  it('a drag stops it and sets the dragged frame', () => {
    const s = run(24, 5, ready, [...ticks(3), { type: 'drag', startFrame: 3, dx: 40 }, ...ticks(4)]);
    expect(s).toMatchObject({ activeImageIndex: 5, rotating: false });
  });

  it('a key or rotate-button step stops it', () => {
    expect(run(24, 5, ready, [...ticks(2), { type: 'step', delta: -1 }, ...ticks(3)])).toMatchObject({ activeImageIndex: 1, rotating: false });
  });

  it('Pause stops it; Play runs another full turn from the current angle', () => {
    const paused = run(24, 5, ready, [...ticks(4), { type: 'pause' }, ...ticks(3)]);
    expect(paused).toMatchObject({ activeImageIndex: 4, rotating: false });
    const played = run(24, 5, paused, [{ type: 'play' }, ...ticks(24)]);
    expect(played).toMatchObject({ activeImageIndex: 4, rotating: false, turnSteps: 24 });
    expect(run(24, 5, paused, [{ type: 'play' }, ...ticks(23)]).rotating).toBe(true);
  });

  it('leaving the Spin view stops it', () => {
    expect(run(24, 5, ready, [{ type: 'view', view: 'interior' }]).rotating).toBe(false);
  });
});

describe('views (spec §3 Spin view state, §4)', () => {
  it('a non-gallery view resets the gallery index; the gallery keeps it', () => {
    const inGallery = run(24, 5, initialSpinState('spinner'), [{ type: 'view', view: 'gallery' }, { type: 'gallery', delta: 3 }]);
    expect(inGallery.activeGalleryIndex).toBe(3);
    expect(run(24, 5, inGallery, [{ type: 'view', view: 'gallery' }]).activeGalleryIndex).toBe(3);
    expect(run(24, 5, inGallery, [{ type: 'view', view: 'interior' }]).activeGalleryIndex).toBe(0);
    expect(run(24, 5, inGallery, [{ type: 'view', view: 'spinner' }]).activeGalleryIndex).toBe(0);
  });
  it('gallery steps wrap; fullscreen toggles', () => {
    expect(run(24, 5, initialSpinState('gallery'), [{ type: 'gallery', delta: -1 }]).activeGalleryIndex).toBe(4);
    expect(run(24, 5, initialSpinState('gallery'), [{ type: 'fullscreen', open: true }]).fullscreen).toBe(true);
  });
});

describe('spinKeyStep: arrow keys step frames', () => {
  it('right/up +1, left/down -1, Home/End to the first/last frame, others not ours', () => {
    expect(spinKeyStep('ArrowRight', 3, 24)).toBe(1);
    expect(spinKeyStep('ArrowUp', 3, 24)).toBe(1);
    expect(spinKeyStep('ArrowLeft', 3, 24)).toBe(-1);
    expect(spinKeyStep('ArrowDown', 3, 24)).toBe(-1);
    expect(spinKeyStep('Home', 3, 24)).toBe(-3);
    expect(spinKeyStep('End', 3, 24)).toBe(20);
    expect(spinKeyStep('a', 3, 24)).toBeNull();
  });
});

describe('hotspotsAt: posX/posY by activeAngle', () => {
  const hotspots = [
    { id: 1, description: 'LED headlights', anchors: [{ activeAngle: 0, posX: 22.5, posY: 48 }, { activeAngle: 1, posX: 25, posY: 47.5 }] },
    { id: 'w', description: 'Alloy wheels', anchors: [{ activeAngle: 1, posX: 120, posY: -5 }] },
  ];
  it('each hotspot at its anchor for the angle; hidden where it has none', () => {
    expect(hotspotsAt(hotspots, 0)).toEqual([{ id: '1', number: 1, description: 'LED headlights', posX: 22.5, posY: 48 }]);
    expect(hotspotsAt(hotspots, 1)).toEqual([
      { id: '1', number: 1, description: 'LED headlights', posX: 25, posY: 47.5 },
      { id: 'w', number: 2, description: 'Alloy wheels', posX: 100, posY: 0 },
    ]);
    expect(hotspotsAt(hotspots, 2)).toEqual([]);
  });
  it('tooltips open towards the centre from edges, centred in the middle third', () => {
    expect(tooltipPlacement(22.5, 48)).toEqual({ horizontal: 'right', vertical: 'above' });
    expect(tooltipPlacement(80, 10)).toEqual({ horizontal: 'left', vertical: 'below' });
    expect(tooltipPlacement(51.5, 41)).toEqual({ horizontal: 'center', vertical: 'above' });
    expect(tooltipPlacement(33, 29.9)).toEqual({ horizontal: 'right', vertical: 'below' });
    expect(tooltipPlacement(67, 30)).toEqual({ horizontal: 'left', vertical: 'above' });
  });
});

describe('preloadStatus: spin active only when every frame loaded (spec §4); a failure keeps the placeholder (§8)', () => {
  it('loading, ready, failed', () => {
    expect(preloadStatus({ loaded: 23, failed: 0, total: 24 })).toBe('loading');
    expect(preloadStatus({ loaded: 24, failed: 0, total: 24 })).toBe('ready');
    expect(preloadStatus({ loaded: 23, failed: 1, total: 24 })).toBe('failed');
  });
});
