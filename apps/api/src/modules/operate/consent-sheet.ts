import { digitsOnly, parsePhone } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import type { UploadedSheet } from './upload.js';

/** Finds the first name, last name and phone columns by their header, whatever the order and case. */
export function consentRows(sheet: string[][]) {
  const header = (sheet[0] ?? []).map((h) => h.trim().toLowerCase().replace(/[^a-z]/g, ''));
  const col = (...names: string[]) => header.findIndex((h) => names.includes(h));
  const first = col('firstname', 'first');
  const last = col('lastname', 'last');
  const phone = col('phonenumber', 'phone', 'mobile', 'cell');
  const nameCol = col('name', 'customername');
  if (phone < 0) return null;
  return sheet
    .slice(1)
    .map((cells, i) => {
      const get = (n: number) => (n >= 0 ? (cells[n] ?? '').trim() : '');
      const ten = parsePhone(get(phone));
      const name = (nameCol >= 0 ? get(nameCol) : `${get(first)} ${get(last)}`).trim().slice(0, 100);
      return { row: i + 2, name, phone: ten ?? digitsOnly(get(phone)).slice(0, 20), valid: ten !== null };
    })
    .filter((r) => r.phone !== '' || r.name !== '');
}

export async function readConsentSheet(ctx: LocationCtx, upload: UploadedSheet) {
  if (ctx.location.freeTrial) throw forbidden();
  const sheet = upload.rows;
  const rows = consentRows(sheet);
  if (!rows) throw badRequest('The file needs a "Phone Number" column (row 1 is the header).');
  if (rows.length === 0) throw badRequest('The file has no customers in it.');
  return { rows };
}
