/**
 * `cloudflare:workers` for the unit tests in Node (vitest's `unit` projects alias the runtime module here): the parts the
 * Workers' entry modules import at module scope. `env` is empty (a Worker imported by a Node test warms its isolate as
 * deployed: contracts warm-up.ts `warmUpWanted`), `WorkerEntrypoint` a bare base class. Inside workerd the real
 * module is used.
 */
export const env = {};
export class WorkerEntrypoint {
  constructor(ctx, env) {
    this.ctx = ctx;
    this.env = env;
  }
}
