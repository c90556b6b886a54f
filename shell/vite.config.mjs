import { defineConfig } from 'vite';
import { federation } from '@module-federation/vite';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { REACT_SHARE } from '../dev/vite-remote.mjs';

const dir = import.meta.dirname;
const { version } = JSON.parse(readFileSync(resolve(dir, 'package.json'), 'utf8'));
const base = `/_shell/${version}/`;

export default defineConfig({
  root: dir,
  base,
  // No public folder: the demo's media are served by the local-only demo Worker, never shipped with the shell.
  publicDir: false,
  logLevel: 'warn',
  plugins: [
    federation({
      name: 'shell',
      remotes: {},
      shared: REACT_SHARE,
      dts: false,
      manifest: false,
      hostInitInjectLocation: 'entry',
      // One MF runtime for the page, provided to the remotes (they build with externalRuntime).
      experiments: { provideExternalRuntime: true },
    }),
  ],
  build: {
    outDir: resolve(dir, 'dist/client', base.slice(1)),
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: false,
    // The island host only (React, react-dom/client, the MF runtime): the shell's client (vite.main.config.mjs, built
    // after this into the same folder, which writes manifest.json) loads it when the first island is due (issue 19).
    manifest: 'island-host-manifest.json',
    rollupOptions: { input: { islands: resolve(dir, 'src/client/island-host-entry.ts') } },
  },
});
