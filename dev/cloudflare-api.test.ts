/**
 * The local Cloudflare API's purge by tag (dev/cloudflare-api.mjs): forwarded to the shell's page cache per tenant,
 * answered in Cloudflare's envelope, refused as Cloudflare would.
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM Worker module without types.
import api from './cloudflare-api.mjs';

const ZONE = '023e105f4ecef8ad9ca31a8372d0c353';
const purge = (body: unknown, env: object, headers: Record<string, string> = { authorization: 'Bearer local' }) =>
  (api as { fetch(r: Request, e: object): Promise<Response> }).fetch(
    new Request(`http://127.0.0.1:8787/client/v4/zones/${ZONE}/purge_cache`, { method: 'POST', headers: { host: '127.0.0.1:8787', 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }),
    { NAMESPACES: {}, ...env },
  );

function shell(status = 200) {
  const calls: Array<{ url: string; tenant: string | null; body: unknown }> = [];
  return {
    calls,
    SHELL_CACHE: {
      async fetch(url: string, init: RequestInit) {
        calls.push({ url, tenant: new Headers(init.headers).get('x-forecourt-tenant'), body: JSON.parse(String(init.body)) });
        return Response.json({ dropped: 1, shared: true }, { status });
      },
    },
  };
}

describe('POST /client/v4/zones/:zone/purge_cache (local)', () => {
  it("drops the tags from the shell's page cache, one purge per tenant, and answers Cloudflare's envelope", async () => {
    const s = shell();
    const res = await purge({ tags: ['t:harbourside-toyota', 'stock:outback-used-cars', 'car:harbourside-toyota:c1'] }, s);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, errors: [], messages: [], result: { id: ZONE } });
    expect(s.calls).toEqual([
      { url: 'https://shell.internal/purge', tenant: 'harbourside-toyota', body: { tenant: 'harbourside-toyota', tags: ['t:harbourside-toyota', 'car:harbourside-toyota:c1'], reason: 'config' } },
      { url: 'https://shell.internal/purge', tenant: 'outback-used-cars', body: { tenant: 'outback-used-cars', tags: ['stock:outback-used-cars'], reason: 'config' } },
    ]);
  });

  it('refuses what Cloudflare refuses (no token, no tags, more than 30, not a page tag), and says when the shell failed', async () => {
    const s = shell();
    expect((await purge({ tags: ['t:a'] }, s, {})).status).toBe(400);
    expect((await purge({}, s)).status).toBe(400);
    expect((await purge({ tags: Array.from({ length: 31 }, (_, i) => `car:a:${i}`) }, s)).status).toBe(400);
    expect((await purge({ tags: ['<script>'] }, s)).status).toBe(400);
    expect(s.calls).toHaveLength(0);
    expect((await purge({ tags: ['t:a'] }, shell(500))).status).toBe(502);
    // No shell in this run: nothing cached, nothing to drop.
    expect((await purge({ tags: ['t:a'] }, {})).status).toBe(200);
  });
});
