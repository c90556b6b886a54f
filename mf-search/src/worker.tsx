import { env } from 'cloudflare:workers';
import { warmUpWanted } from '@forecourt/contracts/warm-up';
import assetManifest from '../dist/asset-manifest.json';
import { createApp } from './app.tsx';
import { warmUp, warmUpSearch } from './warm-up.ts';

const styles = assetManifest.css as string[];
const version = assetManifest.version as string;

// dist/asset-manifest.json is written by `node dev/build.mjs` after the Vite client build.
export default createApp({ styles, version });

// At module start, before any request: a made-up tenant's search page rendered, so the first shopper's search runs
// warm code (warm-up.ts; issue 19, cold start).
if (warmUpWanted(env)) void warmUp.start(() => warmUpSearch({ assetBase: `/_mf/mf-search/${version}/` }));
