/** Watchlist entry and user: spec §3, §6. */
import * as v from 'valibot';
import { IdSchema } from './common.ts';

/** A car saved to the server watchlist (id is the car id). */
export const WatchlistEntrySchema = v.object({ id: IdSchema });
export type WatchlistEntry = v.InferOutput<typeof WatchlistEntrySchema>;

/** A signed-in user is identified by phone; signed in when an id is present (spec §6). */
export const UserSchema = v.object({
  id: v.nullish(IdSchema),
  phone: v.nullish(v.string()),
});
export type User = v.InferOutput<typeof UserSchema>;

export const isSignedIn = (user: User | null | undefined): boolean => Boolean(user?.id);
