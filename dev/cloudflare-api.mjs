/**
 * Local runs only: the part of Cloudflare's REST API the operator tools use (Workers KV values and keys,
 * https://developers.cloudflare.com/api/resources/kv/), over the local runtime's KV namespaces, served at
 * `/client/v4/*` on the local runtime's port. `npm run canary` talks to it exactly as it talks to
 * api.cloudflare.com in production, so one HTTP adapter serves both (dev/canary-cli.mjs); it and `npm run
 * content:import` purge the changed tenants' pages through its purge by tag (dev/purge-pages.mjs). Any bearer token is taken:
 * it answers requests addressed to 127.0.0.1 or localhost only (not a tenant's `<slug>.localhost`, not a rebound DNS
 * name) and is never deployed.
 */
const ROUTE = /^\/client\/v4\/accounts\/([^/]+)\/storage\/kv\/namespaces\/([^/]+)\/(?:values\/([^/]+)|(keys))$/;
/** Cloudflare's purge by tag (https://developers.cloudflare.com/api/resources/cache/methods/purge/): any zone id. */
const PURGE_ROUTE = /^\/client\/v4\/zones\/([A-Za-z0-9]{1,64})\/purge_cache$/;
/** A page-cache tag (contracts page-cache.ts CacheTagSchema) and the tenant it names. */
const TAG = /^(?:t|stock|car):([a-z0-9-]+)(?::[A-Za-z0-9_.-]+)?$/;

const answer = (status, result, errors = [], extra = {}) => Response.json({ success: errors.length === 0, errors, messages: [], result, ...extra }, { status });
const failure = (status, code, message) => answer(status, null, [{ code, message }]);

export default {
  /** `env.NAMESPACES`: `{ <namespace id>: <KV binding name> }`. */
  async fetch(request, env) {
    const url = new URL(request.url);
    // Only this machine's own names (a web page elsewhere cannot reach it through a rebound DNS name).
    if (!/^(?:127\.0\.0\.1|localhost|\[::1\])(?::\d+)?$/.test(request.headers.get('host') ?? '')) return failure(403, 10000, 'The local API answers on 127.0.0.1 only');
    const purge = PURGE_ROUTE.exec(url.pathname);
    if (purge) return purgeCache(request, env);
    const m = ROUTE.exec(url.pathname);
    if (!m) return failure(404, 7003, `Could not route to ${url.pathname}, perhaps your object identifier is invalid?`);
    if (!/^Bearer \S+$/.test(request.headers.get('authorization') ?? '')) return failure(400, 6003, 'Invalid request headers');
    const kv = env[env.NAMESPACES[m[2]]];
    if (!kv) return failure(404, 10013, 'namespace not found');
    if (m[4]) {
      if (request.method !== 'GET') return failure(405, 10000, 'Method not allowed');
      const limit = Math.min(Math.max(Number(url.searchParams.get('limit') ?? 1000) || 1000, 10), 1000);
      const page = await kv.list({ prefix: url.searchParams.get('prefix') ?? undefined, cursor: url.searchParams.get('cursor') || undefined, limit });
      const keys = page.keys.map((k) => ({ name: k.name, ...(k.expiration ? { expiration: k.expiration } : {}), ...(k.metadata ? { metadata: k.metadata } : {}) }));
      return answer(200, keys, [], { result_info: { count: keys.length, cursor: page.list_complete ? '' : page.cursor } });
    }
    const key = decodeURIComponent(m[3]);
    if (request.method === 'GET') {
      const value = await kv.get(key, 'arrayBuffer');
      return value === null ? failure(404, 10009, "get: 'key not found'") : new Response(value, { headers: { 'content-type': 'application/octet-stream' } });
    }
    if (request.method === 'PUT') {
      await kv.put(key, await request.arrayBuffer());
      return answer(200, null);
    }
    if (request.method === 'DELETE') {
      await kv.delete(key);
      return answer(200, null);
    }
    return failure(405, 10000, 'Method not allowed');
  },
};

/**
 * `POST /client/v4/zones/<zone>/purge_cache { "tags": [...] }` (at most 30, as Cloudflare): the operator tools call it
 * after a config or content write, as they would in production, and it drops the tagged pages from the shell's page
 * cache (its `PageCache` entrypoint over `env.SHELL_CACHE`, contracts SHELL_PURGE_PATH), one purge per tenant the tags
 * name (reason `config`). Without the binding (a run without the shell) it answers success: nothing is cached.
 */
async function purgeCache(request, env) {
  if (request.method !== 'POST') return failure(405, 10000, 'Method not allowed');
  if (!/^Bearer \S+$/.test(request.headers.get('authorization') ?? '')) return failure(400, 6003, 'Invalid request headers');
  let body;
  try {
    body = await request.json();
  } catch {
    return failure(400, 1012, 'Request must contain one of "purge_everything", "files", "tags", "hosts" or "prefixes"');
  }
  const tags = Array.isArray(body?.tags) ? body.tags : null;
  if (!tags || tags.length === 0 || tags.length > 30 || !tags.every((tag) => typeof tag === 'string' && TAG.test(tag))) {
    return failure(400, 1012, 'tags must be 1 to 30 page-cache tags (t:<tenant>, stock:<tenant>, car:<tenant>:<id>)');
  }
  const byTenant = new Map();
  for (const tag of tags) {
    const tenant = TAG.exec(tag)[1];
    byTenant.set(tenant, [...(byTenant.get(tenant) ?? []), tag]);
  }
  if (env.SHELL_CACHE) {
    for (const [tenant, tenantTags] of byTenant) {
      const res = await env.SHELL_CACHE.fetch('https://shell.internal/purge', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forecourt-tenant': tenant },
        body: JSON.stringify({ tenant, tags: tenantTags, reason: 'config' }),
      });
      await res.body?.cancel();
      if (!res.ok) return failure(502, 10000, `the shell page cache answered ${res.status}`);
    }
  }
  return answer(200, { id: PURGE_ROUTE.exec(new URL(request.url).pathname)[1] });
}
