import { defineConfig } from 'vite';
import { remoteViteConfig } from '../dev/vite-remote.mjs';

export default defineConfig(
  remoteViteConfig({
    dir: import.meta.dirname,
    remote: 'mf-vehicle',
    exposes: {
      // Islands of the vehicle pages (contracts/src/islands.ts ISLANDS['mf-vehicle'] lists every one of this remote's).
      './DeliveryCalculator': './src/islands/DeliveryCalculator.tsx',
      './DialogButton': './src/islands/DialogButton.tsx',
      './FaveButton': './src/islands/FaveButton.tsx',
      './FuelCalculator': './src/islands/FuelCalculator.tsx',
      './LocatedAt': './src/islands/LocatedAt.tsx',
      './MarketPrice': './src/islands/MarketPrice.tsx',
      './PhoneReveal': './src/islands/PhoneReveal.tsx',
      './PrintActions': './src/islands/PrintActions.tsx',
      './ShareBar': './src/islands/ShareBar.tsx',
      './StickyBar': './src/islands/StickyBar.tsx',
      './TrackedLink': './src/islands/TrackedLink.tsx',
      './ViewCount': './src/islands/ViewCount.tsx',
      // The gallery's islands (src/gallery, its own owner).
      './ImageGallery': './src/gallery/ImageGallery.tsx',
      './SpinViewer': './src/gallery/SpinViewer.tsx',
      // The checkout islands (src/checkout, its own owner).
      './ReserveForm': './src/checkout/ReserveForm.tsx',
      './PaymentStatus': './src/checkout/PaymentStatus.tsx',
      // The trade-in / sell-my-car journey (src/trade-in, its own owner).
      './TradeInJourney': './src/trade-in/TradeInJourney.tsx',
    },
  }),
);
