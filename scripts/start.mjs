// npm start: install what is missing, build, and serve API + worker + SPA on one port.
import { ensureInstalled, pnpm, say, serve } from './lib.mjs';

ensureInstalled();
say('building');
pnpm(['exec', 'turbo', 'run', 'build', '--output-logs=errors-only']);
say('starting Kudo');
serve('node', ['--enable-source-maps', 'apps/api/dist/server.js'], { env: { NODE_ENV: process.env.NODE_ENV ?? 'production' } });
