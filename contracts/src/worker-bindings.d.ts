/**
 * Worker binding types in DOM terms, for the Workers whose tsconfig uses lib DOM (the shell and the remotes: they render
 * React and share code with their browser bundle). Their generated `worker-configuration.d.ts` (`npm run types`) names
 * these globals; @cloudflare/workers-types declares them with its own Request, Response and ReadableStream, which are not
 * DOM's, so every binding call needed a cast. Here a binding takes and returns DOM's: `c.env.ASSETS.fetch(c.req.raw)`.
 *
 * Each type is the part of the binding Forecourt calls (names and signatures as in workers-types): a supertype of the
 * runtime object, so the real binding always satisfies it and a test's fake needs only these members. Add a member here
 * when a Worker starts to call it. edge-api (no DOM) uses @cloudflare/workers-types itself.
 */

/** A service binding or the ASSETS binding (wrangler.jsonc `services`, `assets.binding`). */
interface Fetcher {
  fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
}

/** A KV namespace binding (wrangler.jsonc `kv_namespaces`): the Workers here only read it. */
interface KVNamespace<Key extends string = string> {
  get(key: Key, type?: 'text'): Promise<string | null>;
  get<ExpectedValue = unknown>(key: Key, type: 'json'): Promise<ExpectedValue | null>;
  get<ExpectedValue = unknown>(key: Key, options: { type: 'json'; cacheTtl?: number }): Promise<ExpectedValue | null>;
  get(key: Key, type: 'arrayBuffer'): Promise<ArrayBuffer | null>;
}

/** A Workers Analytics Engine dataset (wrangler.jsonc `analytics_engine_datasets`): the shell writes data points. */
interface AnalyticsEngineDataPoint {
  indexes?: ((ArrayBuffer | string) | null)[];
  doubles?: number[];
  blobs?: ((ArrayBuffer | string) | null)[];
}
interface AnalyticsEngineDataset {
  writeDataPoint(event?: AnalyticsEngineDataPoint): void;
}

/** The version metadata binding (wrangler.jsonc `version_metadata`): the Worker version that is running. */
interface WorkerVersionMetadata {
  readonly id: string;
  readonly tag: string;
  readonly timestamp: string;
}

interface RateLimitOptions {
  key: string;
}
interface RateLimitOutcome {
  success: boolean;
}
/** A Workers rate-limiting binding (wrangler.jsonc `ratelimits`). */
interface RateLimit {
  limit(options: RateLimitOptions): Promise<RateLimitOutcome>;
}

/** The third argument of a Worker's `fetch` handler. */
interface ExecutionContext<Props = unknown> {
  waitUntil(promise: Promise<unknown>): void;
  passThroughOnException(): void;
  readonly props: Props;
}

/** A Worker's default export (`export default { fetch } satisfies ExportedHandler<Env>`). */
interface ExportedHandler<Env = unknown> {
  fetch?(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response>;
}

/** The runtime module's importable env: a Worker's bindings at module scope, read by its isolate warm-up (contracts warm-up.ts). */
declare module 'cloudflare:workers' {
  export const env: object;
}
