import { eq, sql, type SQL } from 'drizzle-orm';
import {
  OFFICE_DATE_FORMATS,
  OFFICE_STATUSES,
  type Office,
  type OfficeDateFormat,
  type OfficeLegal,
  type OfficeStatus,
  type UpdateOffice,
} from '@casting/domain';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import { offices } from '../../platform/db/schema';
import { notFound } from '../../platform/errors';
import type { Principal } from '../../platform/http/access';
import type { Storage } from '../../platform/storage';

/** How long a logo's address stays valid: an app shell loaded in the morning still shows it in the afternoon. */
const LOGO_URL_TTL_SECONDS = 12 * 3600;

type OfficeRow = typeof offices.$inferSelect;

const asDateFormat = (value: string): OfficeDateFormat =>
  OFFICE_DATE_FORMATS.find((format) => format === value) ?? 'YYYY-MM-DD';
const asStatus = (value: string): OfficeStatus =>
  OFFICE_STATUSES.find((status) => status === value) ?? 'ACTIVE';

/** The office the request works in, read through row-level security (another office's row is never visible). */
export async function officeRow(db: Queryable, officeId: string): Promise<OfficeRow> {
  const [row] = await db.select().from(offices).where(eq(offices.id, officeId));
  if (!row) throw notFound('The office');
  return row;
}

/** The office as its members (and guests on its projects) see it, with the caller's own role in it. */
export async function officeView(
  db: Queryable,
  storage: Storage,
  principal: Pick<Principal, 'officeRole'>,
  officeId: string,
): Promise<Office> {
  const row = await officeRow(db, officeId);
  return {
    id: row.id,
    name: row.name,
    logoUrl: row.logoKey ? await storage.presignGet(row.logoKey, { expiresIn: LOGO_URL_TTL_SECONDS }) : null,
    timeZone: row.timeZone,
    dateFormat: asDateFormat(row.dateFormat),
    mailSenderName: row.mailSenderName,
    status: asStatus(row.status),
    ageOfMajority: row.ageOfMajority,
    retentionDays: row.retentionDays,
    myRole: principal.officeRole,
  };
}

export async function officeLegal(db: Queryable, officeId: string): Promise<OfficeLegal> {
  const row = await officeRow(db, officeId);
  return {
    termsText: row.termsText,
    privacyText: row.privacyText,
    legalVersion: row.legalVersion,
    termsVersion: row.termsVersion,
    privacyVersion: row.privacyVersion,
  };
}

/** An emptied text goes back to the default (null): the installation's legal text, the installation's sender name. */
const orNull = (value: string | null | undefined) => (value ? value : null);

/**
 * Changes the office's settings. A change of a legal text raises its own version (`terms_version`,
 * `privacy_version`) and `legal_version`, so an application records the wording its talent accepted; saving the same
 * text again changes nothing. Under a lock on the office's row, so two owners saving at once raise a version once each.
 */
export async function updateOffice(db: Db, officeId: string, input: UpdateOffice): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ termsText: offices.termsText, privacyText: offices.privacyText })
      .from(offices)
      .where(eq(offices.id, officeId))
      .for('update');
    if (!before) throw notFound('The office');
    const changes: Partial<typeof offices.$inferInsert> = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.timeZone !== undefined) changes.timeZone = input.timeZone;
    if (input.dateFormat !== undefined) changes.dateFormat = input.dateFormat;
    if (input.mailSenderName !== undefined) changes.mailSenderName = orNull(input.mailSenderName);
    if (input.ageOfMajority !== undefined) changes.ageOfMajority = input.ageOfMajority;
    if (input.retentionDays !== undefined) changes.retentionDays = input.retentionDays;
    const versions: Partial<Record<'termsVersion' | 'privacyVersion' | 'legalVersion', SQL>> = {};
    if (input.termsText !== undefined && orNull(input.termsText) !== before.termsText) {
      changes.termsText = orNull(input.termsText);
      versions.termsVersion = sql`${offices.termsVersion} + 1`;
    }
    if (input.privacyText !== undefined && orNull(input.privacyText) !== before.privacyText) {
      changes.privacyText = orNull(input.privacyText);
      versions.privacyVersion = sql`${offices.privacyVersion} + 1`;
    }
    if (Object.keys(versions).length > 0) versions.legalVersion = sql`${offices.legalVersion} + 1`;
    if (Object.keys(changes).length === 0) return;
    await tx
      .update(offices)
      .set({ ...changes, ...versions })
      .where(eq(offices.id, officeId));
  });
}

/** A legal text as the public pages show it: paragraphs separated by a blank line, a paragraph's lines joined. */
export function paragraphsOf(text: string | null): string[] | null {
  if (!text) return null;
  const paragraphs = text
    .split(/\r?\n[ \t]*\r?\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return paragraphs.length > 0 ? paragraphs : null;
}

/**
 * The terms and privacy paragraphs of the office the request works in (a public page entered it through its
 * submission link), each null where the office keeps the installation's default; both null outside an office.
 */
export async function officeLegalParagraphs(
  db: Queryable,
  officeId: string | null,
): Promise<{ terms: string[] | null; privacy: string[] | null }> {
  if (!officeId) return { terms: null, privacy: null };
  const [row] = await db
    .select({ termsText: offices.termsText, privacyText: offices.privacyText })
    .from(offices)
    .where(eq(offices.id, officeId));
  return { terms: paragraphsOf(row?.termsText ?? null), privacy: paragraphsOf(row?.privacyText ?? null) };
}
