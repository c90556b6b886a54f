import { defineConfig } from 'vite';
import { remoteViteConfig } from '../dev/vite-remote.mjs';

export default defineConfig(
  remoteViteConfig({
    dir: import.meta.dirname,
    remote: 'mf-finance',
    exposes: {
      './FinanceSteps': './src/islands/FinanceSteps.tsx',
      './FinanceCalculator': './src/islands/FinanceCalculator.tsx',
      './PreApproval': './src/islands/PreApproval.tsx',
    },
  }),
);
