/** What the route groups share: the request context's type and what `createApp` gives them. */
import type { TenantVariables } from '@forecourt/contracts/tenant-store';
import type { Env } from '../env.ts';

/** Every route runs after the tenant middleware: `c.var.config`, `c.var.store`. */
export type AppEnv = { Bindings: Env; Variables: TenantVariables };

/** What the page routes need from `createApp`. */
export type RouteOptions = {
  /** The remote's stylesheets, sent in every fragment's head. */
  styles: string[];
  /** This build's version, sent in `x-forecourt-version`. */
  version: string;
  /** The clock ('Open now', today's hours). */
  now: () => Date;
};
