import type { FastifyRequest } from 'fastify';
import { FIELD_MSG, isStorableText, MSG } from '@kudo/shared';
import { badRequest } from '../../lib/errors.js';
import { refuseUnstorableText } from '../../plugins/errors.js';
import { readSpreadsheet, SpreadsheetError } from '../../lib/spreadsheet/parse.js';

/**
 * The spreadsheet of a multipart upload (the fields first, then the file), read safely: its rows as
 * strings, the fields sent before it, and its name. Problems answer 400 with the product's messages.
 */
/** A spreadsheet as the routes read it from an upload and hand it to the services. */
export interface UploadedSheet {
  rows: string[][];
  fields: Record<string, string>;
  fileName: string;
}

export async function readUploadedSheet(request: FastifyRequest): Promise<UploadedSheet> {
  if (!request.isMultipart()) throw badRequest(MSG.bulkFileRequired);
  let part;
  try {
    part = await request.file();
  } catch {
    throw badRequest(MSG.bulkFileRequired);
  }
  if (!part) throw badRequest(MSG.bulkFileRequired);
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(part.fields)) {
    if (value && !Array.isArray(value) && value.type === 'field') fields[name] = String(value.value);
  }
  let buffer: Buffer;
  try {
    buffer = await part.toBuffer();
  } catch {
    throw badRequest(MSG.fileTooLarge);
  }
  refuseUnstorableText({ ...fields, file: part.filename });
  let rows: string[][];
  try {
    rows = (await readSpreadsheet(buffer)).rows;
  } catch (error) {
    if (error instanceof SpreadsheetError) throw badRequest(error.message === 'This is not an Excel or CSV file.' ? MSG.bulkExcelOnly : error.message);
    throw error;
  }
  const badRow = rows.findIndex((row) => !row.every(isStorableText));
  if (badRow >= 0) throw badRequest(FIELD_MSG.unstorable(`Row ${badRow + 1} of the file`));
  return { rows, fields, fileName: (part.filename || 'spreadsheet').slice(0, 200) };
}
