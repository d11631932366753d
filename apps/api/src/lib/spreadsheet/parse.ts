import { Worker } from 'node:worker_threads';
import { MSG, UPLOAD_MAX_BYTES } from '@kudo/shared';
import { zipContents } from './zip.js';

export const SPREADSHEET_LIMITS = {
  /** The upload itself. */
  maxBytes: UPLOAD_MAX_BYTES,
  /** What an .xlsx may unzip to: far above any real contact list, far below a zip bomb. */
  maxUncompressedBytes: 60 * 1024 * 1024,
  maxZipEntries: 200,
  /** Data rows read (the header comes on top). */
  maxRows: 10_000,
  timeoutMs: 20_000,
  workerHeapMb: 256,
} as const;

export class SpreadsheetError extends Error {}

export type SpreadsheetKind = 'xlsx' | 'xls' | 'csv';

/** What the bytes are, whatever the file is called: a zip (xlsx), a compound file (xls), or text (csv). */
export function spreadsheetKind(buf: Buffer): SpreadsheetKind | null {
  if (buf.length >= 4 && buf.readUInt32LE(0) === 0x04034b50) return 'xlsx';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) return 'xls';
  const head = buf.subarray(0, 4096);
  if (head.length > 0 && !head.includes(0)) return 'csv';
  return null;
}

/**
 * Reads an uploaded spreadsheet safely: size cap, a zip-bomb check from the zip's own directory, then
 * parsing in a worker thread with a memory limit and a time limit. Answers the rows as strings, header
 * first, at most maxRows + 1 of them.
 */
export async function readSpreadsheet(buf: Buffer, opts: { maxRows?: number } = {}): Promise<{ kind: SpreadsheetKind; rows: string[][] }> {
  if (buf.length === 0) throw new SpreadsheetError('The file is empty.');
  if (buf.length > SPREADSHEET_LIMITS.maxBytes) throw new SpreadsheetError(MSG.fileTooLarge);
  const kind = spreadsheetKind(buf);
  if (!kind) throw new SpreadsheetError('This is not an Excel or CSV file.');
  if (kind === 'xlsx') {
    const zip = zipContents(buf);
    if (!zip) throw new SpreadsheetError('This Excel file is damaged.');
    if (zip.entries > SPREADSHEET_LIMITS.maxZipEntries || zip.uncompressedBytes > SPREADSHEET_LIMITS.maxUncompressedBytes) {
      throw new SpreadsheetError('This Excel file is too large once opened.');
    }
  }
  const limit = opts.maxRows ?? SPREADSHEET_LIMITS.maxRows;
  // The header, the allowed rows, and one more to tell a full sheet from an overfull one.
  const maxRows = limit + 2;
  const rows = await new Promise<string[][]>((resolve, reject) => {
    const worker = new Worker(new URL('./parse-worker.mjs', import.meta.url), {
      workerData: { bytes: buf, maxRows },
      resourceLimits: { maxOldGenerationSizeMb: SPREADSHEET_LIMITS.workerHeapMb, maxYoungGenerationSizeMb: 32 },
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new SpreadsheetError('The file took too long to read.'));
    }, SPREADSHEET_LIMITS.timeoutMs);
    worker.once('message', (msg: { ok: boolean; rows?: string[][]; message?: string }) => {
      clearTimeout(timer);
      void worker.terminate();
      if (msg.ok && msg.rows) resolve(msg.rows);
      else reject(new SpreadsheetError('The file could not be read as a spreadsheet.'));
    });
    worker.once('error', () => {
      clearTimeout(timer);
      reject(new SpreadsheetError('The file could not be read as a spreadsheet.'));
    });
  });
  if (rows.length > limit + 1) throw new SpreadsheetError(`The file has more than ${limit.toLocaleString('en-US')} rows.`);
  return { kind, rows };
}
