import { sql } from 'drizzle-orm';
import {
  CHAT_MESSAGES,
  CHAT_REPLY_PAGE_MESSAGES,
  type ChatAttachmentGrant,
  type ChatAttachmentRequest,
  type ChatReplyRequest,
  type ChatReplyView,
} from '@casting/domain';
import { tokenDigest } from '../../platform/crypto/link-tokens';
import { isUuid } from '../../platform/db/ids';
import { AppError } from '../../platform/errors';
import type { ThreadRef } from './access';
import { rows as queryRows, type ChatDeps } from './chat-common';
import { attachmentsOf, messageColumns, messageView, type MessageRow } from './message-rows';
import { insertMessage } from './messages';
import { announceThread } from './live';
import { attachTo, grantAttachmentUpload, usableAttachments } from './attachment-upload';

interface ReplyLink {
  id: string;
  thread_id: string;
  project_id: string;
  applicant_id: string;
  participant_kind: 'CANDIDATE' | 'AGENT';
  email: string;
  participant_name: string;
  expires_at: string;
  expired: boolean;
  project_name: string;
  first_name: string;
  last_name: string;
}

const invalid = () => new AppError('NOT_FOUND', CHAT_MESSAGES.replyLinkInvalid);

/**
 * The reply link named by a thread and a secret. The secret is looked up by its SHA-256 digest and must belong to
 * the thread in the address: a tampered secret, or a genuine one used with another thread, is "not valid" (404,
 * the same answer, so neither says which part was wrong); an expired one is 410 LINK_CLOSED.
 */
async function openReplyLink(deps: ChatDeps, threadId: string, token: string): Promise<ReplyLink> {
  if (!isUuid(threadId)) throw invalid();
  const [link] = await queryRows<ReplyLink>(
    deps.db,
    sql`select l.id, l.thread_id, l.project_id, t.applicant_id, l.participant_kind, l.email, l.participant_name,
        to_char(l.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as expires_at,
        l.expires_at <= now() as expired, p.name as project_name, a.first_name, a.last_name
      from chat_reply_links l
        join chat_threads t on t.id = l.thread_id
        join applicants a on a.id = t.applicant_id
        join projects p on p.id = l.project_id
      where l.token_hash = ${tokenDigest(token)} and l.thread_id = ${threadId}::uuid`,
  );
  if (!link) throw invalid();
  if (link.expired) throw new AppError('LINK_CLOSED', CHAT_MESSAGES.replyLinkExpired);
  return link;
}

/**
 * What the participant sees: the team's messages and their own replies (not another participant's), the latest
 * CHAT_REPLY_PAGE_MESSAGES, oldest first.
 */
export async function replyView(deps: ChatDeps, threadId: string, token: string): Promise<ChatReplyView> {
  const link = await openReplyLink(deps, threadId, token);
  const found = await queryRows<MessageRow & { reply_email: string | null }>(
    deps.db,
    sql`select ${messageColumns}, l.email as reply_email from chat_messages m
      left join chat_reply_links l on l.id = m.reply_link_id
      where m.thread_id = ${link.thread_id}::uuid
        and (m.author_kind = 'TEAM' or (m.author_kind = ${link.participant_kind} and l.email = ${link.email}))
      order by m.created_at desc, m.id desc limit ${CHAT_REPLY_PAGE_MESSAGES}`,
  );
  const attachments = await attachmentsOf(deps, found);
  return {
    projectName: link.project_name,
    candidateName: `${link.first_name} ${link.last_name}`,
    participantName: link.participant_name,
    expiresAt: link.expires_at,
    messages: found.reverse().map((row) => {
      const view = messageView(row, attachments, null);
      return {
        id: view.id,
        authorKind: view.authorKind,
        authorName: view.authorName,
        mine: row.author_kind !== 'TEAM',
        text: view.text,
        attachments: view.attachments,
        createdAt: view.createdAt,
        editedAt: view.editedAt,
        deletedAt: view.deletedAt,
      };
    }),
  };
}

/** A signed upload for one attachment of the participant's next reply, tied to their reply link. */
export async function grantReplyAttachment(
  deps: ChatDeps,
  threadId: string,
  token: string,
  file: ChatAttachmentRequest,
): Promise<ChatAttachmentGrant> {
  const link = await openReplyLink(deps, threadId, token);
  return grantAttachmentUpload(deps, { replyLinkId: link.id }, threadOf(link), file);
}

const threadOf = (link: ReplyLink): ThreadRef => ({
  id: link.thread_id,
  projectId: link.project_id,
  applicantId: link.applicant_id,
});

/**
 * A participant's reply: a message of the thread written by the candidate or agent, with the files they uploaded
 * through the same link, announced live.
 */
export async function postReply(deps: ChatDeps, threadId: string, input: ChatReplyRequest) {
  const link = await openReplyLink(deps, threadId, input.token);
  const thread = threadOf(link);
  const attachments = await usableAttachments(deps, { replyLinkId: link.id }, thread, input.attachmentIds);
  await deps.db.transaction(async (tx) => {
    const message = await insertMessage(tx, thread, {
      authorKind: link.participant_kind,
      authorUserId: null,
      authorName: link.participant_name,
      text: input.text,
      fileNames: attachments.map((attachment) => attachment.file_name),
    });
    await tx.execute(
      sql`update chat_messages set reply_link_id = ${link.id}::uuid where id = ${message.id}::uuid`,
    );
    await attachTo(tx, message.id, attachments);
    await announceThread(deps.events, tx, thread.projectId, thread.id);
  });
  return replyView(deps, threadId, input.token);
}
