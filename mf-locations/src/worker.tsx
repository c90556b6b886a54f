import { env } from 'cloudflare:workers';
import { warmUpWanted } from '@forecourt/contracts/warm-up';
import assetManifest from '../dist/asset-manifest.json';
import { createApp } from './app.tsx';
import { warmUp, warmUpLocations } from './warm-up.tsx';

// dist/asset-manifest.json is written by `node dev/build.mjs` after the Vite client build.
const app = createApp({ styles: assetManifest.css as string[], version: assetManifest.version });
export default app;

// At module start, before any request: the location block, the reviews summary, a made-up tenant's reads and the
// router warmed (warm-up.tsx; issue 19, cold start).
if (warmUpWanted(env)) void warmUp.start(() => warmUpLocations(app.router));
