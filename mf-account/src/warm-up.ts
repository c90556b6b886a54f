/**
 * The mf-account isolate's warm-up (issue 19, cold start; contracts warm-up.ts): at module start, its part of every
 * page (the header's account slot) made for both kinds of tenant, the tenant middleware's reads of a made-up tenant,
 * and the router's choice and first matches of the pages the shell asks for, so a fresh isolate's first request meets
 * warm code. No I/O, no Response.
 */
import { createWarmUp, warmUpRoutes, warmUpTenantReads, WARM_UP_ROUNDS } from '@forecourt/contracts/warm-up';
import { headerSlotHtml } from './fragments/header-slot-html.ts';

/** The paths the shell asks this Worker for most (every page's header slot first). */
const PATHS = ['/fragments/header-account', '/fragments/lead-form', '/fragments/sign-in', '/fragments/watchlist'];

/** Runs the warm-up; answers the characters it made (a test's proof). */
export async function warmUpAccount(router: { match(method: string, path: string): unknown }, rounds = WARM_UP_ROUNDS): Promise<number> {
  let chars = await warmUpTenantReads(rounds);
  for (let i = 0; i < rounds; i++) chars += headerSlotHtml(true).length + headerSlotHtml(false).length;
  warmUpRoutes(router, PATHS, rounds);
  return chars;
}

/** The isolate's warm-up record: worker.tsx starts it, a Worker test reads it. */
export const warmUp = createWarmUp('mf-account');
