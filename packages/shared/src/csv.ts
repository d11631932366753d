export type CsvValue = string | number | boolean | null | undefined;

/**
 * A field as RFC 4180 writes it: quoted when it holds a comma, a quote, a line break or edge spaces
 * (which spreadsheets would otherwise trim), with quotes doubled inside.
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line with its CRLF. */
export const csvLine = (values: readonly CsvValue[]): string => values.map(csvField).join(',') + '\r\n';

/** A whole CSV document: a header line, then one line per row, CRLF-separated as RFC 4180 asks. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map(csvLine).join('');
}
