import { env } from 'cloudflare:workers';
import { warmUpWanted } from '@forecourt/contracts/warm-up';
import assetManifest from '../dist/asset-manifest.json';
import { createApp } from './app.tsx';
import { warmUp, warmUpAccount } from './warm-up.ts';

// dist/asset-manifest.json is written by `node dev/build.mjs` after the Vite client build.
const app = createApp({ styles: assetManifest.css as string[], version: assetManifest.version });
export default app;

// At module start, before any request: the header slot, a car page's dialog forms, a made-up tenant's reads and the
// router warmed (warm-up.ts; issue 19, cold start).
if (warmUpWanted(env)) void warmUp.start(() => warmUpAccount(app.router));
