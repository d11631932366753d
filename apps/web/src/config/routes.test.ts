import { describe, expect, it } from 'vitest';
import { pathFor, routeForPath, routeNames, ROUTES, safeReturnPath, type RouteDef } from './routes';

describe('route table', () => {
  it('gives every screen a distinct path', () => {
    const paths = routeNames.flatMap((n) => {
      const def: RouteDef = ROUTES[n];
      return [def.path, ...(def.aliases ?? [])];
    });
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('forwards parents only to screens in the table', () => {
    for (const name of routeNames) {
      const target = (ROUTES[name] as RouteDef).redirectTo;
      if (target) expect(routeNames).toContain(target);
    }
  });

  it('keeps trial users out of logs and sends them to billing from operate', () => {
    expect(ROUTES.logs.access).toEqual({ kind: 'location', rule: {} });
    expect(ROUTES['settings-general'].access).toMatchObject({ rule: { allowLite: true, trialFailure: 'not-found' } });
  });
});

describe('pathFor', () => {
  it('fills and encodes parameters', () => {
    expect(pathFor('magic-login', { accountId: 42 })).toBe('/internal/abracadabra/42');
    expect(
      pathFor('email-verification', { verificationType: 'user', accountId: 7, transactionId: 'a b/c' }),
    ).toBe('/verification/user/email/7/a%20b%2Fc');
    expect(pathFor('settings-billing-subscriptions')).toBe('/settings/billing/subscriptions');
  });
});

describe('routeForPath', () => {
  it('finds screens by path and by alias, and nothing for unknown paths', () => {
    expect(routeForPath('/dashboard')).toBe('dashboard');
    expect(routeForPath('/internal/abracadabra/12')).toBe('magic-login');
    expect(routeForPath('/kudo/application/bio/abc')).toBe('view-bio');
    expect(routeForPath('/nowhere')).toBeNull();
  });
});

describe('safeReturnPath', () => {
  it('accepts our own paths only', () => {
    expect(safeReturnPath('/analyze/overview?x=1')).toBe('/analyze/overview?x=1');
    expect(safeReturnPath('//evil.example/x')).toBeNull();
    expect(safeReturnPath('https://evil.example')).toBeNull();
    expect(safeReturnPath('/login?x=1')).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });
});
