import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { readSpreadsheet, SpreadsheetError, spreadsheetKind } from './parse.js';
import { zipContents } from './zip.js';

const book = (rows: unknown[][], bookType: 'xlsx' | 'xls' | 'csv', sheet = 'Sheet1') => {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), sheet);
  return Buffer.from(XLSX.write(wb, { type: 'buffer', bookType }) as Buffer);
};

const HEADER = ['First Name', 'Last Name', 'Address', 'Phone Number', 'Email'];

describe('reading uploaded spreadsheets', () => {
  it('reads .xlsx, .xls and .csv alike, judged by their bytes', async () => {
    const rows = [HEADER, ['Pat', 'Jones', '1 Main St', '(512) 555-0101', 'pat@example.com']];
    for (const type of ['xlsx', 'xls', 'csv'] as const) {
      const buf = book(rows, type);
      expect(spreadsheetKind(buf)).toBe(type);
      const read = await readSpreadsheet(buf);
      expect(read.rows[1]).toEqual(['Pat', 'Jones', '1 Main St', '(512) 555-0101', 'pat@example.com']);
    }
  });

  it('prefers the sheet named Sheet1', async () => {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['other']]), 'Notes');
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([HEADER, ['Ann']]), 'Sheet1');
    const read = await readSpreadsheet(Buffer.from(XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer));
    expect(read.rows[1]![0]).toBe('Ann');
  });

  it('refuses more rows than the cap', async () => {
    const rows = [HEADER, ...Array.from({ length: 12 }, (_, i) => ['n', 'm', '', `51255501${String(i).padStart(2, '0')}`, ''])];
    await expect(readSpreadsheet(book(rows, 'csv'), { maxRows: 10 })).rejects.toThrow(/more than 10 rows/);
    expect((await readSpreadsheet(book(rows.slice(0, 11), 'csv'), { maxRows: 10 })).rows).toHaveLength(11);
  });

  it('refuses a zip that claims to unzip to far more than any contact list (a zip bomb)', async () => {
    const buf = book([HEADER], 'xlsx');
    const zip = zipContents(buf)!;
    expect(zip.entries).toBeGreaterThan(2);
    // Rewrite the first central-directory entry's uncompressed size to 1 GB.
    const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const cd = buf.readUInt32LE(eocd + 16);
    buf.writeUInt32LE(1024 * 1024 * 1024, cd + 24);
    await expect(readSpreadsheet(buf)).rejects.toThrow(/too large once opened/);
  });

  it('refuses what is not a spreadsheet, and empty or oversized files', async () => {
    await expect(readSpreadsheet(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]))).rejects.toBeInstanceOf(SpreadsheetError);
    await expect(readSpreadsheet(Buffer.alloc(0))).rejects.toThrow(/empty/);
    await expect(readSpreadsheet(Buffer.alloc(6 * 1024 * 1024, 0x41))).rejects.toThrow(/larger than 5 MB/);
    await expect(readSpreadsheet(Buffer.from('PK\u0003\u0004garbage', 'latin1'))).rejects.toThrow(/damaged/);
  });
});
