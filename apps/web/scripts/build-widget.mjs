// Bundles the embeddable review widget into one minified IIFE and fails above the size budget.
// The file goes to dist/.embed/: the SPA's static file server skips dot folders, and the API serves it
// at /widget/kudo-widget.js with its own cross-origin and caching headers.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

export const GZIP_BUDGET_BYTES = 15 * 1024;

const here = path.dirname(fileURLToPath(import.meta.url));
const outfile = path.join(here, '..', 'dist', '.embed', 'kudo-widget.js');
mkdirSync(path.dirname(outfile), { recursive: true });

await build({
  entryPoints: [path.join(here, '..', 'src', 'embed', 'kudo-widget.ts')],
  outfile,
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2020',
  legalComments: 'none',
  logLevel: 'warning',
});

const size = readFileSync(outfile).length;
const gzipped = gzipSync(readFileSync(outfile)).length;
console.log(`kudo-widget.js: ${(size / 1024).toFixed(1)} KB, ${(gzipped / 1024).toFixed(1)} KB gzipped (budget ${GZIP_BUDGET_BYTES / 1024} KB)`);
if (gzipped > GZIP_BUDGET_BYTES) {
  console.error(`kudo-widget.js is over its budget: ${gzipped} > ${GZIP_BUDGET_BYTES} bytes gzipped.`);
  process.exit(1);
}
