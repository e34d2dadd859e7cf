import Papa from 'papaparse';

/**
 * A cell a spreadsheet would run as a formula: it starts with `=`, `+`, `-` or `@` (or a tab or carriage return,
 * which some spreadsheets skip before reading one). Names, comments and import rows come from people outside the
 * office, so a cell like `=HYPERLINK("https://…")` or `+cmd|' /C calc'!A0` must open as the text it is.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as written to every CSV the product makes: a formula-like text is prefixed with `'`, shown as text. */
export function csvSafeCell(value: string | number | null | undefined): string {
  const text = value == null ? '' : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * Undoes `csvSafeCell` on a cell read back from a CSV (an office fixing the failed rows of an import and sending the
 * file again): a leading `'` before a formula character is ours, not the person's.
 */
export function csvCellRead(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/**
 * Every CSV the product writes: every field quoted, quotes doubled, formula-like cells neutralised (`csvSafeCell`),
 * CRLF line ends, and a byte-order mark so that Excel opens accented names correctly.
 */
export function toCsv(
  columns: readonly string[],
  rows: readonly (readonly (string | number | null | undefined)[])[],
): string {
  const data = rows.map((row) => row.map(csvSafeCell));
  return `\uFEFF${Papa.unparse({ fields: columns.map(csvSafeCell), data }, { newline: '\r\n', quotes: true })}\r\n`;
}
