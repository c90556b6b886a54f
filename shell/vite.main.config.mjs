/**
 * The shell's client (src/client/main.ts): chrome, carousels, content blocks and the island loader, without React or
 * the Module Federation runtime (issue 19: first-visit JavaScript). Built by dev/build.mjs after vite.config.mjs (the
 * island host) into the same folder: main.ts learns the host's entry and files from that build's manifest.
 */
import { defineConfig } from 'vite';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const dir = import.meta.dirname;
const { version } = JSON.parse(readFileSync(resolve(dir, 'package.json'), 'utf8'));
const base = `/_shell/${version}/`;
const outDir = resolve(dir, 'dist/client', base.slice(1));

export default defineConfig(() => {
  const hostManifest = JSON.parse(readFileSync(resolve(outDir, 'island-host-manifest.json'), 'utf8'));
  const entry = Object.values(hostManifest).find((c) => c.isEntry);
  if (!entry) throw new Error('island host build has no entry: build shell/vite.config.mjs first');
  const files = [...new Set(Object.values(hostManifest).map((c) => c.file).filter((f) => f.endsWith('.js') && f !== entry.file))];
  return {
    root: dir,
    base,
    publicDir: false,
    logLevel: 'warn',
    define: {
      __FC_ISLAND_HOST__: JSON.stringify(base + entry.file),
      __FC_ISLAND_HOST_FILES__: JSON.stringify(files.map((f) => base + f)),
    },
    build: {
      outDir,
      emptyOutDir: false,
      target: 'es2022',
      modulePreload: false,
      manifest: 'manifest.json',
      rollupOptions: {
        input: { main: resolve(dir, 'src/client/main.ts') },
        // Contracts' modules are definitions (constants, schemas, functions) with no effect of their own on import:
        // one the client imports only for what it does not use is left out, so main.ts no longer evaluates
        // contracts/display's currency formatter (its first `new Intl.NumberFormat` loads the locale's data: tens of
        // ms on a phone, in the page's first task) through fragments -> tenant -> finance-calculator. Issue 19 (TBT).
        treeshake: { moduleSideEffects: (id) => !/[\\/]contracts[\\/]src[\\/]/.test(id) },
      },
    },
  };
});
