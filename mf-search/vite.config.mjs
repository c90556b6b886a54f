import { defineConfig } from 'vite';
import { remoteViteConfig } from '../dev/vite-remote.mjs';

export default defineConfig(
  remoteViteConfig({
    dir: import.meta.dirname,
    remote: 'mf-search',
    exposes: { './SearchResults': './src/islands/SearchResults.tsx', './SimilarCars': './src/islands/SimilarCars.tsx', './StockStrip': './src/islands/StockStrip.tsx' },
  }),
);
