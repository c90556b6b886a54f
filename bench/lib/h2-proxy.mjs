/**
 * The platform over HTTPS with HTTP/2, as Cloudflare serves a deployed site (bench `lighthouse`, the `h2` figures).
 *
 * The local platform (miniflare) speaks HTTP/1.1 only, where a browser opens up to six connections per host and each
 * new one costs a handshake: Lighthouse's simulated slow 4G charges a car page (six stylesheets, one per part that
 * draws on it) a connection per stylesheet and queues the font and the LCP picture behind them. A deployed Forecourt
 * site is always HTTPS with HTTP/2 or HTTP/3 (one connection, every request multiplexed on it). This proxy puts
 * `node:http2` with a throwaway self-signed certificate (`openssl`, made per run, for `localhost` and `*.localhost`)
 * in front of the platform, forwarding every request as it came (method, path, headers, body) over HTTP/1.1 to it; the
 * browser is started with `--ignore-certificate-errors` for it. Nothing of the platform changes. Needs the `openssl`
 * command (Debian's openssl package; the bench's machine has it).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream';

/** A self-signed certificate for localhost and every *.localhost name (the tenants' local hosts). */
function selfSignedCertificate() {
  const dir = mkdtempSync(join(tmpdir(), 'fc-h2-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,DNS:*.localhost'], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Headers HTTP/2 forbids (connection-specific) or that name the hop, not the request. */
const HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'http2-settings', 'te', 'host']);

/**
 * Starts the proxy on 127.0.0.1 (a free port) in front of `targetPort`; resolves with its port and `close()`.
 * @param {number} targetPort
 */
export async function startH2Proxy(targetPort) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http2.createSecureServer({ ...selfSignedCertificate(), allowHTTP1: false }, (req, res) => {
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) if (!name.startsWith(':') && !HOP.has(name)) headers[name] = value;
    // The shopper's Host is HTTP/2's :authority (the tenant's local host and the proxy's port).
    const authority = req.headers[':authority'] ?? req.headers.host;
    if (authority) headers.host = authority;
    const upstream = http.request({ host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers, agent }, (answer) => {
      const out = {};
      for (const [name, value] of Object.entries(answer.headers)) if (!HOP.has(name)) out[name] = value;
      res.writeHead(answer.statusCode ?? 502, out);
      // An answer cut off mid-body ends the stream (reset) instead of leaving it open.
      pipeline(answer, res, () => {});
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    // A request the browser gave up on stops the platform's too.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    pipeline(req, upstream, () => {});
  });
  // Every HTTP/2 session, so close() ends idle ones too (server.close() alone waits for them).
  const sessions = new Set();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve(undefined);
    });
  });
  return {
    port: server.address().port,
    close: () =>
      new Promise((resolve) => {
        for (const session of sessions) session.destroy();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
