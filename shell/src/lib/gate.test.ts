import { describe, expect, it } from 'vitest';
import { MAX_REDIRECT_PATH, safeRedirectPath } from '@forecourt/contracts/redirects';
import { resolveRoute } from '@forecourt/contracts/routes';
import { returnPath, sessionIsLive, signInRedirect } from './gate.ts';
import { demoTenant } from '../test/tenants.ts';

const gated = demoTenant('harbourside-toyota', (c) => ({ ...c, features: { ...c.features, gated_checkout: true } })).config.features;
const at = (path: string) => new URL(path, 'https://dealer.test');
const redirectOf = (path: string, signedIn = false) => signInRedirect(resolveRoute(at(path).pathname)!, gated, signedIn, at(path));

describe('sign-in gate (spec §6)', () => {
  it('sends an anonymous shopper on a gated page to sign-in with the way back', () => {
    expect(redirectOf('/my-garage')).toBe('/sign-in?type=my-garage&redirect=%2Fmy-garage&back=%2Fmy-garage');
    expect(redirectOf('/checkout-journey?car_id=42')).toBe('/sign-in?type=checkout-journey&redirect=%2Fcheckout-journey%3Fcar_id%3D42&back=%2Fcheckout-journey%3Fcar_id%3D42');
    expect(redirectOf('/my-garage', true)).toBeNull();
  });

  it('spec §4 "Gated checkout with no car slug does nothing": no car_id, no redirect', () => {
    expect(redirectOf('/checkout-journey')).toBeNull();
    expect(redirectOf('/checkout-journey?car_id=')).toBeNull();
    // With the flag off nothing is gated anyway.
    const off = demoTenant('harbourside-toyota').config.features;
    expect(signInRedirect(resolveRoute('/checkout-journey')!, { ...off, gated_checkout: false }, false, at('/checkout-journey?car_id=1'))).toBeNull();
  });

  it('collapses leading slashes of the way back, so it can never name another host', () => {
    expect(returnPath(new URL('https://dealer.test//evil.com'))).toBe('/evil.com');
    expect(returnPath(new URL('https://dealer.test///evil.com/x?y=1'))).toBe('/evil.com/x?y=1');
    expect(returnPath(at('/cars/x?a=1'))).toBe('/cars/x?a=1');
    expect(returnPath(at('/'))).toBe('/');
    const url = new URL('https://dealer.test//my-garage');
    expect(url.pathname).toBe('//my-garage');
    const location = signInRedirect(resolveRoute(url.pathname)!, gated, false, url)!;
    expect(new URLSearchParams(location.split('?')[1]).get('redirect')).toBe('/my-garage');
    expect(new URLSearchParams(location.split('?')[1]).get('back')).toBe('/my-garage');
  });

  it('gives back only what contracts’ one redirect check lets through: no off-site or odd path can come back', () => {
    const odd = [
      'https://dealer.test//evil.example', 'https://dealer.test/\\evil.example', 'https://dealer.test/\\/evil.example/x', 'https://dealer.test/.//evil.example',
      'https://dealer.test/%2e//evil.example', 'https://dealer.test/%2F%2Fevil.example', 'https://dealer.test/my-garage?x=//evil.example#//evil.example',
      'https://dealer.test/%0d%0aLocation:%20https://evil.example', 'https://dealer.test/\u0000\t\n//evil.example', 'javascript:alert(1)', 'x:\\\\evil.example',
      `https://dealer.test/${'a'.repeat(3000)}`,
    ];
    for (const href of odd) {
      const back = returnPath(new URL(href));
      // Already a fixed point of the one check, so nothing a consumer does with it again can change it...
      expect(safeRedirectPath(back), href).toBe(back);
      // ...and it names this site, whatever base it is read against.
      expect(back, href).toMatch(/^\/(?![/\\])/);
      expect(new URL(back, 'https://dealer.test').origin, href).toBe('https://dealer.test');
    }
    // A path too long to be a page of the platform comes back as the home page, as every other redirect does.
    expect(returnPath(new URL(`https://dealer.test/${'a'.repeat(MAX_REDIRECT_PATH)}`))).toBe('/');
    // The gate's sign-in link carries exactly that way back.
    const url = new URL('https://dealer.test//\\evil.example/../my-garage');
    const location = signInRedirect(resolveRoute(url.pathname)!, gated, false, url)!;
    const params = new URLSearchParams(location.split('?')[1]);
    expect(params.get('redirect')).toBe(returnPath(url));
    expect(new URL(params.get('redirect')!, 'https://dealer.test').origin).toBe('https://dealer.test');
  });
});

describe('sessionIsLive (a gated page checks its session cookie with edge-api)', () => {
  const edge = (answer: () => Promise<Response>) => {
    const calls: Request[] = [];
    return { calls, fetch: async (input: string, init?: RequestInit) => { calls.push(new Request(input, init)); return answer(); } };
  };
  it('asks GET /api/auth/session for the tenant with the cookie, and reads 200 / 401', async () => {
    const ok = edge(async () => Response.json({ user: { id: 'u1', phone: '0412345678' } }));
    expect(await sessionIsLive(ok, 'harbourside-toyota', '__Host-fc_session=abc')).toBe(true);
    expect(new URL(ok.calls[0]!.url).pathname).toBe('/api/auth/session');
    expect(ok.calls[0]!.headers.get('x-forecourt-tenant')).toBe('harbourside-toyota');
    expect(ok.calls[0]!.headers.get('cookie')).toBe('__Host-fc_session=abc');
    expect(await sessionIsLive(edge(async () => Response.json({ error: 'Not signed in.' }, { status: 401 })), 't', 'c')).toBe(false);
  });
  it('cannot say (null) when edge-api fails, answers something else or is too slow', async () => {
    expect(await sessionIsLive(edge(async () => new Response('x', { status: 503 })), 't', 'c')).toBeNull();
    expect(await sessionIsLive(edge(async () => { throw new Error('down'); }), 't', 'c')).toBeNull();
    const slow = { fetch: (_: string, init?: RequestInit) => new Promise<Response>((_r, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))) };
    expect(await sessionIsLive(slow, 't', 'c', 30)).toBeNull();
  });
});
