/** A CSV cell: text as it is, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null;

// A cell is quoted when it holds a comma, a quote or a line break; quotes inside are doubled (RFC 4180).
const NEEDS_QUOTES = /[",\r\n]/;
// A spreadsheet runs a cell starting with one of these as a formula (a customer could type
// "=HYPERLINK(...)" as a note); a leading apostrophe keeps it text.
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One row as a CSV line, ended by CRLF: what the server streams a row at a time. */
export function csvLine(row: readonly CsvCell[]): string {
  return `${row.map(csvCell).join(',')}\r\n`;
}

/** Rows (the header row first) as CSV text, lines ended by CRLF. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map(csvLine).join('');
}
