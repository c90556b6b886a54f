/** What the route groups share: the request context's type and what `createApp` gives them. */
import type { TenantVariables } from '@forecourt/contracts/tenant-store';
import type { Env } from '../env.ts';
import type { CarPdfPort } from '../pdf/index.ts';

/** Every route runs after the tenant middleware: `c.var.config`, `c.var.store`. */
export type AppEnv = { Bindings: Env; Variables: TenantVariables };

/** The PDF port for a request's env (src/pdf); called per request, so a misconfigured adapter fails that request. */
export type CarPdfFor = (env: Env) => CarPdfPort;

/** What the fragment routes need from `createApp`. */
export type RouteOptions = {
  /** The remote's stylesheets, sent in every fragment's head. */
  styles: string[];
  /** This build's version, sent in `x-forecourt-version`. */
  version: string;
  /** Clock of the page (registration expiry, finance slot params); tests pin it. */
  now: () => Date;
};
