/**
 * vCard 3.0 (RFC 2426) text of a business's contact card: what a phone saves when a customer opens the
 * card's link or scans its QR code.
 */
import { toE164 } from '@kudo/shared';

export interface VCardInput {
  companyName: string;
  /** Ten-digit numbers; the first is the primary one. */
  voicePhones: string[];
  /** Ten-digit numbers that take text messages; the first is the SMS number. */
  textPhones: string[];
  emails: string[];
  /** The business's website. */
  url?: string | null;
  note?: string | null;
  /** Words a customer may search their contacts for (e.g. "plumber"). */
  searchTerms?: string[];
  /** An http(s) address of the logo. */
  logoUrl?: string | null;
}

const CRLF = '\r\n';
/** Longest line in octets, line break excluded (RFC 2425 §5.8.1). */
const LINE_OCTETS = 75;

/** Escapes a text value: backslash, comma, semicolon and line breaks. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A URI value is not escaped, but it may never break the line. */
const cleanUri = (value: string): string => value.replace(/[\r\n]+/g, '').trim();

/** Folds one content line at 75 octets, never inside a UTF-8 character; continuations start with a space. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= LINE_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  // The first line holds 75 octets; each continuation line holds its leading space and 74 more.
  let limit = LINE_OCTETS;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = LINE_OCTETS - 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** The vCard text, CRLF line endings, folded. */
export function buildVCard(input: VCardInput): string {
  const lines: string[] = ['BEGIN:VCARD', 'VERSION:3.0'];
  const name = escapeText(input.companyName.trim());
  // A business card: the name is the organisation's, and Apple's contacts show it as a company.
  lines.push(`N:${name};;;;`, `FN:${name}`, `ORG:${name}`, 'X-ABSHOWAS:COMPANY');

  // One TEL per number, with every role it has: voice (primary first, preferred) and text.
  const phones = new Map<string, Set<string>>();
  const add = (digits: string, type: string) => {
    // E.164: the form a phone dials from anywhere.
    const number = toE164(digits);
    if (number === null) return;
    const types = phones.get(number) ?? new Set<string>();
    types.add(type);
    phones.set(number, types);
  };
  input.voicePhones.forEach((p) => add(p, 'VOICE'));
  input.textPhones.forEach((p) => add(p, 'CELL'));
  let first = true;
  for (const [number, types] of phones) {
    const list = ['WORK', ...types, ...(first ? ['PREF'] : [])];
    lines.push(`TEL;TYPE=${list.join(',')}:${number}`);
    first = false;
  }
  input.emails.forEach((email, i) => {
    lines.push(`EMAIL;TYPE=INTERNET,WORK${i === 0 ? ',PREF' : ''}:${escapeText(email)}`);
  });
  if (input.url?.trim()) lines.push(`URL:${cleanUri(input.url)}`);
  if (input.logoUrl && /^https?:\/\//i.test(input.logoUrl.trim())) {
    lines.push(`PHOTO;VALUE=URI:${cleanUri(input.logoUrl)}`);
  }
  const terms = (input.searchTerms ?? []).map((t) => t.trim()).filter(Boolean);
  // CATEGORIES is the standard list of words a contacts app can search and group by.
  if (terms.length) lines.push(`CATEGORIES:${terms.map(escapeText).join(',')}`);
  if (input.note?.trim()) lines.push(`NOTE:${escapeText(input.note.trim())}`);
  lines.push('END:VCARD');
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** A safe download name for the card: letters, digits, spaces, dots, dashes and underscores. */
export function vcardFileName(companyName: string): string {
  const base = companyName
    .normalize('NFKD')
    .replace(/[^\w .-]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
  return `${base || 'contact'}.vcf`;
}
