import { describe, expect, it } from 'vitest';
import { createShellApp } from './app-router.ts';

describe('createShellApp (the shell’s Hono app, issue 19 cold start)', () => {
  it('routes with TrieRouter alone, every route taken as it is declared: the first request builds nothing', () => {
    const app = createShellApp();
    app.get('/a', (c) => c.text('a'));
    expect(app.router.name).toBe('TrieRouter');
    // Hono's SmartRouter (default, hono/quick) renames itself once its first match has chosen and built a router.
    expect(app.router.match('GET', '/a')[0]).toHaveLength(1);
    expect(app.router.name).toBe('TrieRouter');
  });

  it('matches every shape of route the shell declares, the one hono/quick’s LinearRouter refused included', async () => {
    const app = createShellApp();
    app.use('*', async (c, next) => {
      c.header('x-mw', 'yes');
      await next();
    });
    app.get('/_shell/*', (c) => c.text('shell asset'));
    app.get('/_mf/:remote/:version/*', (c) => c.text(`mf ${c.req.param('remote')} ${c.req.param('version')}`));
    app.all('/api/*', (c) => c.text(`api ${c.req.method}`));
    app.get('*', (c) => c.text(`page ${c.req.path}`));
    app.all('*', (c) => c.text('405', 405));
    const text = async (path: string, method = 'GET') => {
      const res = await app.request(path, { method });
      return `${res.status} ${res.headers.get('x-mw')} ${await res.text()}`;
    };
    expect(await text('/_shell/0.1.0/entry.js')).toBe('200 yes shell asset');
    expect(await text('/_mf/mf-search/0.2.0/remoteEntry.js')).toBe('200 yes mf mf-search 0.2.0');
    expect(await text('/api/leads', 'POST')).toBe('200 yes api POST');
    expect(await text('/search/new-used-and-demo-cars')).toBe('200 yes page /search/new-used-and-demo-cars');
    expect(await text('/about-us', 'POST')).toBe('405 yes 405');
  });
});
