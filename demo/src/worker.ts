/**
 * The demo Worker: local runs only. dev/build.mjs bundles it into demo/dist/worker/index.js and dev/platform.mjs runs it
 * beside the platform, bound to the shell as `DEMO`; the shell forwards `/demo-img/*` and `/demo-video/*` to it. It has
 * no wrangler.jsonc and is never deployed, so no demo code or media ship with the production shell.
 * The photo-weight JPEGs (`/demo-img/photo/...jpg`) come from the local runtime's Node service bound here as `PHOTOS`
 * (dev/demo-photos.mjs: sharp cannot run in workerd).
 */
import walkaround from '../public/demo-video/walkaround.mp4';
import { serveDemoMedia } from './media.ts';

// The clip is embedded in the bundle (esbuild's binary loader): demo/bin/make-walkaround-video.mjs makes it.
const videos = { 'walkaround.mp4': walkaround };

export default {
  fetch: (request: Request, env: { PHOTOS?: { fetch: (request: Request) => Promise<Response> } }): Promise<Response> => serveDemoMedia(request, { videos, photos: env.PHOTOS }),
};
