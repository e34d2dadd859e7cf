import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq, inArray, sql } from 'drizzle-orm';
import { searchFold } from '@casting/domain';
import { agencies, agents, folderMemberships, folders, submissions } from '../../src/platform/db/schema';
import type { MailMessage } from '../../src/platform/mail/ports';
import { testDatabase } from '../support/database';
import { selectRows } from '../jobs/support';

export async function buildAgency(name = `Agency ${randomUUID().slice(0, 6)}`, isVerified = true) {
  const { db } = await testDatabase();
  const [row] = await db
    .insert(agencies)
    .values({ name, isVerified, searchText: searchFold(name) })
    .returning();
  return row!;
}

export async function buildAgent(
  agencyId: string,
  overrides: { userId?: string; email?: string; isVerified?: boolean; firstName?: string } = {},
) {
  const { db } = await testDatabase();
  const firstName = overrides.firstName ?? 'Alex';
  const email = overrides.email ?? `agent-${randomUUID().slice(0, 8)}@example.com`;
  const [row] = await db
    .insert(agents)
    .values({
      agencyId,
      firstName,
      lastName: 'Agent',
      email,
      userId: overrides.userId ?? null,
      isVerified: overrides.isVerified ?? true,
      searchText: searchFold(`${firstName} Agent ${email}`),
    })
    .returning();
  return row!;
}

export function tokenOf(link: string): string {
  return link.split('/').at(-1)!;
}

export async function createLinks(
  app: FastifyInstance,
  headers: Record<string, string>,
  projectId: string,
  body: Record<string, unknown>,
) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/v2/projects/${projectId}/share-links`,
    headers,
    payload: { title: `Link ${randomUUID().slice(0, 8)}`, ...body },
  });
  if (res.statusCode !== 201) throw new Error(`createLinks ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; groupId: string; link: string; projectId: string; createdAt: string }[];
}

export function applyBody(token: string, overrides: Record<string, unknown> = {}) {
  return {
    token,
    firstName: 'Tara',
    lastName: 'Talent',
    email: `talent-${randomUUID().slice(0, 8)}@example.com`,
    phone: '+12025550143',
    acceptTerms: true,
    ...overrides,
  };
}

/** The system aliases of the folders a submission sits in. */
export async function foldersOf(submissionId: string): Promise<string[]> {
  const { db } = await testDatabase();
  const rows = await db
    .select({ alias: folders.systemAlias })
    .from(folderMemberships)
    .innerJoin(folders, eq(folders.id, folderMemberships.folderId))
    .where(eq(folderMemberships.submissionId, submissionId));
  return rows.map((row) => row.alias ?? '').sort();
}

export async function submissionRow(id: string) {
  const { db } = await testDatabase();
  const [row] = await db.select().from(submissions).where(eq(submissions.id, id));
  return row;
}

export async function submissionsOfLink(shareLinkId: string) {
  const { db } = await testDatabase();
  return db
    .select()
    .from(submissions)
    .where(inArray(submissions.shareLinkId, [shareLinkId]));
}

/** Mails are queued as jobs; the queued notices to an address, newest first. */
/** A mail job's message as queued, newest first. */
type QueuedMail = Pick<MailMessage, 'subject' | 'text' | 'attachments'>;

export async function queuedMailsTo(to: string): Promise<QueuedMail[]> {
  const { db } = await testDatabase();
  const rows = await selectRows<{ data: { message: QueuedMail } }>(
    db,
    sql`select data from pgboss.job where name = 'mail' and data->'message'->>'to' = ${to} order by created_on desc`,
  );
  return rows.map((row) => row.data.message);
}
