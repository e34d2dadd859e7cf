import {
  IMPORT_FIELDS,
  IMPORT_FIELD_LABELS,
  IMPORT_HEADER_ALIASES,
  IMPORT_MESSAGES,
  IMPORT_REQUIRED_FIELDS,
  addApplicantSchema,
  searchFold,
  type AddApplicant,
  type ImportField,
  type ImportMapping,
  type ImportRunRequest,
} from '@casting/domain';
import { fieldErrors } from '../../platform/errors';
import type { Sheet, SheetRow } from './parse';

const ROSTER_STAND_IN = '00000000-0000-4000-8000-000000000000';

const headerKey = (header: string) => searchFold(header).replace(/[\s\-_.]/g, '');

/** The mapping a header line suggests: each field takes the first column whose header is one of its spellings. */
export function suggestMapping(columns: readonly string[]): ImportMapping {
  const mapping: ImportMapping = {};
  const taken = new Set<number>();
  for (const field of IMPORT_FIELDS) {
    const aliases = IMPORT_HEADER_ALIASES[field].map(headerKey);
    const index = columns.findIndex((column, i) => !taken.has(i) && aliases.includes(headerKey(column)));
    if (index >= 0) {
      mapping[field] = index;
      taken.add(index);
    }
  }
  return mapping;
}

/** Refuses a mapping that misses a required field, names a column the file lacks, or uses a column twice. */
export function assertMapping(mapping: ImportMapping, columnCount: number): void {
  const issues: { path: string; message: string }[] = [];
  for (const field of IMPORT_REQUIRED_FIELDS) {
    if (mapping[field] === undefined) {
      issues.push({
        path: `body.mapping.${field}`,
        message: IMPORT_MESSAGES.missingRequiredColumn(IMPORT_FIELD_LABELS[field]),
      });
    }
  }
  const seen = new Set<number>();
  for (const field of IMPORT_FIELDS) {
    const column = mapping[field];
    if (column === undefined) continue;
    if (column >= columnCount)
      issues.push({ path: `body.mapping.${field}`, message: IMPORT_MESSAGES.columnOutOfRange });
    else if (seen.has(column))
      issues.push({ path: `body.mapping.${field}`, message: IMPORT_MESSAGES.columnUsedTwice });
    seen.add(column);
  }
  if (issues.length > 0) throw fieldErrors(issues);
}

/** Skills, languages and media names are lists in one cell, separated by semicolons, commas or line breaks. */
function list(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(/[;,\n]/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** Dates as offices type them: YYYY-MM-DD, or DD/MM/YYYY and DD.MM.YYYY (day first, as outside the US). */
function isoDate(value: string): string {
  const dayFirst = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(value);
  if (!dayFirst) return value;
  return `${dayFirst[3]}-${dayFirst[2]!.padStart(2, '0')}-${dayFirst[1]!.padStart(2, '0')}`;
}

export interface ValidRow {
  ok: true;
  person: AddApplicant;
  media: string[];
  name: string;
}
export interface InvalidRow {
  ok: false;
  name: string;
  reason: string;
}

/**
 * One data row checked with the same rules and messages as adding a candidate by hand (the domain's
 * addApplicantSchema), so an import accepts exactly what the form accepts. Empty cells are absent values. The reason
 * names each failing field by its label: "E-mail: Please enter a valid email address".
 */
export function checkRow(
  row: SheetRow,
  mapping: ImportMapping,
  target: { type: 'OPPORTUNITY'; projectId: string; roleId: string } | { type: 'ROSTER' },
): ValidRow | InvalidRow {
  // The roster has no opportunity: the add-candidate rules are applied with a stand-in one, never written.
  const where =
    target.type === 'OPPORTUNITY' ? target : { projectId: ROSTER_STAND_IN, roleId: ROSTER_STAND_IN };
  const cell = (field: ImportField) => {
    const index = mapping[field];
    if (index === undefined) return undefined;
    const value = (row.cells[index] ?? '').trim();
    return value === '' ? undefined : value;
  };
  const name = [cell('firstName'), cell('lastName')].filter(Boolean).join(' ');
  const dateOfBirth = cell('dateOfBirth');
  const candidate = {
    projectId: where.projectId,
    roleId: where.roleId,
    folderIds: [],
    firstName: cell('firstName') ?? '',
    lastName: cell('lastName') ?? '',
    email: cell('email')?.toLowerCase() ?? null,
    phone: cell('phone')?.replace(/[\s().-]/g, '') ?? null,
    dateOfBirth: dateOfBirth ? isoDate(dateOfBirth) : null,
    playingAgeMin: cell('playingAgeMin') ?? null,
    playingAgeMax: cell('playingAgeMax') ?? null,
    location: cell('location') ?? null,
    skills: list(cell('skills')),
    languages: list(cell('languages')),
    bio: cell('bio') ?? null,
  };
  const parsed = addApplicantSchema.safeParse(candidate);
  if (!parsed.success) {
    const reasons = parsed.error.issues.map((issue) => {
      const field = String(issue.path[0] ?? '') as ImportField;
      const label = IMPORT_FIELD_LABELS[field] ?? field;
      return `${label}: ${issue.message}`;
    });
    return { ok: false, name, reason: [...new Set(reasons)].join('; ') };
  }
  return { ok: true, person: parsed.data, media: list(cell('media')), name };
}

function nameKey(person: Pick<AddApplicant, 'firstName' | 'lastName' | 'dateOfBirth'>): string | null {
  if (!person.dateOfBirth) return null;
  return `${searchFold(`${person.firstName} ${person.lastName}`).replace(/\s+/g, ' ')}|${person.dateOfBirth}`;
}

/**
 * Rows that repeat an earlier row's person, with the earlier row's number: the same e-mail, or the same name and
 * date of birth where one of the two rows has no e-mail (two different addresses are two people, twins included).
 * Deterministic over the file, so a resumed job refuses exactly the rows the first run would have refused.
 */
export function duplicatesInFile(
  rows: readonly { rowNumber: number; check: ValidRow | InvalidRow }[],
): Map<number, number> {
  const byEmail = new Map<string, number>();
  const byName = new Map<string, { rowNumber: number; hasEmail: boolean }>();
  const duplicates = new Map<number, number>();
  for (const { rowNumber, check } of rows) {
    if (!check.ok) continue;
    const email = check.person.email?.toLowerCase() ?? null;
    const name = nameKey(check.person);
    const sameEmail = email ? byEmail.get(email) : undefined;
    const sameName = name ? byName.get(name) : undefined;
    const earlier =
      sameEmail ?? (sameName && (!email || !sameName.hasEmail) ? sameName.rowNumber : undefined);
    if (earlier !== undefined) {
      duplicates.set(rowNumber, earlier);
      continue;
    }
    if (email) byEmail.set(email, rowNumber);
    if (name && !byName.has(name)) byName.set(name, { rowNumber, hasEmail: email !== null });
  }
  return duplicates;
}

/** A row of the file with the outcome of its checks. */
export interface CheckedRow {
  rowNumber: number;
  cells: string[];
  check: ValidRow | InvalidRow;
}

/** Every row checked: the field rules, then repeats of an earlier row of the file. */
export function checkSheet(
  sheet: Sheet,
  request: Pick<ImportRunRequest, 'mapping' | 'target'>,
): CheckedRow[] {
  const checked = sheet.rows.map((row) => ({
    rowNumber: row.rowNumber,
    cells: row.cells,
    check: checkRow(row, request.mapping, request.target) as ValidRow | InvalidRow,
  }));
  const duplicates = duplicatesInFile(checked);
  for (const row of checked) {
    const earlier = duplicates.get(row.rowNumber);
    if (earlier !== undefined) {
      row.check = { ok: false, name: row.check.name, reason: IMPORT_MESSAGES.duplicateInFile(earlier) };
    }
  }
  return checked;
}
