/** A CSV cell: text as it is, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null;

// A cell is quoted when it holds a comma, a quote or a line break; quotes inside are doubled (RFC 4180).
const NEEDS_QUOTES = /[",\r\n]/;
// A spreadsheet runs a cell starting with one of these as a formula; a leading apostrophe keeps it text.
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows (the header row first) as CSV text, lines ended by CRLF. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Hands the CSV to the browser as a file download, made on this device (no request). */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its copy once click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
