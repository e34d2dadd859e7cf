import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { ProjectDetail, Role } from '@casting/domain';
import { addApplicant } from '../../src/modules/candidates';
import { createProject } from '../../src/modules/projects/services/project-service';
import { createRole } from '../../src/modules/opportunities/service';
import { applicants, mediaItems, offices } from '../../src/platform/db/schema';
import { addApplicantSchema } from '@casting/domain';
import { appDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { createUser, signIn } from '../support/identity';
import { png } from '../media/files';
import { buildMediaApp, type MediaApp } from '../media/support';

/** Calls the API over the app's loopback port, as the web app does. */
export async function call(
  t: MediaApp,
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  body?: unknown,
) {
  const res = await fetch(`${t.origin}/api${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** The app with its job workers (media processing, zips, exports, the storage purge) and a team. */
export function buildPersonDataApp(): Promise<MediaApp> {
  // Sign-ins are limited per address and every test call comes from 127.0.0.1: these files sign many people in.
  return buildMediaApp({ runWorkers: true, env: { AUTH_RATE_LIMIT_MAX: '1000' } });
}

/** Names nobody else in the database has, so a search for them finds only this person. */
export function uniquePerson() {
  const tag = randomUUID().replace(/-/g, '').slice(0, 8);
  return {
    firstName: `Zephyrine${tag}`,
    lastName: `Quillfeather${tag}`,
    email: `zq-${tag}@talent.test`,
    phone: `+1555${String(parseInt(tag.slice(0, 6), 16) % 10_000_000).padStart(7, '0')}`,
  };
}

/** Stores a small object under a fresh key of the prefix and answers the key. */
export async function put(t: MediaApp, prefix: string, text: string, contentType: string): Promise<string> {
  const key = t.context.storage.newKey(prefix);
  const body = Buffer.from(text);
  await t.context.storage.putObject(key, body, contentType, body.length);
  return key;
}

export interface SeededPerson {
  personId: string;
  applicantIds: string[];
  submissionIds: string[];
  projects: { project: { id: string }; role: Role }[];
  /** Stored objects of the person's data (media, derived files, zips, exports, attachments, import files). */
  keys: string[];
  exportId: string;
}

/** Waits until the export is ready and answers it (with its download URL). */
export async function waitForExport(
  t: MediaApp,
  personId: string,
  exportId: string,
  headers: Record<string, string>,
) {
  return eventually(
    'the data export is ready',
    async () => {
      const res = await call(t, 'GET', `/roster/people/${personId}/exports`, headers);
      const found = (res.body?.items ?? []).find((item: { id: string }) => item.id === exportId);
      return found?.status === 'READY' ? found : null;
    },
    60_000,
  );
}

/**
 * A second office with its owner signed in, and a person of its own with the given e-mail (and a stored photo):
 * what an erasure in the first office must leave alone.
 */
export async function secondOffice(t: MediaApp, email: string) {
  const officeId = uuidv7();
  const database = await appDatabase();
  const db = database.scopedDb({ owner: true, officeId });
  await db.insert(offices).values({ id: officeId, name: `Office B ${randomUUID().slice(0, 6)}` });
  const owner = await createUser({ officeId, officeRole: 'OWNER', firstName: 'Bea', lastName: 'Boss' });
  const { auth } = await signIn(t.app, owner);
  const principal = {
    userId: owner.id,
    sessionId: randomUUID(),
    roleCode: 'CASTING_DIRECTOR' as const,
    accountRole: 'ADMIN' as const,
    otpRequired: false,
    otpEnabled: false,
    mustChangePassword: false,
    officeId,
    officeRole: 'OWNER' as const,
  };
  const project: ProjectDetail = await createProject(db, principal, { name: 'Office B project' });
  const role = await createRole(db, project.id, { name: 'Extra' });
  const applicant = await addApplicant(
    db,
    owner.id,
    addApplicantSchema.parse({
      projectId: project.id,
      roleId: role.id,
      firstName: 'Bea',
      lastName: 'Namesake',
      email,
    }),
  );
  const key = `uploads/${project.id}/${randomUUID()}`;
  const photo = await png();
  await t.context.storage.putObject(key, photo, 'image/png', photo.length);
  await db.insert(mediaItems).values({
    projectId: project.id,
    applicantId: applicant.applicantId,
    kind: 'image',
    originalKey: key,
    name: 'b.png',
    contentType: 'image/png',
    size: photo.length,
    status: 'PROCESSED',
  });
  const [person] = await db
    .select({ id: applicants.personId })
    .from(applicants)
    .where(eq(applicants.id, applicant.applicantId));
  return { officeId, auth, personId: person!.id!, applicantId: applicant.applicantId, key };
}
