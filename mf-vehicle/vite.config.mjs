import { defineConfig } from 'vite';
import { remoteViteConfig } from '../dev/vite-remote.mjs';

/** Islands of the vehicle pages, each exposed for the shell's MF host (contracts/src/islands.ts). */
const ISLANDS = [
  'DeliveryCalculator',
  'DialogButton',
  'FaveButton',
  'FuelCalculator',
  'LocatedAt',
  'MarketPrice',
  'PhoneReveal',
  'PrintActions',
  'ShareBar',
  'StickyBar',
  'TrackedLink',
  'ViewCount',
];

export default defineConfig(
  remoteViteConfig({
    dir: import.meta.dirname,
    remote: 'mf-vehicle',
    exposes: {
      ...Object.fromEntries(ISLANDS.map((name) => [`./${name}`, `./src/islands/${name}.tsx`])),
      // The gallery's islands (src/gallery, its own owner).
      './ImageGallery': './src/gallery/ImageGallery.tsx',
      './SpinViewer': './src/gallery/SpinViewer.tsx',
      // The checkout islands (src/checkout, its own owner).
      './ReserveForm': './src/checkout/ReserveForm.tsx',
      './PaymentStatus': './src/checkout/PaymentStatus.tsx',
    },
  }),
);
