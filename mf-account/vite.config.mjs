import { defineConfig } from 'vite';
import { remoteViteConfig } from '../dev/vite-remote.mjs';

export default defineConfig(
  remoteViteConfig({
    dir: import.meta.dirname,
    remote: 'mf-account',
    exposes: {
      './HeaderAccount': './src/islands/HeaderAccount.tsx',
      './SavedCars': './src/islands/SavedCars.tsx',
      './CompareCars': './src/islands/CompareCars.tsx',
      // Device favourites offered to the signed-in shopper's watchlist (the watchlist page).
      './MergeFavourites': './src/islands/MergeFavourites.tsx',
      // The lead-form kit every remote's forms use (client island mode), and the /success page's car context.
      './LeadForm': './src/lead-form/LeadForm.tsx',
      './LeadSuccess': './src/lead-form/LeadSuccess.tsx',
      // The sign-in page's forms (client island mode: it replaces the server forms).
      './SignIn': './src/sign-in/SignIn.tsx',
    },
  }),
);
