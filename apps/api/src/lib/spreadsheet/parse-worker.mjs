// Parses one spreadsheet off the request thread: the main thread checks the file first and bounds this
// thread's memory and time. Answers the first sheet named Sheet1 (or the first sheet) as rows of strings.
import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from 'xlsx';

const { bytes, maxRows } = workerData;
try {
  const book = XLSX.read(Buffer.from(bytes), {
    type: 'buffer',
    dense: true,
    sheetRows: maxRows,
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
    cellNF: false,
    bookVBA: false,
  });
  const name = book.SheetNames.includes('Sheet1') ? 'Sheet1' : book.SheetNames[0];
  const sheet = name ? book.Sheets[name] : undefined;
  const rows = sheet ? XLSX.utils.sheet_to_json(sheet, { header: 1, raw: false, defval: '', blankrows: true }) : [];
  parentPort.postMessage({ ok: true, rows: rows.map((r) => r.map((c) => String(c ?? '').slice(0, 500))) });
} catch (error) {
  parentPort.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
}
