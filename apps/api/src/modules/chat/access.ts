import type { FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { can, CHAT_MESSAGES, type ProjectActor } from '@casting/domain';
import type { Db } from '../../platform/db/client';
import { isUuid, type Queryable } from '../../platform/db/ids';
import { AppError, permissionDenied } from '../../platform/errors';
import { requirePrincipal, requireProjectActor } from '../../platform/http/principal';
import { requireProjectPermission } from '../../platform/http/project-access';
import { agentOfUser } from '../agencies';

/**
 * Who reads and writes a project's chat (decision 0299):
 * - the chat actors of the permission matrix (super admin, owner, editor, talent editor) see every thread;
 * - a talent submitter sees only the threads of their own agency's clients, and only where the communication settings
 *   of the link the client came through did not exclude the agent ("Exclude Agent"): the same settings that decide
 *   whether the agent receives the team's e-mails;
 * - anyone else with a standing in the project (a client-link viewer) is refused.
 */
export interface ChatViewer {
  userId: string;
  actor: ProjectActor;
  /** Set for a talent submitter: only threads of this agency's clients. */
  onlyAgencyId: string | null;
}

export async function chatViewerOf(db: Queryable, userId: string, actor: ProjectActor): Promise<ChatViewer> {
  if (can(actor, 'CHAT')) return { userId, actor, onlyAgencyId: null };
  if (actor === 'TS') {
    const agent = await agentOfUser(db, userId);
    if (agent) return { userId, actor, onlyAgencyId: agent.agencyId };
  }
  throw permissionDenied('CHAT', actor === 'TS' ? { message: CHAT_MESSAGES.notYourClient } : {});
}

/** For routes whose access rule already resolved the project actor (the project id is in the request). */
export function chatViewer(db: Queryable, request: FastifyRequest): Promise<ChatViewer> {
  return chatViewerOf(db, requirePrincipal(request).userId, requireProjectActor(request));
}

/**
 * The agency's clients in the project whose link settings keep the agent in the conversation. `applicantId` is the
 * SQL naming the applicant (a column of the caller's query).
 */
export function agencyClientCondition(agencyId: string, applicantId: SQL): SQL {
  return sql`exists (
    select 1 from applicant_representatives r
      left join share_links l on l.id = r.share_link_id
      left join share_link_groups g on g.id = l.group_id
    where r.applicant_id = ${applicantId} and r.agency_id = ${agencyId}::uuid and r.status <> 'DENIED'
      and coalesce((g.settings ->> 'excludeAgent')::boolean, false) = false)`;
}

/**
 * The agencies whose talent submitters may open a thread (the same rule as agencyClientCondition), comma-separated,
 * or null: the audience of the thread's live NEW_MESSAGE (LIVE_AGENCY_AUDIENCE_KEY, decision 0051).
 */
export function threadAgenciesQuery(threadId: string): SQL {
  return sql`select string_agg(distinct r.agency_id::text, ',') as agencies
    from chat_threads t
      join applicant_representatives r on r.applicant_id = t.applicant_id
      left join share_links l on l.id = r.share_link_id
      left join share_link_groups g on g.id = l.group_id
    where t.id = ${threadId}::uuid and r.status <> 'DENIED'
      and coalesce((g.settings ->> 'excludeAgent')::boolean, false) = false`;
}

export function viewerCondition(viewer: ChatViewer, applicantId: SQL): SQL {
  return viewer.onlyAgencyId ? agencyClientCondition(viewer.onlyAgencyId, applicantId) : sql`true`;
}

export interface ThreadRef {
  id: string;
  projectId: string;
  applicantId: string;
}

const threadNotFound = () => new AppError('NOT_FOUND', CHAT_MESSAGES.threadNotFound);

/**
 * A thread named in the path: its project's standing is checked as `access.project` would (non-member 403
 * PROJECT_ACCESS_DENIED), then the chat rule above; a thread outside the submitter's clients is PERMISSION_DENIED.
 */
export async function requireThread(db: Db, request: FastifyRequest, threadId: string) {
  if (!isUuid(threadId)) throw threadNotFound();
  const result = (await db.execute(
    sql`select id, project_id, applicant_id from chat_threads where id = ${threadId}::uuid`,
  )) as { rows: { id: string; project_id: string; applicant_id: string }[] };
  const row = result.rows[0];
  if (!row) throw threadNotFound();
  const actor = await requireProjectPermission(db, request, row.project_id, 'VIEW_PROJECT');
  const viewer = await chatViewerOf(db, requirePrincipal(request).userId, actor);
  const thread: ThreadRef = { id: row.id, projectId: row.project_id, applicantId: row.applicant_id };
  await assertMayOpen(db, viewer, thread.applicantId);
  return { thread, viewer };
}

export async function assertMayOpen(db: Queryable, viewer: ChatViewer, applicantId: string): Promise<void> {
  if (!viewer.onlyAgencyId) return;
  const result = (await db.execute(
    sql`select ${agencyClientCondition(viewer.onlyAgencyId, sql`${applicantId}::uuid`)} as ok`,
  )) as { rows: { ok: boolean }[] };
  if (!result.rows[0]?.ok) throw permissionDenied('CHAT', { message: CHAT_MESSAGES.notYourClient });
}
