// Shared steps of the two README commands: check Node, install what is missing, run commands.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** pnpm's corepack shim lives here, on PATH for every child: turbo looks pnpm up by name. */
const shimDir = path.join(root, 'node_modules/.corepack-bin');

/**
 * Kudo's processes (and the embedded PostgreSQL they start) ask glibc's malloc for transparent huge pages: where the
 * kernel gives them only on request, each first touch of a 4 KB page is a fault, and large answers touch many
 * (docs/configuration.md, "Tuning"). MALLOC_HUGE_PAGES=0, or a GLIBC_TUNABLES naming hugetlb, leaves it alone.
 */
const tunables = process.env.GLIBC_TUNABLES ?? '';
const hugePages =
  process.env.MALLOC_HUGE_PAGES === '0' || tunables.includes('glibc.malloc.hugetlb')
    ? {}
    : { GLIBC_TUNABLES: [tunables, 'glibc.malloc.hugetlb=1'].filter(Boolean).join(':') };

export const env = {
  ...process.env,
  ...hugePages,
  PATH: `${shimDir}${path.delimiter}${process.env.PATH ?? ''}`,
  COREPACK_ENABLE_DOWNLOAD_PROMPT: '0',
  COREPACK_ENABLE_STRICT: '0',
  TURBO_TELEMETRY_DISABLED: '1',
  DO_NOT_TRACK: '1',
};

export function say(msg) {
  console.log(`\x1b[36m▸ ${msg}\x1b[0m`);
}

export function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`Kudo needs Node.js 20.19 or newer; this is ${process.versions.node}.`);
    process.exit(1);
  }
}

/** Runs a command to completion with inherited output; exits the script when it fails. */
export function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...env, ...options.env } });
  if (result.status !== 0) {
    if (!options.allowFailure) {
      console.error(`\n✖ ${cmd} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
      process.exit(result.status ?? 1);
    }
    return false;
  }
  return true;
}

export const pnpm = (args, options) => run('corepack', ['pnpm', ...args], options);

const newer = (a, b) => fs.existsSync(a) && (!fs.existsSync(b) || fs.statSync(a).mtimeMs > fs.statSync(b).mtimeMs);

/** Installs dependencies when missing or older than the lockfile, and generates the Prisma client. */
export function ensureInstalled() {
  checkNode();
  if (!fs.existsSync(path.join(shimDir, 'pnpm'))) {
    fs.mkdirSync(shimDir, { recursive: true });
    run('corepack', ['enable', '--install-directory', shimDir, 'pnpm']);
  }
  const marker = path.join(root, 'node_modules/.modules.yaml');
  if (!fs.existsSync(marker) || newer(path.join(root, 'pnpm-lock.yaml'), marker)) {
    say('installing dependencies');
    pnpm(['install', '--frozen-lockfile']);
  }
  const generated = path.join(root, 'apps/api/src/generated/prisma/client.ts');
  const schemaDir = path.join(root, 'prisma/schema');
  const schemaChanged = fs.readdirSync(schemaDir).some((f) => newer(path.join(schemaDir, f), generated));
  if (!fs.existsSync(generated) || schemaChanged) {
    say('generating the database client');
    pnpm(['exec', 'prisma', 'generate']);
  }
}

/** Starts a long-running child; Ctrl-C and SIGTERM are passed on, and the script exits with it. */
export function serve(cmd, args, options = {}) {
  const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...env, ...options.env } });
  const forward = (signal) => {
    if (!child.killed) child.kill(signal);
  };
  process.on('SIGINT', () => forward('SIGINT'));
  process.on('SIGTERM', () => forward('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
  return child;
}
