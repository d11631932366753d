import { describe, expect, it } from 'vitest';
import { endpoints, fillPath } from './index.js';

describe('endpoint registry', () => {
  it('has every session and account call of the inventory once', () => {
    const ids = endpoints.map((e) => e.id);
    for (let n = 1; n <= 19; n++) expect(ids).toContain(`E${String(n).padStart(3, '0')}`);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has no two endpoints on the same method and path', () => {
    const keys = endpoints.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps the paths and verbs of the specification', () => {
    const byId = Object.fromEntries(endpoints.map((e) => [e.id, `${e.method} ${e.path}`]));
    expect(byId.E001).toBe('POST /authorize-me');
    expect(byId.E002).toBe('GET /logout');
    expect(byId.E006).toBe('GET /internal/abracadabra/:accountId');
    expect(byId.E011).toBe('GET /access/location-user/load');
    expect(byId.E019).toBe('POST /self-service/notifications/upgrade-request');
  });

  it('fills path parameters, encoding them', () => {
    expect(fillPath('/a/:id/b/:name', { id: 3, name: 'x y' })).toBe('/a/3/b/x%20y');
    expect(() => fillPath('/a/:id', {})).toThrow(/id/);
  });
});
