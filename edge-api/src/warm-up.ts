/**
 * The edge-api isolate's warm-up (issue 19, cold start; contracts warm-up.ts): at module start, the tenant
 * middleware's reads of a made-up tenant and the router's choice and first matches of what pages ask edge-api for
 * (a search page's reserved cars, a car page's payment, the session check), so a fresh isolate's first request meets
 * warm code. No I/O (D1 is not touched), no Response.
 */
import { INTERNAL } from '@forecourt/contracts/internal';
import { createWarmUp, warmUpRoutes, warmUpTenantReads, WARM_UP_ROUNDS } from '@forecourt/contracts/warm-up';

const PATHS = [INTERNAL.reservedCars.path, INTERNAL.payment.path.replace(':id', 'pi_warm_up'), INTERNAL.session.path];

/** Runs the warm-up; answers the characters of the configs it read (a test's proof). */
export async function warmUpEdgeApi(router: { match(method: string, path: string): unknown }, rounds = WARM_UP_ROUNDS): Promise<number> {
  const chars = await warmUpTenantReads(rounds);
  warmUpRoutes(router, PATHS, rounds);
  return chars;
}

/** The isolate's warm-up record: index.ts starts it, a Worker test reads it. */
export const warmUp = createWarmUp('edge-api');
