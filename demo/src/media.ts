/**
 * The demo's media by path: generated pictures under `/demo-img/` (images.ts) and the committed clips under
 * `/demo-video/` (demo/public/demo-video, with byte ranges). Served only in local runs, by the demo Worker (worker.ts)
 * the shell forwards these paths to; a deployed shell has no such Worker.
 */
import { DEMO_IMAGE_PREFIX, demoPhotoDrawing, renderDemoImage } from './images.ts';
import { withRange } from './range.ts';

export const DEMO_VIDEO_PREFIX = '/demo-video/';
const VIDEO = /^\/demo-video\/([a-z0-9-]+\.mp4)$/;

/** Headers of a generated picture (SVG): never sniffed as something else; opened directly it can run and load nothing. */
export function imageHeaders(contentType: string): Record<string, string> {
  return {
    'content-type': contentType,
    'cache-control': 'public, max-age=86400',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  };
}

export type DemoMediaOptions = {
  /** The clips by file name, e.g. `{ 'walkaround.mp4': bytes }`. */
  videos: Readonly<Record<string, Uint8Array<ArrayBuffer>>>;
  /**
   * Who renders the photo-weight JPEGs (`/demo-img/photo/...jpg`, images.ts demoPhotoDrawing): the local runtime's
   * Node service (dev/demo-photos.mjs, bound to the demo Worker as PHOTOS). Without it those paths are 404.
   */
  photos?: { fetch: (request: Request) => Promise<Response> };
};

/**
 * Answers a GET or HEAD of a demo picture or clip: 200 (206/416 for a range of a clip), 404 for any other path.
 * @example await serveDemoMedia(new Request('http://x/demo-img/logo/toyota.svg'), { videos: {} }) // 200 image/svg+xml
 */
export async function serveDemoMedia(request: Request, options: DemoMediaOptions): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405, headers: { allow: 'GET, HEAD' } });
  const url = new URL(request.url);
  const path = url.pathname;
  if (path.startsWith(DEMO_IMAGE_PREFIX) && path.endsWith('.jpg')) {
    if (!options.photos || !demoPhotoDrawing(path)) return notFound();
    return options.photos.fetch(new Request(url.origin + path, { method: request.method }));
  }
  if (path.startsWith(DEMO_IMAGE_PREFIX)) {
    // `?variant=compact`: a manufacturer's compact mark (images.ts); other queries are ignored as before.
    const image = renderDemoImage(path, { variant: url.searchParams.get('variant') });
    return image ? new Response(image.body, { headers: imageHeaders(image.contentType) }) : notFound();
  }
  const file = VIDEO.exec(path)?.[1];
  const bytes = file && Object.hasOwn(options.videos, file) ? options.videos[file] : undefined;
  if (!bytes) return notFound();
  const whole = new Response(bytes, { headers: { 'content-type': 'video/mp4', 'content-length': String(bytes.byteLength), 'cache-control': 'public, max-age=86400' } });
  return withRange(whole, request.headers.get('range'));
}

const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
