/**
 * Raw HTTP to the composed platform for integration tests: any method, any Host (Node's fetch ignores `host`, and
 * Node does not resolve *.localhost) and the path exactly as written (no normalisation of `..` or `%2f`).
 */
import { request } from 'node:http';

export type Res = { status: number; headers: Record<string, string | string[] | undefined>; body: string; ms: number };

/** GET through the platform with a Host header (Node's fetch ignores `host`; *.localhost is not resolved by Node). */
export function get(origin: URL, host: string, path: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<Res> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    // A fresh connection each time: a refused write is answered unread, and workerd then closes that connection.
    const req = request({ host: origin.hostname, port: origin.port, path, method, agent: false, headers: { ...headers, ...length, host } }, (res) => {
      const chunks: Uint8Array[] = [];
      res.on('data', (c: Uint8Array) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: new TextDecoder().decode(concat(chunks)), ms: performance.now() - started }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

