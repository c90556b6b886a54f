/**
 * The part of the runtime module `cloudflare:workers` the shell's own code uses, in lib DOM terms (its tsconfig has no
 * @cloudflare/workers-types; see contracts/src/worker-bindings.d.ts for the bindings). The Worker tests are typed
 * against workers-types itself (tsconfig.workers.json).
 */
declare module 'cloudflare:workers' {
  /** A named entrypoint of a Worker (reachable only over a service binding that names it). */
  export abstract class WorkerEntrypoint<Env = unknown> {
    protected ctx: ExecutionContext;
    protected env: Env;
    constructor(ctx: ExecutionContext, env: Env);
    fetch?(request: Request): Response | Promise<Response>;
  }
}
