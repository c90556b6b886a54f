/**
 * Local runs only: Cloudflare's gradual deployments for a remote that runs at two versions (dev/platform.mjs,
 * `--canary`). It stands where the remote's Worker name stands, so every service binding to the remote reaches it,
 * and routes each request as Cloudflare would: to the version a valid `Cloudflare-Workers-Version-Overrides` names
 * for this Worker when that version is deployed (here: running), else to the deployment's default (stable, at 100%).
 * Bundled by the local runtime with esbuild (it reads the header with contracts' parser); never deployed.
 */
import { parseVersionOverrides, VERSION_OVERRIDES_HEADER } from '../contracts/src/releases.ts';

export default {
  /** `env.VERSION_ROUTES`: `{ worker, defaultId, builds: { <worker version id>: <binding name> } }`. */
  fetch(request, env) {
    const routes = env.VERSION_ROUTES;
    const asked = parseVersionOverrides(request.headers.get(VERSION_OVERRIDES_HEADER))?.[routes.worker];
    const binding = (asked && routes.builds[asked]) || routes.builds[routes.defaultId];
    return env[binding].fetch(request);
  },
};
