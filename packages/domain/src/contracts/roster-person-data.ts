import { z } from 'zod';
import type { OfficeRole } from '../roles';

/**
 * An office's duties towards a person of its roster: erasing them on request and exporting what the office holds
 * about them (a subject access request). Decisions 0090 to 0092.
 */

/** The office roles that may export and erase a person's data. */
export const PERSON_DATA_ROLES: readonly OfficeRole[] = ['OWNER', 'CASTING_DIRECTOR'];

/** Exports of one person an office may ask for in 24 hours. */
export const PERSON_EXPORTS_PER_DAY = 3;
/** Days an export's zip is kept; then the export and its file are deleted. */
export const PERSON_EXPORT_EXPIRY_DAYS = 7;

export const PERSON_DATA_MESSAGES = {
  section: 'Data protection',
  sectionHint:
    'Export everything the office holds about this person, or erase them from the office on their request.',
  exportData: 'Export data',
  erasePerson: 'Erase person',
  exportQueued: 'The export is being prepared. You will get an e-mail when it is ready.',
  noExports: 'No exports yet.',
  exportNotFound: 'This export does not exist or has expired.',
  exportsLabel: 'Exports of this person',
  download: 'Download',
  exportsPerDay: (max: number) => `At most ${max} exports of one person a day. Try again tomorrow.`,
  confirmRequired: 'Type the person’s full name or e-mail address to confirm.',
  confirmMismatch: 'This is not the person’s full name or e-mail address. Type it exactly as shown.',
  confirmLabel: (name: string, email: string | null) =>
    email ? `Type “${name}” or “${email}” to confirm` : `Type “${name}” to confirm`,
  eraseTitle: (name: string) => `Erase ${name}?`,
  eraseIntro: (name: string) =>
    `${name} will be removed from the roster and from every project of the office, with everything the office holds about them:`,
  eraseRemoves: [
    'their profile, office notes and tags, and the likely-duplicate and merge records naming them',
    'every application: submissions, votes, folders, project tags, client feedback and the project roster',
    'chat conversations and e-mails addressed to them, import rows holding their details',
    'every photo, video and document, with their thumbnails and conversions',
    'download zips, client-review exports and project exports that contain them, and earlier data exports',
    'their private links',
  ],
  eraseIrreversible: 'This cannot be undone.',
  erased: (name: string) => `${name} was erased.`,
  exportReadySubject: 'The data export you asked for is ready',
} as const;

export const PERSON_EXPORT_STATUSES = ['QUEUED', 'RUNNING', 'READY', 'FAILED', 'EXPIRED'] as const;
export type PersonExportStatus = (typeof PERSON_EXPORT_STATUSES)[number];

export const PERSON_EXPORT_STATUS_LABELS: Record<PersonExportStatus, string> = {
  QUEUED: 'Waiting',
  RUNNING: 'Preparing',
  READY: 'Ready',
  FAILED: 'Failed',
  EXPIRED: 'Expired',
};

/** Folds a typed confirmation for comparison: Unicode form, spaces and case do not matter. */
function fold(value: string): string {
  return value.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
}

/**
 * Whether `typed` confirms the erasure of this person: their full name (first and last, as shown) or their e-mail
 * address, whatever the case and spacing. The web enables its button with it; the API refuses anything else.
 */
export function confirmsErasure(
  typed: string,
  person: { firstName: string; lastName: string; email: string | null },
): boolean {
  const given = fold(typed);
  if (given === '') return false;
  if (given === fold(`${person.firstName} ${person.lastName}`)) return true;
  return person.email !== null && given === fold(person.email);
}

export const personEraseSchema = z.object({
  /** The person's full name or e-mail address, retyped. */
  confirm: z.string().trim().min(1, PERSON_DATA_MESSAGES.confirmRequired).max(320),
});
export type PersonEraseInput = z.infer<typeof personEraseSchema>;

/** What an erasure removed, counted per kind (no personal data: this is also what the audit log keeps). */
export const personErasureCountsSchema = z.object({
  people: z.number(),
  applicants: z.number(),
  submissions: z.number(),
  votes: z.number(),
  folderPlaces: z.number(),
  projectTags: z.number(),
  officeTags: z.number(),
  notes: z.number(),
  rosterEntries: z.number(),
  chatThreads: z.number(),
  chatMessages: z.number(),
  representation: z.number(),
  clientFeedback: z.number(),
  emailRecipients: z.number(),
  invitations: z.number(),
  importRows: z.number(),
  duplicateDismissals: z.number(),
  merges: z.number(),
  privateLinks: z.number(),
  mediaItems: z.number(),
  downloadBundles: z.number(),
  clientExports: z.number(),
  projectExports: z.number(),
  personExports: z.number(),
  /** Stored objects handed to the storage purge (originals, derived files, zips, exports, attachments). */
  files: z.number(),
});
export type PersonErasureCounts = z.infer<typeof personErasureCountsSchema>;

export const personErasureSchema = z.object({
  id: z.string(),
  removed: personErasureCountsSchema,
});
export type PersonErasure = z.infer<typeof personErasureSchema>;

export const personExportSchema = z.object({
  id: z.string(),
  status: z.enum(PERSON_EXPORT_STATUSES),
  /** 0 to 100. */
  progress: z.number(),
  fileCount: z.number(),
  size: z.number().nullable(),
  requestedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** A short-lived signed URL of the zip while it is ready, else null. */
  url: z.string().nullable(),
});
export type PersonExport = z.infer<typeof personExportSchema>;

/** One export as the export-ready mail's link reads it: with the person it is of. */
export const personExportWithPersonSchema = personExportSchema.extend({ personId: z.string() });
export type PersonExportWithPerson = z.infer<typeof personExportWithPersonSchema>;

export const personExportListSchema = z.object({ items: z.array(personExportSchema) });
export type PersonExportList = z.infer<typeof personExportListSchema>;
