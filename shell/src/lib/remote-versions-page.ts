/**
 * The local dev page of remote versions (`/_forecourt/remote-versions`, DEV_PAGES only): what each remote version's
 * fragments did in this isolate, so a canary can be compared with stable while `npm start` runs. JSON when asked
 * (`Accept: application/json` or `?format=json`), else a small table. In production the same answers are rows of the
 * Analytics Engine dataset (remote-metrics.ts).
 */
import { escapeHtml } from '@forecourt/contracts/display';
import { remoteMetrics } from './remote-metrics.ts';
import { breakerState } from './canary-breaker.ts';

export function remoteVersionsPage(request: Request): Response {
  const rows = remoteMetrics();
  const fallbacks = breakerState();
  const wantsJson = new URL(request.url).searchParams.get('format') === 'json' || (request.headers.get('accept') ?? '').includes('application/json');
  const headers = { 'cache-control': 'no-store' };
  if (wantsJson) return Response.json({ versions: rows, fallbacks }, { headers });
  const cell = (x: unknown) => `<td>${escapeHtml(x === null || x === undefined ? '' : String(x))}</td>`;
  const body = rows
    .map((r) => `<tr>${[r.remote, r.version, r.answers, r.ok, r['not-found'], r.failed, r.timeout, `${(r.failureRate * 100).toFixed(1)}%`, r.skewed, r.fellBack, r.p50Ms, r.p95Ms, r.maxMs, r.tenants.join(', ')].map(cell).join('')}</tr>`)
    .join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Remote versions</title>
<style>body{font:14px system-ui,sans-serif;margin:2rem}table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:.3rem .6rem;text-align:left}</style></head>
<body><h1>Remote versions (this isolate)</h1>
<p>Fragment answers per remote version since the platform started: compare a canary with stable. Latency is time to the remote's answer, in ms (p50/p95 are bucket bounds).</p>
<table><thead><tr><th scope="col">remote</th><th scope="col">version</th><th scope="col">answers</th><th scope="col">ok</th><th scope="col">not found</th><th scope="col">failed</th><th scope="col">timed out</th><th scope="col">failure rate</th><th scope="col">skewed</th><th scope="col">fell back</th><th scope="col">p50</th><th scope="col">p95</th><th scope="col">max</th><th scope="col">tenants</th></tr></thead>
<tbody>
${body || '<tr><td colspan="14">No fragment answers yet.</td></tr>'}
</tbody></table>
<h2>Canaries falling back to stable</h2>
<pre>${escapeHtml(JSON.stringify(fallbacks, null, 2))}</pre>
</body></html>`;
  return new Response(html, { headers: { ...headers, 'content-type': 'text/html; charset=utf-8' } });
}
