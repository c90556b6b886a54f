/**
 * Byte ranges (RFC 9110 §14) for the demo's video (media.ts): video players seek with `Range: bytes=a-b` and need
 * `206 Partial Content`.
 */

/** The longest file read whole to answer a range (the demo clip is 46 KB). */
export const MAX_RANGE_SOURCE_BYTES = 16 * 1024 * 1024;

export type ByteRange = { start: number; end: number };

/**
 * The one range a `Range` header asks of a file of `size` bytes: null when the header is absent or not a single
 * `bytes=` range (the whole file is sent, as RFC 9110 allows), 'unsatisfiable' when it starts past the end.
 * @example parseRange('bytes=0-99', 1000) // { start: 0, end: 99 }
 * @example parseRange('bytes=-100', 1000) // { start: 900, end: 999 }
 */
export function parseRange(header: string | null, size: number): ByteRange | 'unsatisfiable' | null {
  const m = header ? /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    // A suffix range: the last N bytes.
    const length = Number(m[2]);
    if (length === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}

/**
 * The answer to a GET of a whole file (`res`, status 200) for a request that may ask a range: 206 with that range and
 * `Content-Range`, 416 when it cannot be met, else the file as it was. Every answer says `Accept-Ranges: bytes`.
 */
export async function withRange(res: Response, rangeHeader: string | null): Promise<Response> {
  const headers = new Headers(res.headers);
  headers.set('accept-ranges', 'bytes');
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (res.status !== 200 || !rangeHeader || !res.body || declared > MAX_RANGE_SOURCE_BYTES) {
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  }
  const bytes = new Uint8Array(await res.arrayBuffer());
  const range = parseRange(rangeHeader, bytes.byteLength);
  if (range === null) return new Response(bytes, { status: 200, headers });
  if (range === 'unsatisfiable') {
    headers.delete('content-length');
    headers.set('content-range', `bytes */${bytes.byteLength}`);
    return new Response(null, { status: 416, headers });
  }
  const part = bytes.subarray(range.start, range.end + 1);
  headers.set('content-range', `bytes ${range.start}-${range.end}/${bytes.byteLength}`);
  headers.set('content-length', String(part.byteLength));
  return new Response(part, { status: 206, headers });
}
