import type ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { csvCellRead } from '../../platform/csv';
import { IMPORT_MAX_ROWS, IMPORT_MESSAGES } from '@casting/domain';
import { AppError } from '../../platform/errors';

/** A sheet as read: the header cells and every non-blank data row with its spreadsheet row number (header = 1). */
export interface Sheet {
  columns: string[];
  rows: SheetRow[];
}

export interface SheetRow {
  rowNumber: number;
  cells: string[];
}

const unreadable = () => new AppError('VALIDATION_FAILED', IMPORT_MESSAGES.unreadableFile);

/** Excel files are zips: they start with 'PK'. Anything else is read as text (CSV with any common separator). */
export function isExcel(bytes: Buffer): boolean {
  return (
    bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04
  );
}

/**
 * Reads a CSV or .xlsx file. CSV: UTF-8 with or without a byte-order mark, LF or CRLF, quoted fields with commas,
 * quotes and line breaks (papaparse, RFC 4180), separator guessed among comma, semicolon and tab (European Excel
 * saves with semicolons). Blank lines are skipped but keep their place in the row numbering, so "row 12" is the
 * line the office sees in its spreadsheet. Excel: the first worksheet, cells as displayed text.
 */
export async function readSheet(bytes: Buffer): Promise<Sheet> {
  const table = isExcel(bytes) ? await readExcel(bytes) : readCsv(bytes);
  const headerIndex = table.findIndex((row) => !isBlank(row.cells));
  if (headerIndex < 0) throw new AppError('VALIDATION_FAILED', IMPORT_MESSAGES.emptyFile);
  const columns = table[headerIndex]!.cells.map((cell) => cell.trim());
  const rows = table.slice(headerIndex + 1).filter((row) => !isBlank(row.cells));
  if (rows.length === 0) throw new AppError('VALIDATION_FAILED', IMPORT_MESSAGES.emptyFile);
  if (rows.length > IMPORT_MAX_ROWS) {
    throw new AppError('VALIDATION_FAILED', IMPORT_MESSAGES.tooManyRows(IMPORT_MAX_ROWS));
  }
  return { columns, rows };
}

function isBlank(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}

function readCsv(bytes: Buffer): SheetRow[] {
  let text = bytes.toString('utf8');
  // A file that is not UTF-8 (Excel's "CSV" on Windows is often Windows-1252) shows replacement characters.
  if (text.includes('\uFFFD')) text = bytes.toString('latin1');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.includes('\0')) throw unreadable();
  const parsed = Papa.parse<string[]>(text, {
    delimitersToGuess: [',', ';', '\t', '|'],
    skipEmptyLines: false,
  });
  if (parsed.data.length === 0) throw unreadable();
  // papaparse reports the line of each row only through its cursor; count lines ourselves instead: a quoted field
  // may span lines, so the row number is the line on which the record starts.
  const rows: SheetRow[] = [];
  let line = 1;
  for (const record of parsed.data) {
    const cells = record.map((cell) => csvCellRead((cell ?? '').toString()));
    rows.push({ rowNumber: line, cells });
    line += 1 + cells.reduce((sum, cell) => sum + (cell.match(/\r\n|\n|\r/g)?.length ?? 0), 0);
  }
  return rows;
}

async function readExcel(bytes: Buffer): Promise<SheetRow[]> {
  // exceljs is loaded by the first spreadsheet, not when the API starts: it took about 0.4 s of every start.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw unreadable();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw unreadable();
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column++) {
      cells.push(cellText(row.getCell(column)));
    }
    rows.push({ rowNumber, cells });
  });
  return rows;
}

/** A cell as the office reads it: dates as YYYY-MM-DD, formulas by their result, rich text and links by their text. */
function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('result' in value)
      return value.result instanceof Date
        ? value.result.toISOString().slice(0, 10)
        : String(value.result ?? '');
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    return cell.text ?? '';
  }
  return String(value);
}
