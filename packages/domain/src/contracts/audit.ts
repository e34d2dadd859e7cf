import { z } from 'zod';

/** How an audited call ended: 2xx/3xx success, 401/403/429 refused (the caller was not allowed), other 4xx/5xx failure. */
export const AUDIT_OUTCOMES = ['success', 'failure', 'refused'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** Every action the API records; the web page offers them as a filter. */
export const AUDIT_ACTIONS = [
  'auth.sign-in',
  'auth.sign-in-code',
  'auth.sign-out',
  'auth.sign-up',
  'auth.confirm',
  'auth.password-reset-request',
  'auth.password-reset',
  'auth.password-change',
  'auth.authenticator-enable',
  'auth.authenticator-remove',
  'auth.phone-enable',
  'auth.phone-remove',
  'user.update',
  'team.invite',
  'team.scope-change',
  'team.remove',
  'project.archive',
  'project.delete',
  'export.create',
  'media.delete',
  'media.visibility',
  'media.download',
  'selfie.request',
  'selfie.remove',
  'import.start',
  'admin-script.run',
  'admin-script.restore',
  'roster.merge',
  'roster.erase',
  'roster.export',
  'client-link.create',
  'client-link.update',
  'client-link.new-address',
  'client-link.export',
  'project-share.update',
  'office.update',
  'office.member-sign-up',
  'office.logo-change',
  'office.logo-remove',
  'office.switch',
  'office.member-role',
  'office.member-remove',
  'office.invite',
  'office.invitation-revoke',
  'office.invitation-accept',
  'office.status',
  'office.support-access-grant',
  'office.support-access-end',
  'office.support-access-expired',
  'office.support-session-start',
  'office.support-session-end',
  'retention.purge',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'webhook.rotate-secret',
  'webhook.resend',
  'webhook.test',
  'api-token.create',
  'api-token.revoke',
  'self-tape.request',
  'self-tape.extension',
  'audition.session.create',
  'audition.session.update',
  'audition.session.delete',
  'audition.schedule',
  'audition.invite',
  'audition.invitation.cancel',
  'audition.change.accept',
  'audition.callback',
  'audition.export',
  'rating.blind-review',
  'presentation.create',
  'presentation.update',
  'presentation.delete',
  'presentation.share',
  'presentation.pdf',
  'self-tape.close',
  'self-tape.release',
  'audition.pdf',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_PAGE_LIMIT_DEFAULT = 50;
export const AUDIT_PAGE_LIMIT_MAX = 200;

export const auditEventSchema = z.object({
  id: z.string(),
  at: z.iso.datetime({ offset: true }),
  actorUserId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  outcome: z.enum(AUDIT_OUTCOMES),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  projectId: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/**
 * Newest first with keyset paging: `cursor` is the opaque `nextCursor` of the previous page; there is no total, so a
 * page costs the same however long the log is. Dates bound `at` (from inclusive, to exclusive).
 */
export const auditEventListQuerySchema = z.object({
  action: z.enum(AUDIT_ACTIONS).optional(),
  outcome: z.enum(AUDIT_OUTCOMES).optional(),
  actorUserId: z.uuid().optional(),
  actorEmail: z.string().trim().toLowerCase().max(254).optional(),
  projectId: z.uuid().optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_LIMIT_MAX).default(AUDIT_PAGE_LIMIT_DEFAULT),
});
export type AuditEventListQuery = z.infer<typeof auditEventListQuerySchema>;

export const auditEventListSchema = z.object({
  items: z.array(auditEventSchema),
  nextCursor: z.string().nullable(),
});
export type AuditEventList = z.infer<typeof auditEventListSchema>;

/** Texts of the audit page and of idempotent requests. */
export const AUDIT_MESSAGES = {
  pageTitle: 'Audit log',
  noEvents: 'No events match these filters.',
  loadMore: 'Load more',
  cursorInvalid: 'This page link is no longer valid. Start again from the first page.',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 200 visible characters.',
  idempotencyKeyReused: 'This Idempotency-Key was already used with a different request.',
  idempotencyKeyInProgress:
    'A request with this Idempotency-Key is still being processed. Try again shortly.',
} as const;
