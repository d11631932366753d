export { csvField, toCsv, type CsvValue } from '@kudo/shared';

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
