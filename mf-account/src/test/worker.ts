/** Worker tests (inside workerd): requests to this package's own Worker, the default export of src/worker.tsx. */
import { exports } from 'cloudflare:workers';

/** The loopback of the Worker's default export, as the shell's service binding reaches it. */
const worker = (exports as unknown as { default: { fetch(request: Request): Promise<Response> } }).default;

/** A request through the Worker's fetch handler (`path` on any origin: the shell's service binding sends its own). */
export function fetchWorker(path: string, init: RequestInit = {}): Promise<Response> {
  return worker.fetch(new Request(new URL(path, 'https://mf-account.internal'), init));
}
