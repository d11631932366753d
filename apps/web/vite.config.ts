import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };

const apiTarget = process.env.KUDO_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  define: { __WEB_VERSION__: JSON.stringify(pkg.version) },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      // The embeddable review widget script, served by the API.
      '/widget/': { target: apiTarget, changeOrigin: false },
    },
  },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 800 },
});
