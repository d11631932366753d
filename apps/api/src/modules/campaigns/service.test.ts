import { describe, expect, it } from 'vitest';
import { implicitPlanCode, PLANS } from './plans.js';
import { fieldopsUsernameFor, newCampaignUid, newFieldopsPassword } from './service.js';

describe('campaign ids and FieldOps sign-ins', () => {
  it('makes 12-character base62 uids that do not repeat', () => {
    const uids = new Set(Array.from({ length: 2000 }, newCampaignUid));
    expect(uids.size).toBe(2000);
    for (const uid of uids) expect(uid).toMatch(/^[0-9A-Za-z]{12}$/);
  });

  it('derives a username from the first two words of the name', () => {
    expect(fieldopsUsernameFor('Mike Torres')).toMatch(/^mike\.torres-\d{4}$/);
    expect(fieldopsUsernameFor("Kevin O'Brien Jr.")).toMatch(/^kevin\.obrien-\d{4}$/);
    expect(fieldopsUsernameFor('José Ramírez')).toMatch(/^jose\.ramirez-\d{4}$/);
    expect(fieldopsUsernameFor('!!!')).toMatch(/^tech-\d{4}$/);
    expect(fieldopsUsernameFor('x'.repeat(80))).toMatch(/^x{30}-\d{4}$/);
  });

  it('makes passwords without look-alike characters', () => {
    for (let i = 0; i < 200; i++) expect(newFieldopsPassword()).toMatch(/^[A-HJ-NP-Za-km-np-z2-9]{10}$/);
  });
});

describe('plans', () => {
  it('has the trial, starter, pro and enterprise limits, yearly prices 15% off', () => {
    expect(Object.fromEntries(PLANS.map((p) => [p.code, p.maxCampaign]))).toEqual({ trial: 3, starter: 5, pro: 25, enterprise: 100 });
    for (const p of PLANS) expect(p.yearlyPriceCents).toBe(Math.round(p.monthlyPriceCents * 12 * 0.85));
  });

  it('puts a location without a plan on the trial plan while on trial, else on starter', () => {
    expect(implicitPlanCode(true)).toBe('trial');
    expect(implicitPlanCode(false)).toBe('starter');
  });
});
