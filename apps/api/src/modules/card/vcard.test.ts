import { describe, expect, it } from 'vitest';
import { buildVCard, escapeText, foldLine, vcardFileName } from './vcard.js';

const unfold = (text: string) => text.replace(/\r\n /g, '');
const octets = (s: string) => new TextEncoder().encode(s).length;

describe('escapeText', () => {
  it('escapes backslash, comma, semicolon and every kind of line break', () => {
    expect(escapeText('a\\b,c;d\ne\r\nf\rg')).toBe('a\\\\b\\,c\\;d\\ne\\nf\\ng');
  });
  it('leaves ordinary text alone', () => {
    expect(escapeText('Demo Plumbing & Sons')).toBe('Demo Plumbing & Sons');
  });
});

describe('foldLine', () => {
  it('keeps a line of 75 octets whole', () => {
    const line = 'N'.repeat(75);
    expect(foldLine(line)).toBe(line);
  });

  it('folds longer lines at 75 octets with CRLF and a space, and unfolds to the original', () => {
    const line = `NOTE:${'x'.repeat(200)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBe(3);
    expect(octets(parts[0]!)).toBe(75);
    for (const p of parts.slice(1)) {
      expect(p.startsWith(' ')).toBe(true);
      expect(octets(p)).toBeLessThanOrEqual(75);
    }
    expect(unfold(folded)).toBe(line);
  });

  it('never splits a multi-byte character', () => {
    const line = `NOTE:${'é'.repeat(60)}${'😀'.repeat(20)}`;
    const folded = foldLine(line);
    for (const p of folded.split('\r\n')) {
      expect(octets(p)).toBeLessThanOrEqual(75);
      // A split character would decode to the replacement character.
      expect(new TextDecoder().decode(new TextEncoder().encode(p))).not.toContain('\uFFFD');
    }
    expect(unfold(folded)).toBe(line);
  });
});

describe('buildVCard', () => {
  const card = buildVCard({
    companyName: 'Demo Plumbing; Austin, TX',
    voicePhones: ['5125550100', '5125550111'],
    textPhones: ['5125550122'],
    emails: ['hello@demoplumbing.test', 'office@demoplumbing.test'],
    url: 'https://demoplumbing.test',
    note: 'Open 24/7.\nEmergency calls welcome, no extra fee; ask for Sam or anyone at the front desk.',
    searchTerms: ['plumber', 'water heater, tankless'],
    logoUrl: 'https://images.test/logo.png',
  });
  const lines = unfold(card).split('\r\n');

  it('is a vCard 3.0 with CRLF line endings and no bare line feeds', () => {
    expect(lines[0]).toBe('BEGIN:VCARD');
    expect(lines[1]).toBe('VERSION:3.0');
    expect(card.endsWith('END:VCARD\r\n')).toBe(true);
    expect(card.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('names the business, escaped', () => {
    expect(lines).toContain('FN:Demo Plumbing\\; Austin\\, TX');
    expect(lines).toContain('ORG:Demo Plumbing\\; Austin\\, TX');
    expect(lines).toContain('N:Demo Plumbing\\; Austin\\, TX;;;;');
  });

  it('lists the primary phone first and preferred, outbound voice numbers, and the SMS number as cell', () => {
    const tels = lines.filter((l) => l.startsWith('TEL'));
    expect(tels).toEqual([
      'TEL;TYPE=WORK,VOICE,PREF:+15125550100',
      'TEL;TYPE=WORK,VOICE:+15125550111',
      'TEL;TYPE=WORK,CELL:+15125550122',
    ]);
  });

  it('merges a number that is both a voice and a text number', () => {
    const text = buildVCard({ companyName: 'A', voicePhones: ['5125550100'], textPhones: ['5125550100'], emails: [] });
    expect(text).toContain('TEL;TYPE=WORK,VOICE,CELL,PREF:+15125550100\r\n');
    expect(text.match(/^TEL/gm)).toHaveLength(1);
  });

  it('carries emails, website, logo, search terms and the note', () => {
    expect(lines).toContain('EMAIL;TYPE=INTERNET,WORK,PREF:hello@demoplumbing.test');
    expect(lines).toContain('EMAIL;TYPE=INTERNET,WORK:office@demoplumbing.test');
    expect(lines).toContain('URL:https://demoplumbing.test');
    expect(lines).toContain('PHOTO;VALUE=URI:https://images.test/logo.png');
    expect(lines).toContain('CATEGORIES:plumber,water heater\\, tankless');
    expect(lines).toContain('NOTE:Open 24/7.\\nEmergency calls welcome\\, no extra fee\\; ask for Sam or anyone at the front desk.');
  });

  it('folds long lines at 75 octets', () => {
    for (const l of card.split('\r\n')) expect(octets(l)).toBeLessThanOrEqual(75);
    expect(card).toContain('\r\n ');
  });

  it('leaves out what is empty, and a logo that is not a web address', () => {
    const text = buildVCard({ companyName: 'A', voicePhones: [], textPhones: [], emails: [], note: ' ', searchTerms: [], logoUrl: 'javascript:alert(1)' });
    expect(text).toBe('BEGIN:VCARD\r\nVERSION:3.0\r\nN:A;;;;\r\nFN:A\r\nORG:A\r\nX-ABSHOWAS:COMPANY\r\nEND:VCARD\r\n');
  });

  it('cannot be broken by line breaks in a URI', () => {
    const text = buildVCard({ companyName: 'A', voicePhones: [], textPhones: [], emails: [], url: 'https://a.test\r\nEND:VCARD' });
    expect(text.match(/END:VCARD/g)).toHaveLength(2);
    expect(unfold(text).split('\r\n')).toContain('URL:https://a.testEND:VCARD');
  });
});

describe('helpers', () => {
  it('makes a safe file name from the company name', () => {
    expect(vcardFileName('Demo Plumbing / "Austin"')).toBe('Demo Plumbing Austin.vcf');
    expect(vcardFileName('Café Ünïcode')).toBe('Cafe Unicode.vcf');
    expect(vcardFileName('***')).toBe('contact.vcf');
  });
});

describe('sampleAppointment', () => {
  it('is tomorrow at 10:00 AM in the location’s zone, and survives an unknown zone', async () => {
    const { sampleAppointment } = await import('./service.js');
    const now = new Date('2026-03-07T03:00:00Z'); // March 6, 9 pm in Chicago
    expect(sampleAppointment('America/Chicago', now)).toEqual({ appointment_date: 'Saturday, March 7', appointment_time: '10:00 AM' });
    expect(sampleAppointment('Not/AZone', now)).toEqual({ appointment_date: 'Sunday, March 8', appointment_time: '10:00 AM' });
  });
});
