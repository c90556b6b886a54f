/** Offering the device's favourites to the signed-in shopper's watchlist (islands/MergeFavourites.tsx). Pure. */
import type { FavouriteEntry } from '@forecourt/contracts/browser-storage';

export const MERGE_TEXTS = {
  heading: 'Cars saved on this device',
  lede: (n: number) => `You saved ${n === 1 ? 'a car' : `${n} cars`} on this device before signing in. Add ${n === 1 ? 'it' : 'them'} to your watchlist to see ${n === 1 ? 'it' : 'them'} on any device.`,
  add: (n: number) => (n === 1 ? 'Add it to my watchlist' : `Add all ${n} to my watchlist`),
  busy: 'Adding…',
  notNow: 'Not now',
  partly: (added: number, refused: number) =>
    `${added} added. ${refused === 1 ? 'One car' : `${refused} cars`} could not be added (sold or no longer listed) and ${refused === 1 ? 'stays' : 'stay'} on this device.`,
} as const;

/** The device's favourites the account does not hold yet, in the device's order, each once. */
export function mergeCandidates(device: readonly FavouriteEntry[], saved: readonly string[]): FavouriteEntry[] {
  const have = new Set(saved);
  const seen = new Set<string>();
  return device.filter((f) => !have.has(f.id) && !seen.has(f.id) && seen.add(f.id));
}
