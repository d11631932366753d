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
}

const compose = parse(fs.readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8')) as { services: Record<string, Service> };

/** Replaces ${VAR:-default} with the default, as docker compose does when VAR is unset. */
const withDefaults = (env: Record<string, string>) =>
  Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v).replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1')]));

describe('docker-compose.yml', () => {
  it('runs postgres, api and worker, each with a healthcheck', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api', 'postgres', 'worker']);
    for (const service of Object.values(compose.services)) expect(service.healthcheck?.test.length).toBeGreaterThan(0);
    expect(compose.services.api?.depends_on?.postgres?.condition).toBe('service_healthy');
    expect(compose.services.api?.ports).toContain('3000:3000');
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
