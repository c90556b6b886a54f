import { env } from 'cloudflare:workers';
import { warmUpWanted } from '@forecourt/contracts/warm-up';
import assetManifest from '../dist/asset-manifest.json';
import { createApp } from './app.tsx';
import { warmUp, warmUpVehicle } from './warm-up.ts';

// dist/asset-manifest.json is written by `node dev/build.mjs` after the Vite client build.
export default createApp({ styles: assetManifest.css as string[], version: assetManifest.version });

// At module start, before any request: a made-up car's page rendered through the route's code (warm-up.ts; issue 19,
// cold start).
if (warmUpWanted(env)) void warmUp.start(() => warmUpVehicle());
