/**
 * Shared Vite + Module Federation client config for the remotes and the shell host.
 * Every build serves same-origin under a versioned path, so HTML and assets never skew (ARCHITECTURE.md "Running it").
 */
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { buildVersion } from './workers.mjs';

export const REACT_SHARE = {
  react: { singleton: true, requiredVersion: '^19.3.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.3.0' },
};

/** `mf-search` -> `mf_search` (Module Federation names must be identifiers). */
export const federationName = (remote) => remote.replace(/-/g, '_');

/**
 * @param {{ dir: string, remote: string, exposes: Record<string,string> }} options
 */
export function remoteViteConfig({ dir, remote, exposes }) {
  const base = `/_mf/${remote}/${buildVersion(dir)}/`;
  return {
    root: dir,
    base,
    logLevel: 'warn',
    plugins: [
      react(),
      federation({
        name: federationName(remote),
        filename: 'remoteEntry.js',
        exposes,
        shared: REACT_SHARE,
        dts: false,
        manifest: false,
        // The host (shell) provides the MF runtime once; remotes do not each ship a copy (~19 KB gzip each).
        experiments: { externalRuntime: true },
      }),
    ],
    build: {
      outDir: resolve(dir, 'dist/client', base.slice(1)),
      emptyOutDir: true,
      target: 'es2022',
      cssCodeSplit: false,
      modulePreload: false,
      rollupOptions: { input: {}, output: { assetFileNames: 'assets/[name]-[hash][extname]' } },
    },
  };
}
