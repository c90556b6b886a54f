import { HonoBase } from 'hono/hono-base';
import { TrieRouter } from 'hono/router/trie-router';
import type { Env } from 'hono/types';

/**
 * The shell's Hono app: Hono's base with TrieRouter alone (issue 19, cold start). Hono's default SmartRouter builds its
 * router on the isolate's first request: RegExpRouter compiles every route into one expression then, and hono/quick's
 * LinearRouter, tried first, refuses the `/_mf/:remote/:version/*` route (a parameter and a wildcard), so every route
 * was then added to a TrieRouter; both showed in the first request's profile. TrieRouter takes each route as it is
 * declared, when the module loads, so the first request only matches. The shell has a dozen routes, and its cached
 * pages are answered before routing.
 */
export const createShellApp = <E extends Env>() => new HonoBase<E>({ router: new TrieRouter() });
