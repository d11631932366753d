import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { CUSTOMER_PAGE_RE } from '../../packages/shared/src/customer-pages';
import pkg from './package.json' with { type: 'json' };

const apiTarget = process.env.KUDO_API_URL ?? 'http://127.0.0.1:3000';

/** In development, the customer pages' addresses get their own entry too. */
const customerPages = (): Plugin => ({
  name: 'kudo-customer-pages',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.method === 'GET' && req.url && CUSTOMER_PAGE_RE.test(req.url) && (req.headers.accept ?? '').includes('text/html')) {
        req.url = '/customer.html';
      }
      next();
    });
  },
});

export default defineConfig({
  // The customer pages are Preact (see vite.customer.config.ts): React's transform stays out of them.
  plugins: [react({ exclude: /\/src\/customer\// }), customerPages()],
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
