/**
 * The bindings the Worker tests touch, in workers-types terms (tsconfig.workers.json). worker-configuration.d.ts stays
 * out of that program: its `mainModule` would pull in the whole app, which is typed with lib DOM.
 */
declare namespace Cloudflare {
  interface Env {
    CONFIG: KVNamespace;
    STOCK: KVNamespace;
    /** edge-api, faked (src/test/fake-services.ts): the refresh tests read the purges it received. */
    EDGE_API: Fetcher;
  }
}
