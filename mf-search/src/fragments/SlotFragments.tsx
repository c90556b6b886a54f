import type { SimilarCarsIslandProps } from '@forecourt/contracts/islands';
import { Island, VISIBLE } from '@forecourt/ui';
import SimilarCars from '../islands/SimilarCars.tsx';
import StockStrip from '../islands/StockStrip.tsx';
import type { StockStripProps } from '../lib/stock-strip.ts';

/** The island container of a similar-cars slot (its id names its props script; one per page). */
export const SIMILAR_CARS_SLOT_ID = 'fs-similar-cars';

/**
 * The similar-cars slot (contracts SLOTS.similarCars), as the car page has shown it: the SimilarCars island with its
 * heading and 6 placeholders, hydrated once it comes near the viewport, when it loads the cars. It brings this
 * remote's stylesheet in its head, so it is styled wherever it renders.
 */
export function SimilarCarsSlot({ props }: { props: SimilarCarsIslandProps }) {
  return <Island remote="mf-search" module="SimilarCars" id={SIMILAR_CARS_SLOT_ID} when={VISIBLE} component={SimilarCars} props={props} />;
}

/**
 * A stock strip slot (contracts SLOTS.stockStrip): the strip's cards in the server HTML (a list that scrolls without
 * JavaScript); its island hydrates when it nears the viewport (arrows, the cards' Save control).
 */
export function StockStripSlot({ props }: { props: StockStripProps }) {
  return <Island remote="mf-search" module="StockStrip" id={props.id} when={VISIBLE} component={StockStrip} props={props} />;
}
