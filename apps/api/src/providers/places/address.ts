import type { PlaceAddressParts } from './types.js';

/**
 * Parts of a formatted US-style address ("1200 S Lamar Blvd, Austin, TX 78704, USA"): the first part is the
 * street, then the city, the state and zip, and the country. Anything it cannot place stays empty.
 */
export function addressParts(formatted: string): PlaceAddressParts {
  const parts = formatted.split(',').map((p) => p.trim()).filter(Boolean);
  const out: PlaceAddressParts = { street: '', city: '', state: '', country: '', zipcode: '' };
  if (parts.length === 0) return out;
  const stateZip = /^([A-Z]{2})(?:\s+(\d{5}(?:-\d{4})?))?$/;
  const i = parts.findIndex((p) => stateZip.test(p));
  if (i === -1) {
    out.street = parts[0] ?? '';
    out.city = parts[1] ?? '';
    out.country = parts.length > 2 ? parts.at(-1)! : '';
    return out;
  }
  const m = stateZip.exec(parts[i]!)!;
  out.state = m[1]!;
  out.zipcode = m[2] ?? '';
  out.city = i >= 1 ? parts[i - 1]! : '';
  out.street = i >= 2 ? parts.slice(0, i - 1).join(', ') : '';
  out.country = parts[i + 1] ?? '';
  return out;
}
