/**
 * The benchmarks' platform: dev/platform.mjs on the bench stock, nothing persisted, the lead relay's cron off (nothing
 * runs but the requests). A start whose seeding fails (on a loaded machine miniflare's loopback has reset a KV put of
 * the seed's thousands at once) is retried, up to three attempts.
 */
import { startPlatform } from '../../dev/platform.mjs';
import { phase } from './load.mjs';

/** Starts the platform (`options` add to the bench defaults, e.g. `{ inspectorPort: 0 }`); answers it and its start ms. */
export async function startBenchPlatform(options = {}) {
  for (let attempt = 1; ; attempt++) {
    const started = performance.now();
    try {
      // direct: the shell and the remotes reached as Cloudflare reaches them (run_worker_first), without miniflare's
      // local assets router in front of every request (dev/platform.mjs).
      const platform = await startPlatform({ port: 0, persist: false, scale: 'bench', logLevel: 'error', cronSeconds: 0, direct: true, ...options });
      return { platform, startMs: performance.now() - started };
    } catch (error) {
      if (attempt >= 3) throw error;
      phase(`platform start failed (${error?.cause?.message ?? error?.message}): trying again`);
    }
  }
}
