// pnpm dev: the API in watch mode and Vite with hot reload (open http://localhost:5173).
import { ensureInstalled, say, serve } from './lib.mjs';

ensureInstalled();
say('starting the API (watch) and Vite on http://localhost:5173');
serve('corepack', ['pnpm', 'exec', 'turbo', 'run', 'dev', '--filter=@kudo/api', '--filter=@kudo/web']);
