import { createHash, randomInt } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import {
  CLIENT_REVIEW_MESSAGES,
  CLIENT_VIEWER_CODE_MAX_ATTEMPTS,
  CLIENT_VIEWER_CODE_TTL_MINUTES,
  CLIENT_VIEWER_SESSION_DAYS,
  clientLinkSettingsSchema,
  type ClientLinkPortal,
  type IdentifyViewer,
  type ViewerSession,
} from '@casting/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import { clientLinkViewers, projects } from '../../platform/db/schema';
import { newLinkToken, tokenDigest } from '../../platform/crypto/link-tokens';
import { AppError } from '../../platform/errors';
import type { MailMessage } from '../../platform/mail/ports';
import { enqueueMail } from '../../platform/mail/queue';
import { assertLive, clientLinkStatus, linkBySecret, viewerOfRequest } from './links';

const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/** The page's first call: the link's state, and its texts only while it is live (a dead link shows nothing more). */
export async function portalOf(
  db: Queryable,
  secret: string,
  request: Pick<FastifyRequest, 'headers'>,
): Promise<ClientLinkPortal> {
  const link = await linkBySecret(db, secret);
  const status = clientLinkStatus(link);
  if (status !== 'ACTIVE') {
    return {
      status,
      projectId: null,
      projectName: null,
      title: null,
      message: null,
      settings: null,
      expiresAt: null,
      viewer: null,
    };
  }
  const [project] = await db
    .select({ name: projects.name })
    .from(projects)
    .where(eq(projects.id, link.projectId));
  const viewer = await viewerOfRequest(db, link.id, request);
  return {
    status,
    projectId: link.projectId,
    projectName: project?.name ?? null,
    title: link.title,
    message: link.message,
    settings: clientLinkSettingsSchema.parse(link.settings),
    expiresAt: link.expiresAt?.toISOString() ?? null,
    viewer: viewer ? { id: viewer.id, name: viewer.name, email: viewer.email } : null,
  };
}

const codeDigest = (viewerId: string, code: string) =>
  createHash('sha256').update(`client-viewer\n${viewerId}\n${code}`, 'utf8').digest('hex');

function codeMail(to: string, name: string, code: string, title: string): MailMessage {
  return {
    to,
    subject: `Your review code: ${code}`,
    text:
      `Hello ${oneLine(name)},\n\nYour code to open "${oneLine(title)}" is ${code}. ` +
      `It expires in ${CLIENT_VIEWER_CODE_TTL_MINUTES} minutes.\n\n` +
      `If you did not ask for it, ignore this e-mail.\n`,
  };
}

/**
 * A viewer gives a name and e-mail; a 6-digit code goes to that address by the mail job (queued in the same
 * transaction). The answer is the same whoever asks, so it tells nothing about who else reviews the link.
 */
export async function identifyViewer(context: AppContext, secret: string, input: IdentifyViewer) {
  const { db } = context.database;
  const link = await linkBySecret(db, secret);
  assertLive(link);
  const email = input.email.toLowerCase();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    const [viewer] = await tx
      .insert(clientLinkViewers)
      .values({ linkId: link.id, projectId: link.projectId, name: input.name, email })
      .onConflictDoUpdate({
        target: [clientLinkViewers.linkId, clientLinkViewers.email],
        set: { name: input.name },
      })
      .returning();
    await tx
      .update(clientLinkViewers)
      .set({
        codeDigest: codeDigest(viewer!.id, code),
        codeExpiresAt: new Date(Date.now() + CLIENT_VIEWER_CODE_TTL_MINUTES * 60_000),
        codeAttempts: 0,
      })
      .where(eq(clientLinkViewers.id, viewer!.id));
    await enqueueMail(
      context.jobs,
      { kind: 'notice', message: codeMail(email, input.name, code, link.title) },
      tx as unknown as Db,
    );
  });
  return { message: CLIENT_REVIEW_MESSAGES.codeSent };
}

/** The code for a viewer session: single use, a few tries, then ask again. */
export async function verifyViewer(
  db: Db,
  secret: string,
  input: { email: string; code: string },
): Promise<ViewerSession> {
  const link = await linkBySecret(db, secret);
  assertLive(link);
  const [viewer] = await db
    .select()
    .from(clientLinkViewers)
    .where(
      and(eq(clientLinkViewers.linkId, link.id), eq(clientLinkViewers.email, input.email.toLowerCase())),
    );
  const invalid = () => new AppError('INVALID_CODE', CLIENT_REVIEW_MESSAGES.codeInvalid);
  if (!viewer?.codeDigest || !viewer.codeExpiresAt) throw invalid();
  const issued = viewer.codeDigest;
  // Each try is counted before the code is compared, in one conditional update: guesses sent at the same time
  // cannot all pass a read of the count before any of them writes it, so no more than the allowed tries are ever
  // compared. A code past its expiry or its tries is void (ask for a new one).
  const [counted] = await db
    .update(clientLinkViewers)
    .set({ codeAttempts: sql`${clientLinkViewers.codeAttempts} + 1` })
    .where(
      and(
        eq(clientLinkViewers.id, viewer.id),
        eq(clientLinkViewers.codeDigest, issued),
        lt(clientLinkViewers.codeAttempts, CLIENT_VIEWER_CODE_MAX_ATTEMPTS),
        gt(clientLinkViewers.codeExpiresAt, new Date()),
      ),
    )
    .returning({ id: clientLinkViewers.id });
  if (!counted) throw new AppError('CODE_EXPIRED', CLIENT_REVIEW_MESSAGES.codeExpired);
  if (issued !== codeDigest(viewer.id, input.code)) throw invalid();
  const session = newLinkToken();
  // Single use: only the request that clears this code gets a session.
  const [used] = await db
    .update(clientLinkViewers)
    .set({
      codeDigest: null,
      codeExpiresAt: null,
      sessionDigest: tokenDigest(session),
      sessionExpiresAt: new Date(Date.now() + CLIENT_VIEWER_SESSION_DAYS * 24 * 3600_000),
      verifiedAt: viewer.verifiedAt ?? new Date(),
    })
    .where(and(eq(clientLinkViewers.id, viewer.id), eq(clientLinkViewers.codeDigest, issued)))
    .returning({ id: clientLinkViewers.id });
  if (!used) throw invalid();
  return { viewerToken: session, viewer: { id: viewer.id, name: viewer.name, email: viewer.email } };
}
