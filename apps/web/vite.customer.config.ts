import { defineConfig } from 'vite';

/**
 * The customer-facing pages (pulseCheck flow, bio page): a separate entry on Preact, so that a customer's
 * phone downloads none of the dashboard. Built after the SPA into the same dist folder.
 */
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    rollupOptions: { input: 'customer.html' },
  },
});
