import http from 'node:http';
import http2 from 'node:http2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM module without types
import { startH2Proxy } from './h2-proxy.mjs';

let upstream: http.Server;
let proxy: { port: number; close(): Promise<void> };
const seen: Array<{ method: string; url: string; host: string; body: string }> = [];

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, host: req.headers.host!, body });
      res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-type': 'text/html; charset=utf-8', 'x-forecourt-cache': 'miss', connection: 'keep-alive' });
      res.end(`<p>${req.method} ${req.url}</p>`);
    });
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  proxy = await startH2Proxy((upstream.address() as { port: number }).port);
});

afterAll(async () => {
  await proxy.close();
  await new Promise((r) => upstream.close(r));
});

/** One HTTP/2 request over TLS (the proxy's throwaway certificate is not trusted, as the bench's browser is told). */
function h2(path: string, { method = 'GET', body, port = proxy.port }: { method?: string; body?: string; port?: number } = {}) {
  return new Promise<{ status: number; headers: http2.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const session = http2.connect(`https://harbourside-toyota.localhost:${port}`, { rejectUnauthorized: false, lookup: (_h, _o, cb) => cb(null, [{ address: '127.0.0.1', family: 4 }] as never) });
    session.on('error', reject);
    const req = session.request({ ':method': method, ':path': path });
    let text = '';
    let headers: http2.IncomingHttpHeaders = {};
    req.on('response', (h) => (headers = h));
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      session.close();
      resolve({ status: Number(headers[':status']), headers, body: text });
    });
    req.end(body);
  });
}

describe('bench h2 proxy (the platform as Cloudflare serves it: HTTPS, HTTP/2)', () => {
  it('forwards method, path, body and the :authority as Host; answers status, headers and body, without hop headers', async () => {
    const got = await h2('/search/used-cars?sort=price', { method: 'POST', body: 'a=1' });
    expect(got.status).toBe(200);
    expect(got.body).toBe('<p>POST /search/used-cars?sort=price</p>');
    expect(got.headers['x-forecourt-cache']).toBe('miss');
    expect(seen.at(-1)).toEqual({ method: 'POST', url: '/search/used-cars?sort=price', host: `harbourside-toyota.localhost:${proxy.port}`, body: 'a=1' });
    expect((await h2('/missing')).status).toBe(404);
    const head = await h2('/search/used-cars', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });

  it('answers 502 when the platform is not there, and close() ends even with a browser session still open', async () => {
    const down = http.createServer();
    await new Promise<void>((r) => down.listen(0, '127.0.0.1', r));
    const port = (down.address() as { port: number }).port;
    await new Promise((r) => down.close(r));
    const orphan = await startH2Proxy(port);
    expect((await h2('/', { port: orphan.port })).status).toBe(502);
    const idle = http2.connect(`https://localhost:${orphan.port}`, { rejectUnauthorized: false, lookup: (_h, _o, cb) => cb(null, [{ address: '127.0.0.1', family: 4 }] as never) });
    idle.on('error', () => {});
    // A ping answered: the session is up (and then idle).
    await new Promise((r) => idle.ping(r));
    const ended = new Promise((r) => idle.once('close', r));
    // close() resolves (it hung on an idle session before), and the browser's session is ended by it.
    await orphan.close();
    await ended;
    expect(idle.closed || idle.destroyed).toBe(true);
  });
});
