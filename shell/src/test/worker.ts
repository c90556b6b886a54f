/** Worker tests (inside workerd): requests to the shell's own Worker, the default export of src/worker.ts. */
import { exports } from 'cloudflare:workers';
import { FAKE_HOST } from './fake-remotes.ts';

/** The loopback of the Worker's default export, as Cloudflare's edge reaches it. */
const worker = (exports as unknown as { default: { fetch(request: Request): Promise<Response> } }).default;

/** A request through the shell's fetch handler; `path` on the test tenant's host unless it names another origin. */
export function fetchWorker(path: string, init: RequestInit = {}): Promise<Response> {
  return worker.fetch(new Request(new URL(path, `https://${FAKE_HOST}`), init));
}

/** The shell's `PageCache` entrypoint (a named entrypoint: in production only a service binding reaches it). */
const pageCache = (exports as unknown as { PageCache: { fetch(request: Request): Promise<Response> } }).PageCache;

/** A request to the PageCache entrypoint: `POST /purge` with `body` as JSON unless `init` says otherwise. */
export function fetchPageCache(body: unknown, init: RequestInit & { path?: string } = {}): Promise<Response> {
  const { path = '/purge', ...rest } = init;
  return pageCache.fetch(new Request(`https://shell.internal${path}`, { method: 'POST', body: JSON.stringify(body), ...rest }));
}
