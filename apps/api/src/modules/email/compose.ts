import { and, eq, sql } from 'drizzle-orm';
import { EMAIL_MESSAGES, templateMergeFields, type EmailDoc, type ProjectActor } from '@casting/domain';
import type { Queryable } from '../../platform/db/ids';
import { agents, projects, shareLinkGroups, shareLinks, users } from '../../platform/db/schema';
import { fieldErrors, notFound } from '../../platform/errors';
import { linkUrl } from '../links';
import { templateInProject } from './templates';

export interface ComposedMessage {
  templateId: string | null;
  templateName: string | null;
  subject: string;
  body: EmailDoc;
}

/** The message of a request: the saved template, or the one-off subject and body written for this send. */
export async function composeMessage(
  db: Queryable,
  projectId: string,
  request: { templateId?: string | undefined; subject?: string | undefined; body?: EmailDoc | undefined },
): Promise<ComposedMessage> {
  if (request.templateId) {
    const template = await templateInProject(db, projectId, request.templateId);
    return {
      templateId: template.id,
      templateName: template.name,
      // A subject or body sent with a template overrides it for this send (the send page lets the team adjust).
      subject: request.subject ?? template.subject,
      body: request.body ?? template.body,
    };
  }
  return { templateId: null, templateName: null, subject: request.subject!, body: request.body! };
}

export interface LinkChoice {
  shareLinkId: string | null;
  url: string | null;
  roleIds: string[];
}

/**
 * The submission link {{submissionLink}} stands for: a link of this project (one of another project is refused
 * as the field's error, in the same query). A message using the field without a link is refused before anything
 * is written.
 */
export async function chooseLink(
  db: Queryable,
  publicUrl: string,
  projectId: string,
  shareLinkId: string | null | undefined,
  message: { subject: string; body: EmailDoc },
  caller?: { userId: string; actor: ProjectActor },
): Promise<LinkChoice> {
  if (!shareLinkId) {
    if (templateMergeFields(message).includes('submissionLink')) {
      throw fieldErrors([{ path: 'body.shareLinkId', message: EMAIL_MESSAGES.linkNeeded }]);
    }
    return { shareLinkId: null, url: null, roleIds: [] };
  }
  const [row] = await db
    .select({ id: shareLinks.id, token: shareLinks.token, roleIds: shareLinkGroups.roleIds })
    .from(shareLinks)
    .innerJoin(shareLinkGroups, eq(shareLinkGroups.id, shareLinks.groupId))
    .where(
      and(
        eq(shareLinks.id, shareLinkId),
        eq(shareLinks.projectId, projectId),
        caller?.actor === 'TS' ? ownAgencyLink(caller.userId) : undefined,
      ),
    );
  if (!row) throw fieldErrors([{ path: 'body.shareLinkId', message: EMAIL_MESSAGES.linkNotInProject }]);
  return { shareLinkId: row.id, url: linkUrl(publicUrl, row.token), roleIds: row.roleIds };
}

/**
 * A talent submitter sends only links of their own agency (the links page shows them no other): the link's agency,
 * or its agent's, is the agency of the submitter's agent record.
 */
const ownAgencyLink = (userId: string) => sql`exists (
  select 1 from ${agents} me
  where me.user_id = ${userId}::uuid
    and (${shareLinks.agencyId} = me.agency_id
      or exists (select 1 from ${agents} a where a.id = ${shareLinks.agentId} and a.agency_id = me.agency_id)))`;

/** The sender's name and address (replies go to them) and the project's name. */
export async function senderAndProject(db: Queryable, projectId: string, userId: string) {
  const [row] = await db
    .select({
      senderName: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
      replyTo: users.email,
      projectName: projects.name,
    })
    .from(users)
    .innerJoin(projects, eq(projects.id, projectId))
    .where(eq(users.id, userId));
  if (!row) throw notFound('The project');
  return row;
}
