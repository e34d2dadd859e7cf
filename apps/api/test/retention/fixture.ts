import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { addApplicantSchema } from '@casting/domain';
import { addApplicant } from '../../src/modules/candidates';
import { createRole } from '../../src/modules/opportunities/service';
import { createProject } from '../../src/modules/projects/services/project-service';
import type { AppContext } from '../../src/platform/context';
import type { Db } from '../../src/platform/db/client';
import { rowsOf } from '../../src/platform/db/rows';
import {
  folderMemberships,
  folders,
  mediaItems,
  mediaUploads,
  offices,
  rosterEntries,
} from '../../src/platform/db/schema';
import type { Principal } from '../../src/platform/http/access';
import { testDatabase } from '../support/database';
import type { Member } from '../offices/fixture';

/** The owner handle writing into one office (row-level security does not restrict it; new rows are that office's). */
export async function officeDb(officeId: string): Promise<Db> {
  return (await testDatabase()).scopedDb({ owner: true, officeId });
}

export async function setRetention(officeId: string, days: number | null) {
  await (
    await officeDb(officeId)
  )
    .update(offices)
    .set({ retentionDays: days })
    .where(eq(offices.id, officeId));
}

function principalOf(owner: Member, officeId: string): Principal {
  return {
    userId: owner.user.id,
    sessionId: randomUUID(),
    roleCode: 'CASTING_DIRECTOR',
    accountRole: 'ADMIN',
    otpRequired: false,
    otpEnabled: false,
    mustChangePassword: false,
    officeId,
    officeRole: 'OWNER',
  };
}

export interface SeededCandidate {
  applicantId: string;
  submissionId: string;
  personId: string;
  email: string;
  phone: string;
  lastName: string;
  /** Stored objects: media originals and derived files, and an upload not yet attached. */
  keys: string[];
}

/**
 * A project of the office with one opportunity and four candidates, each with contact details, two media items
 * (original and derived files) and an unattached upload, all stored: one in SELECTS, one booked on the roster,
 * one released from the roster (not selected), one nobody touched (not selected).
 */
export async function seedProject(context: AppContext, officeId: string, owner: Member) {
  const db = await officeDb(officeId);
  const project = await createProject(db, principalOf(owner, officeId), {
    name: `Retained ${randomUUID().slice(0, 6)}`,
  });
  const role = await createRole(db, project.id, { name: 'Lead' });
  const candidate = async (label: string): Promise<SeededCandidate> => {
    const tag = randomUUID().slice(0, 8);
    const email = `${label}-${tag}@talent.test`;
    const phone = `+1555${tag.replace(/\D/g, '7').slice(0, 7).padEnd(7, '7')}`;
    const lastName = `Zed${label}${tag}`;
    const added = await addApplicant(
      db,
      owner.user.id,
      addApplicantSchema.parse({
        projectId: project.id,
        roleId: role.id,
        firstName: 'Casey',
        lastName,
        email,
        phone,
        address: { addressLineOne: `${tag} Harbour Road`, city: 'Portsmouth' },
      }),
    );
    const keys: string[] = [];
    const store = async (key: string) => {
      const body = Buffer.from(`file ${key}`);
      await context.storage.putObject(key, body, 'application/octet-stream', body.length);
      keys.push(key);
      return key;
    };
    const base = `uploads/${project.id}/${randomUUID()}`;
    for (const n of [1, 2]) {
      await db.insert(mediaItems).values({
        projectId: project.id,
        applicantId: added.applicantId,
        kind: 'video',
        originalKey: await store(`${base}-${n}.mov`),
        thumbnailKey: await store(`${base}-${n}-thumb.jpg`),
        posterKey: await store(`${base}-${n}-poster.jpg`),
        mp4Key: await store(`${base}-${n}.mp4`),
        name: `tape-${n}.mov`,
        contentType: 'video/quicktime',
        size: 10,
        status: 'PROCESSED',
      });
    }
    await db.insert(mediaUploads).values({
      projectId: project.id,
      applicantId: added.applicantId,
      objectKey: await store(`${base}-pending.jpg`),
      fileName: 'pending.jpg',
      declaredType: 'image/jpeg',
      declaredSize: 10,
      state: 'COMPLETED',
    });
    const [person] = rowsOf<{ person_id: string }>(
      await db.execute(sql`select person_id from applicants where id = ${added.applicantId}`),
    );
    return {
      applicantId: added.applicantId,
      submissionId: added.id,
      personId: person!.person_id,
      email,
      phone,
      lastName,
      keys,
    };
  };
  const selects = await candidate('selects');
  const booked = await candidate('booked');
  const released = await candidate('released');
  const untouched = await candidate('untouched');
  const [selectsFolder] = await db
    .select({ id: folders.id })
    .from(folders)
    .where(sql`${folders.roleId} = ${role.id} and ${folders.systemAlias} = 'SELECTS'`);
  await db
    .insert(folderMemberships)
    .values({ folderId: selectsFolder!.id, submissionId: selects.submissionId, projectId: project.id });
  for (const [who, status] of [
    [booked, 'BOOKED'],
    [released, 'RELEASED'],
  ] as const) {
    await db.insert(rosterEntries).values({
      projectId: project.id,
      submissionId: who.submissionId,
      applicantId: who.applicantId,
      roleId: role.id,
      status,
    });
  }
  return { project, role, selects, booked, released, untouched, db };
}

/** Archives the project as of `daysAgo` days (the trigger starts its retention row). */
export async function archive(db: Db, projectId: string, daysAgo: number) {
  await db.execute(
    sql`update projects set archived_at = now() - make_interval(days => ${daysAgo}::int) where id = ${projectId}::uuid`,
  );
}
