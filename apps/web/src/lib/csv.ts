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

/** A whole CSV document: a header line, then one line per row, CRLF-separated as RFC 4180 asks. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((line) => line.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** Saves text as a file through the browser's download. */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8') {
  // The byte-order mark lets Excel read the file as UTF-8 (names with accents).
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
