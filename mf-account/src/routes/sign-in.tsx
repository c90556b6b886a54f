import { Hono } from 'hono';
import { renderToReadableStream } from 'react-dom/server';
import { fragmentResponse } from '@forecourt/contracts/fragments';
import { hasSessionCookie, pendingPhoneFromCookie, readSignInQuery, signInHeading } from '../sign-in/model.ts';
import { SignInPage } from '../sign-in/SignInPage.tsx';
import type { AppEnv, RouteOptions } from './context.ts';

/**
 * `GET /sign-in?type=&redirect=&back=&step=&sign_in_error=` (mounted under `/fragments`): the sign-in page
 * (src/sign-in/, README "Sign-in"), `noindex`, personal so never shared.
 */
export function signInRoutes({ styles, version }: RouteOptions) {
  const app = new Hono<AppEnv>();

  app.get('/sign-in', async (c) => {
    const config = c.var.config;
    // The query (type, redirect, back, step, sign_in_error) and the pending-phone cookie come through the shell.
    const query = readSignInQuery(new URL(c.req.url).searchParams);
    const cookie = c.req.header('cookie');
    const body = await renderToReadableStream(<SignInPage query={query} pendingPhone={pendingPhoneFromCookie(cookie)} sessionCookie={hasSessionCookie(cookie)} config={config} />);
    const heading = signInHeading(query.type);
    return fragmentResponse(body, { head: { title: `${heading} | ${config.name}`, description: `${heading} at ${config.name} with a code sent to your mobile.`, robots: 'noindex', styles }, version });
  });

  return app;
}
