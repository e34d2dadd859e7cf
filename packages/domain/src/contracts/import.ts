import { z } from 'zod';
import { cursorQuery } from './pagination';

/**
 * Import: people from a CSV or Excel file into an opportunity (as candidates) or into the office roster.
 * The file is sent once (`PUT /api/import/files`), previewed with a suggested column mapping, checked row by row in a
 * dry run, then imported by a background job that records every row's outcome, so a restart resumes where it
 * stopped and the failed rows can be downloaded as CSV, fixed and imported again. See
 * docs/decisions/0043-import.md.
 */

/** The person fields a column can map to, in the order the mapping form shows them. */
export const IMPORT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'dateOfBirth',
  'playingAgeMin',
  'playingAgeMax',
  'location',
  'skills',
  'languages',
  'bio',
  'media',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  phone: 'Phone',
  dateOfBirth: 'Date of birth',
  playingAgeMin: 'Playing age from',
  playingAgeMax: 'Playing age to',
  location: 'Location',
  skills: 'Skills',
  languages: 'Languages',
  bio: 'Bio',
  media: 'Media file names',
};

/** Fields a mapping must name: without them a row cannot become a person. */
export const IMPORT_REQUIRED_FIELDS: readonly ImportField[] = ['firstName', 'lastName'];

/** Header spellings recognised when suggesting a mapping (compared lower-cased, without spaces, dashes or dots). */
export const IMPORT_HEADER_ALIASES: Record<ImportField, readonly string[]> = {
  firstName: ['firstname', 'first', 'givenname', 'prenom', 'forename'],
  lastName: ['lastname', 'last', 'surname', 'familyname', 'nom'],
  email: ['email', 'e-mail', 'mail', 'emailaddress'],
  phone: ['phone', 'phonenumber', 'mobile', 'cell', 'telephone', 'tel'],
  dateOfBirth: ['dateofbirth', 'dob', 'birthdate', 'birthday'],
  playingAgeMin: ['playingagemin', 'playingagefrom', 'agemin', 'minage'],
  playingAgeMax: ['playingagemax', 'playingageto', 'agemax', 'maxage'],
  location: ['location', 'city', 'town'],
  skills: ['skills', 'skill'],
  languages: ['languages', 'language'],
  bio: ['bio', 'biography', 'about', 'notes'],
  media: ['media', 'files', 'photos', 'photo', 'headshot', 'headshots'],
};

/** Sheets above this size are refused before parsing; media zips have their own bound. */
export const IMPORT_SHEET_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_ZIP_MAX_BYTES = 500 * 1024 * 1024;
/** Rows per file: a larger office splits its export (the job stays minutes long, the failed list readable). */
export const IMPORT_MAX_ROWS = 20_000;
export const IMPORT_PREVIEW_ROWS = 10;

/** Texts of the import page. */
export const IMPORT_MESSAGES = {
  unreadableFile: 'This file could not be read. Save it as CSV (UTF-8) or Excel (.xlsx) and try again.',
  emptyFile: 'This file has no rows under its header line.',
  tooManyRows: (max: number) => `This file has more than ${max} rows. Split it and import each part.`,
  fileTooLarge: (mb: number) => `This file is larger than ${mb} MB.`,
  sizeRequired: 'Send the file with its size (Content-Length).',
  fileNotFound: 'This file is no longer available. Choose it again.',
  missingRequiredColumn: (label: string) => `Choose the column that holds “${label}”.`,
  columnOutOfRange: 'Choose a column of this file.',
  columnUsedTwice: 'Each column can be mapped to one field only.',
  duplicateInFile: (row: number) => `Same person as row ${row} of this file.`,
  existingInTarget: 'Already in this opportunity; their details are kept.',
  possibleDuplicate:
    'Same name and date of birth as someone already known: imported as a new person, worth a look.',
  inOfficeRoster: 'Already in the office roster with this e-mail: added as that person, their details kept.',
  possibleRosterDuplicate:
    'Same name and date of birth as someone in the office roster: imported as a new person, worth a look.',
  mediaNotInZip: (name: string) => `The file “${name}” is not in the media zip.`,
  mediaWithoutZip: 'This row names media files but no media zip was added.',
  mediaNotAccepted: (name: string) =>
    `The file “${name}” is not a photo, video or document this product accepts.`,
  unreadableZip: 'The media file is not a zip. Put the files in one .zip and try again.',
  mediaOnlyIntoOpportunity:
    'Media files can be imported into an opportunity only. Leave the media column out for the roster.',
  rowFailed: 'This row could not be imported. Try again; if it fails again, tell us.',
  jobNotFound: 'This import does not exist or is not yours.',
  notAllowed: 'Only super admins and casting directors can import people.',
  targetRoleNeeded: 'Choose an opportunity to import into.',
  started: 'Import started. You can leave this page; it keeps running.',
} as const;

/** `PUT /api/import/files?kind=&name=`: the raw file as the body. */
export const IMPORT_FILE_KINDS = ['SHEET', 'MEDIA_ZIP'] as const;
export const importFileQuerySchema = z.object({
  kind: z.enum(IMPORT_FILE_KINDS),
  name: z.string().trim().min(1).max(255),
});
export const importFileSchema = z.object({
  fileId: z.string(),
  name: z.string(),
  size: z.number().int(),
});
export type ImportFile = z.infer<typeof importFileSchema>;

const fileId = z.string().min(1).max(300);

/** Column index (0-based) per field; a field left out is not imported. */
export const importMappingSchema = z.partialRecord(z.enum(IMPORT_FIELDS), z.number().int().min(0).max(500));
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const IMPORT_TARGETS = ['OPPORTUNITY', 'ROSTER'] as const;
export type ImportTarget = (typeof IMPORT_TARGETS)[number];

/** Into an opportunity (as candidates, each also joining the office roster), or into the office roster only. */
export const importTargetSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('OPPORTUNITY'), projectId: z.uuid(), roleId: z.uuid() }),
  z.object({ type: z.literal('ROSTER') }),
]);
export type ImportTargetInput = z.infer<typeof importTargetSchema>;

export const importPreviewRequestSchema = z.object({ fileId });
export const importPreviewSchema = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  rowCount: z.number().int(),
  suggestedMapping: importMappingSchema,
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importRunRequestSchema = z.object({
  fileId,
  /** The name the office knows the file by, shown in the list of imports. */
  fileName: z.string().trim().min(1).max(255),
  mediaZipId: fileId.nullable().optional(),
  mapping: importMappingSchema,
  target: importTargetSchema,
});
export type ImportRunRequest = z.infer<typeof importRunRequestSchema>;

export const IMPORT_ROW_OUTCOMES = ['NEW', 'EXISTING', 'FAILED'] as const;
export type ImportRowOutcome = (typeof IMPORT_ROW_OUTCOMES)[number];

/** One row that will not import (or did not), with the spreadsheet's row number (the header is row 1). */
export const importRowProblemSchema = z.object({
  row: z.number().int(),
  name: z.string(),
  reason: z.string(),
});
export type ImportRowProblem = z.infer<typeof importRowProblemSchema>;

export const importDryRunSchema = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  /** Valid rows whose person is already in the target (matched by e-mail): they join it, details kept. */
  existing: z.number().int(),
  failed: z.array(importRowProblemSchema),
  /** Rows with the same name and date of birth as another person but no matching e-mail: imported, worth a look. */
  possibleDuplicates: z.array(importRowProblemSchema),
});
export type ImportDryRun = z.infer<typeof importDryRunSchema>;

export const IMPORT_JOB_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];

export const importJobSchema = z.object({
  id: z.uuid(),
  status: z.enum(IMPORT_JOB_STATUSES),
  fileName: z.string(),
  target: z.enum(IMPORT_TARGETS),
  projectId: z.uuid().nullable(),
  roleId: z.uuid().nullable(),
  total: z.number().int(),
  processed: z.number().int(),
  imported: z.number().int(),
  existing: z.number().int(),
  failed: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

/** The caller's past imports, newest first, keyset-paged (a super admin's list is theirs too: decision 0158). */
export const importJobListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  ...cursorQuery,
});
export type ImportJobListQuery = z.infer<typeof importJobListQuerySchema>;

export const importJobListSchema = z.object({
  items: z.array(importJobSchema),
  nextCursor: z.string().nullable(),
});
export type ImportJobList = z.infer<typeof importJobListSchema>;

export const importFailedRowsSchema = z.object({ items: z.array(importRowProblemSchema) });
