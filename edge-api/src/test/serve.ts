/**
 * A fake provider (a `(Request) => Promise<Response>` handler, e.g. ports/<name>/testing.ts) on a real HTTP server
 * on 127.0.0.1, for the unit tests of the real adapters: they go through fetch and the network stack as in production.
 * Node only (not for Worker tests).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

export function serveHandler(handle: (request: Request) => Promise<Response>): Server {
  return createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const headers = new Headers();
    for (const [k, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(k, value);
    const answer = await handle(new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body: req.method === 'POST' ? body : undefined }));
    // A test that timed out its client has gone: nothing to answer.
    if (res.destroyed) return;
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(await answer.text());
  });
}

/**
 * serveHandler for a whole test file: listening on a free 127.0.0.1 port before its tests, closed after them.
 * @example const provider = serveOnLocalhost(fake.handle); new HttpDelivery({ apiUrl: provider.url, ... })
 */
export function serveOnLocalhost(handle: (request: Request) => Promise<Response>): { readonly url: string } {
  const server = serveHandler(handle);
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return {
    get url() {
      return url;
    },
  };
}

/** A 127.0.0.1 port nothing listens on (it was free a moment ago): for "provider unreachable" tests. */
export async function closedPort(): Promise<number> {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  return port;
}
