import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configSchema, loadConfig, repoRoot } from '../src/config.js';

interface Service {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  ports?: string[];
  volumes?: string[];
  deploy?: { replicas?: number };
}

// Merge keys (`<<: *app`) as docker compose reads them.
const compose = parse(fs.readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, Service> };
const configuration = fs.readFileSync(path.join(repoRoot, 'docs', 'configuration.md'), 'utf8');

/** Replaces ${VAR:-default} with the default, as docker compose does when VAR is unset. */
const withDefaults = (env: Record<string, string>) =>
  Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v).replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1')]));

describe('docker-compose.yml', () => {
  it('runs postgres, two api replicas behind a proxy on one port and two workers, each with a healthcheck', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api', 'postgres', 'proxy', 'worker']);
    for (const service of Object.values(compose.services)) expect(service.healthcheck?.test.length).toBeGreaterThan(0);
    expect(compose.services.api?.depends_on?.postgres?.condition).toBe('service_healthy');
    expect(compose.services.api?.deploy?.replicas).toBe(2);
    expect(compose.services.worker?.deploy?.replicas).toBe(2);
    // Replicas cannot share a published port: only the proxy publishes one, and it spreads over every replica.
    expect(compose.services.api?.ports).toBeUndefined();
    expect(compose.services.proxy?.ports).toEqual(['3000:3000']);
    expect(compose.services.proxy?.depends_on?.api?.condition).toBe('service_healthy');
    const mount = compose.services.proxy?.volumes?.find((v) => v.endsWith(':/etc/caddy/Caddyfile:ro')) ?? '';
    const caddyfile = fs.readFileSync(path.join(repoRoot, mount.split(':')[0]!), 'utf8');
    expect(caddyfile).toMatch(/dynamic a \{\s*name api\s*port 3000/);
    expect(caddyfile).toContain('lb_policy round_robin');
  });

  it('gives the api and worker every variable docs/configuration.md names for outside services, and the same database and key', () => {
    const start = configuration.indexOf('## Outside services');
    expect(start).toBeGreaterThan(0);
    const end = configuration.indexOf('\n## ', start + 1);
    const table = configuration.slice(start, end < 0 ? undefined : end);
    const named = [...new Set([...table.matchAll(/`([A-Z][A-Z0-9_]{3,})`/g)].map((m) => m[1]!))];
    expect(named).toEqual(expect.arrayContaining(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'ENCRYPTION_KEY', 'TWILIO_ACCOUNT_SID']));
    for (const name of ['api', 'worker'] as const) {
      for (const key of named) expect(Object.keys(compose.services[name]?.environment ?? {}), `${name}.${key}`).toContain(key);
    }
    for (const key of ['DATABASE_URL', 'ENCRYPTION_KEY', 'PUBLIC_URL', 'DATA_DIR']) {
      expect(compose.services.api?.environment?.[key], key).toBe(compose.services.worker?.environment?.[key]);
    }
    expect(compose.services.api?.volumes).toEqual(compose.services.worker?.volumes);
  });

  it('gives the api and worker only settings the config knows, and valid ones', () => {
    const known = new Set(Object.keys(configSchema.shape));
    for (const name of ['api', 'worker'] as const) {
      const env = compose.services[name]?.environment ?? {};
      for (const key of Object.keys(env)) expect(known, `${name}.${key}`).toContain(key);
      const config = loadConfig(Object.fromEntries(Object.entries(withDefaults(env)).filter(([, v]) => v !== '')));
      expect(config.databaseUrl).toMatch(/^postgresql:\/\/kudo:kudo@postgres:5432\/kudo$/);
      expect(config.role).toBe(name);
    }
    expect(compose.services.api?.environment?.HOST).toBe('0.0.0.0');
  });

  it('points the api healthcheck at the health endpoint on the configured port', () => {
    const test = compose.services.api?.healthcheck?.test.join(' ') ?? '';
    expect(test).toContain(`:${compose.services.api?.environment?.PORT}/api/health`);
  });
});

describe('config', () => {
  it('rejects a malformed environment with the variable named', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('defaults to the local providers and the embedded database', () => {
    const config = loadConfig({});
    expect(config.databaseUrl).toBeUndefined();
    expect(config.email.sendgrid).toBeUndefined();
    expect(config.dataDir).toBe(path.join(repoRoot, '.data'));
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.cookieSecure).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://app.kudo.example' }).cookieSecure).toBe(true);
  });
});
