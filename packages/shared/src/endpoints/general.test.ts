import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.js';
import { addReporting, isAcceptableLogoUrl, normalizeWebsite, saveBranding, saveCompanyDetails } from './general.js';

describe('normalizeWebsite', () => {
  it('keeps http(s) addresses, adds https:// to bare domains and keeps empty as empty', () => {
    expect(normalizeWebsite('https://acme.example.com/x')).toBe('https://acme.example.com/x');
    expect(normalizeWebsite('http://acme.example.com')).toBe('http://acme.example.com');
    expect(normalizeWebsite(' acme.com ')).toBe('https://acme.com');
    expect(normalizeWebsite('')).toBe('');
  });
  it('refuses other schemes, spaces and hosts without a dot', () => {
    expect(normalizeWebsite('ftp://acme.com')).toBeNull();
    expect(normalizeWebsite('javascript:alert(1)')).toBeNull();
    expect(normalizeWebsite('acme')).toBeNull();
    expect(normalizeWebsite('acme .com')).toBeNull();
  });
});

describe('isAcceptableLogoUrl', () => {
  it('accepts web addresses and our own upload paths only', () => {
    expect(isAcceptableLogoUrl('https://cdn.example.com/logo.png')).toBe(true);
    expect(isAcceptableLogoUrl('/api/images/kudo/abc.png')).toBe(true);
    expect(isAcceptableLogoUrl('/api/images/../secret')).toBe(false);
    expect(isAcceptableLogoUrl('/etc/passwd')).toBe(false);
    expect(isAcceptableLogoUrl('data:image/png;base64,AAAA')).toBe(false);
    expect(isAcceptableLogoUrl('javascript:alert(1)')).toBe(false);
  });
});

describe('branding input', () => {
  it('lower-cases the colour and reads an empty logo as none', () => {
    expect(saveBranding.body.parse({ color: '#ABCDEF', logo: '' })).toEqual({ color: '#abcdef', logo: null });
    expect(saveBranding.body.safeParse({ color: '#abc', logo: null }).error?.issues[0]?.message).toBe(MSG.validColor);
  });
  it('strips the phone to digits and asks for ten', () => {
    expect(saveCompanyDetails.body.parse({ name: 'Acme', phone: '(512) 555-0100' }).phone).toBe('5125550100');
    expect(saveCompanyDetails.body.safeParse({ name: 'Acme', phone: '512555010' }).error?.issues[0]?.message).toBe(MSG.validPhone);
  });
});

describe('reporting names', () => {
  it.each(["Ana O'Neil, Jr.", 'Team 2', 'José Müller'])('accepts %s', (name) => {
    expect(addReporting.body.safeParse({ name, email: 'a@example.com' }).success).toBe(true);
  });
  it.each(['', '   ', 'Bob <b>', 'a-b', 'x@y'])('refuses %j with the exact message', (name) => {
    expect(addReporting.body.safeParse({ name, email: 'a@example.com' }).error?.issues[0]?.message).toBe(MSG.reportingValidName);
  });
});
