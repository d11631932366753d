// Bundles the server (with the shared package and the generated Prisma client) into dist/server.js.
// Packages from node_modules stay external and load at run time.
import { copyFileSync, mkdirSync } from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: { server: 'src/server.ts', worker: 'src/worker.ts', cli: 'src/db/cli.ts', topics: 'src/modules/review-topics/cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  // The workspace package is TypeScript source: bundle it rather than import it at run time.
  alias: { '@kudo/shared': '../../packages/shared/src/index.ts' },
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});

// The spreadsheet parser's worker thread is plain JavaScript, loaded next to the bundle at run time.
mkdirSync('dist', { recursive: true });
copyFileSync('src/lib/spreadsheet/parse-worker.mjs', 'dist/parse-worker.mjs');
