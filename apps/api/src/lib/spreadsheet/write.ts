import * as XLSX from 'xlsx';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type Cell = string | number | null;

/**
 * An .xlsx of one sheet: a header row and data rows. Every text is written as text (never a formula), so a
 * review that starts with "=" stays what its author wrote.
 */
export function xlsxFile(sheetName: string, header: readonly string[], rows: readonly (readonly Cell[])[], widths?: readonly number[]): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([header as Cell[], ...rows.map((r) => r.map((c) => c ?? ''))], { cellDates: false });
  if (widths) sheet['!cols'] = widths.map((wch) => ({ wch }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName.slice(0, 31));
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
