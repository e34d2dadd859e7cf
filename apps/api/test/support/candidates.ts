import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { addApplicantSchema, type AddApplicantInput } from '@casting/domain';
import { addApplicant } from '../../src/modules/candidates';
import { folderMemberships, folders, tags } from '../../src/platform/db/schema';
import { testDatabase } from './database';

/** A candidate added by hand through the service; each test states only the fields that matter to it. */
export async function buildApplicant(
  role: { id: string; projectId: string },
  addedBy: { id: string },
  overrides: Partial<AddApplicantInput> = {},
) {
  const { db } = await testDatabase();
  const input = addApplicantSchema.parse({
    projectId: role.projectId,
    roleId: role.id,
    firstName: 'Casey',
    lastName: `Candidate-${randomUUID().slice(0, 6)}`,
    ...overrides,
  });
  return addApplicant(db, addedBy.id, input);
}

export async function buildTag(project: { id: string }, name = `Tag ${randomUUID().slice(0, 6)}`) {
  const { db } = await testDatabase();
  const [row] = await db.insert(tags).values({ projectId: project.id, name }).returning();
  if (!row) throw new Error('tag insert returned nothing');
  return row;
}

/** The id of an opportunity's system folder by alias. */
export async function systemFolder(role: { id: string }, alias: string): Promise<string> {
  const { db } = await testDatabase();
  const [row] = await db
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.roleId, role.id), eq(folders.systemAlias, alias)));
  if (!row) throw new Error(`no ${alias} folder`);
  return row.id;
}

/** Puts a row straight into a folder (a submitter folder too, as an apply through an agency's link does). */
export async function placeInFolder(row: { id: string }, folderId: string, projectId: string) {
  const { db } = await testDatabase();
  await db
    .insert(folderMemberships)
    .values({ folderId, submissionId: row.id, projectId })
    .onConflictDoNothing();
}
