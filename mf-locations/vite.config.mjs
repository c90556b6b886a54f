import { defineConfig } from 'vite';
import { remoteViteConfig } from '../dev/vite-remote.mjs';

export default defineConfig(
  remoteViteConfig({
    dir: import.meta.dirname,
    remote: 'mf-locations',
    exposes: { './LocationsCarousel': './src/islands/LocationsCarousel.tsx', './LocationsList': './src/islands/LocationsList.tsx', './LocationPanel': './src/islands/LocationPanel.tsx' },
  }),
);
