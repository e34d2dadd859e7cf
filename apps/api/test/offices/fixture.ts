import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { shareLinkSettingsSchema, type OfficeRole, type OfficeStatus } from '@casting/domain';
import { createRole } from '../../src/modules/opportunities/service';
import { newLinkToken, tokenDigest } from '../../src/platform/crypto/link-tokens';
import { auditEvents, offices, projects, shareLinkGroups, shareLinks } from '../../src/platform/db/schema';
import { eventually } from '../support/eventually';
import { createUser, signIn, type CreateUserOverrides, type TestUser } from '../support/identity';
import { testDatabase } from '../support/database';

/** The tests' owner handle, outside any office: it reads and writes every office's rows. */
export async function anyOfficeDb() {
  return (await testDatabase()).scopedDb({ owner: true, officeId: null });
}

/** A new office of its own, so a test's members, invitations and logs are nobody else's. */
export async function createOffice(
  overrides: { name?: string; status?: OfficeStatus } = {},
): Promise<string> {
  const db = await anyOfficeDb();
  const [row] = await db
    .insert(offices)
    .values({ name: overrides.name ?? 'Studio North', status: overrides.status ?? 'ACTIVE' })
    .returning({ id: offices.id });
  if (!row) throw new Error('no office inserted');
  return row.id;
}

export interface Member {
  user: TestUser;
  auth: { authorization: string };
}

/** A person of an office with a role, signed in (their session opens in that office). */
export async function memberOf(
  app: FastifyInstance,
  officeId: string,
  officeRole: OfficeRole,
  overrides: CreateUserOverrides = {},
): Promise<Member> {
  const user = await createUser({ officeId, officeRole, ...overrides });
  return { user, auth: (await signIn(app, user)).auth };
}

/** A new office with a signed-in owner. */
export async function officeWithOwner(app: FastifyInstance, name = 'Studio North') {
  const officeId = await createOffice({ name });
  return { officeId, owner: await memberOf(app, officeId, 'OWNER') };
}

/** The audit events of one office's log (null: the installation's) for an action, oldest first. */
export async function auditLog(officeId: string | null, action: string) {
  const db = await anyOfficeDb();
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action)))
    .orderBy(auditEvents.at);
  return rows.filter((row) => row.officeId === officeId);
}

interface OutboxItem {
  id: string;
  to: string;
  subject: string;
  text: string;
}

/** The mail to an address whose subject matches, once the mail job has sent it. */
export async function mailTo(app: FastifyInstance, to: string, subject: RegExp): Promise<OutboxItem> {
  return eventually(`a mail to ${to} matching ${subject}`, async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/dev/outbox?to=${encodeURIComponent(to)}&limit=20`,
    });
    const items = res.json().items as OutboxItem[];
    return items.find((item) => subject.test(item.subject));
  });
}

/** The invitation token in a mailed link. */
export function tokenIn(text: string): string {
  const match = /\/invitations\/office\/([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no invitation link in: ${text}`);
  return match[1];
}

/** A submission link of a new project of the office, answering its secret. */
export async function submissionLinkOf(officeId: string, ownerId: string): Promise<string> {
  const db = (await testDatabase()).scopedDb({ owner: true, officeId });
  const [project] = await db
    .insert(projects)
    .values({ name: 'Harbor apply', ownerId })
    .returning({ id: projects.id });
  const role = await createRole(db, project!.id, { name: 'Lead' });
  const [group] = await db
    .insert(shareLinkGroups)
    .values({
      projectId: project!.id,
      title: 'Open call',
      titleKey: 'open call',
      roleIds: [role.id],
      defaultRoleId: role.id,
      // A link as the link dialog makes it, with every setting at its default.
      settings: shareLinkSettingsSchema.parse({}),
    })
    .returning({ id: shareLinkGroups.id });
  const token = newLinkToken();
  await db
    .insert(shareLinks)
    .values({ projectId: project!.id, groupId: group!.id, token, tokenHash: tokenDigest(token) });
  return token;
}
