// Prints the customer entry's JavaScript size (what a customer's phone downloads) and fails above budget.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const GZIP_BUDGET_BYTES = 60 * 1024;

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const html = readFileSync(path.join(dist, 'customer.html'), 'utf8');
const scripts = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/([^"]+\.js)"/g)].map((m) => m[1]);
if (scripts.length === 0) {
  console.error('customer.html references no script: was the customer entry built?');
  process.exit(1);
}
let gzipped = 0;
for (const file of new Set(scripts)) gzipped += gzipSync(readFileSync(path.join(dist, file))).length;
console.log(`customer pages JS: ${(gzipped / 1024).toFixed(1)} KB gzipped (budget ${GZIP_BUDGET_BYTES / 1024} KB)`);
if (gzipped > GZIP_BUDGET_BYTES) {
  console.error(`The customer pages' JavaScript is over its budget: ${gzipped} > ${GZIP_BUDGET_BYTES} bytes gzipped.`);
  process.exit(1);
}
