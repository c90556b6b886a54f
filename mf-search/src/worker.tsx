import assetManifest from '../dist/asset-manifest.json';
import { createApp } from './app.tsx';

// dist/asset-manifest.json is written by `node dev/build.mjs` after the Vite client build.
export default createApp({ styles: assetManifest.css as string[], version: assetManifest.version as string });
