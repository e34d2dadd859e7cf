import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AuditAction, AuditOutcome } from '@casting/domain';
import type { Db } from '../db/client';
import type { Queryable } from '../db/ids';
import { auditEvents, users } from '../db/schema';
import { currentOfficeId, runInOffice } from '../db/scope';

type ValueSource = { from: 'params' | 'body' | 'query' | 'response'; key: string };

/**
 * What a route records in the audit log, declared in `config.audit`. The event is written by one hook for every
 * route, so a module never writes audit rows itself.
 * - `target`: the object acted upon, read from the validated request or the JSON answer.
 * - `project`: where the project id is; by default the one of an `access.project` rule.
 * - `attemptedEmail`: the body's `email` is recorded (and resolves the actor) for calls made before signing in.
 * - `fields`: body fields copied into `details`; only those listed, so a password or code can never slip in.
 * - `answerFields`: fields of a successful JSON answer copied into `details` (counts of what an operation did).
 */
export interface AuditRule {
  action: AuditAction;
  target?: { type: string } & ValueSource;
  project?: ValueSource;
  attemptedEmail?: boolean;
  fields?: readonly string[];
  answerFields?: readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: AuditRule;
  }
  interface FastifyRequest {
    /** Set by `auditInOffices`: the offices whose logs record this call, instead of the rule's choice. */
    auditOffices: readonly (string | null)[] | null;
  }
}

/**
 * Records the call in the logs of these offices (an office left and the one entered, or the office an operator's
 * support session opened in), each as its own event; `null` is the installation's log.
 */
export function auditInOffices(request: FastifyRequest, officeIds: readonly (string | null)[]): void {
  request.auditOffices = [...new Set(officeIds)];
}

/** 2xx/3xx succeeded; 401, 403 and 429 are the API refusing the caller; any other answer is a failure. */
export function auditOutcome(status: number): AuditOutcome {
  if (status < 400) return 'success';
  if (status === 401 || status === 403 || status === 429) return 'refused';
  return 'failure';
}

const MAX_TEXT = 500;

function clip(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value);
  return text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text;
}

function parseJson(payload: unknown): Record<string, unknown> | null {
  if (typeof payload !== 'string' || payload.length === 0 || payload.length > 1_000_000) return null;
  try {
    const value: unknown = JSON.parse(payload);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function readSource(request: FastifyRequest, answer: Record<string, unknown> | null, source: ValueSource) {
  const container =
    source.from === 'response' ? answer : (request[source.from] as Record<string, unknown> | undefined);
  return clip(container?.[source.key]);
}

function isUuid(value: string | null): value is string {
  return value !== null && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** The project id of an audited call: declared, or taken from the route's project access rule. */
function projectOf(request: FastifyRequest, answer: Record<string, unknown> | null, rule: AuditRule) {
  const access = request.routeOptions.config.access;
  const source = rule.project ?? (access?.kind === 'project' ? access.projectId : undefined);
  const value = source ? readSource(request, answer, source) : null;
  return isUuid(value) ? value : null;
}

async function writeEvent(db: Db, request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const rule = request.routeOptions.config.audit;
  if (!rule) return;
  const status = reply.statusCode;
  const answer = parseJson(payload);
  const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
    string,
    unknown
  >;
  const attempted = rule.attemptedEmail ? clip(body.email)?.trim().toLowerCase() || null : null;
  const actorId = request.principal?.userId ?? null;
  const details: Record<string, unknown> = { status, requestId: request.id };
  // A program's call names the API token it used (its id, never its secret); the actor is the token's maker.
  if (request.principal?.apiToken) details.apiTokenId = request.principal.apiToken.id;
  if (status >= 400 && typeof answer?.code === 'string') details.code = answer.code;
  for (const field of rule.fields ?? []) if (field in body) details[field] = body[field];
  if (status < 300 && answer) {
    for (const field of rule.answerFields ?? []) if (field in answer) details[field] = answer[field];
  }
  const target = rule.target ? readSource(request, answer, rule.target) : null;
  // The log of the office the request works in (none: the installation's), unless the handler named others.
  const logs = request.auditOffices ?? [currentOfficeId()];

  const insert = () =>
    db.insert(auditEvents).values({
      // Set here, at millisecond precision, so the keyset cursor (an ISO time) matches the stored value exactly.
      at: new Date(),
      // Signed-in callers are known by their session; a caller signing in is known by the e-mail tried, if it exists.
      actorUserId:
        actorId ??
        (attempted ? sql`(select ${users.id} from ${users} where ${users.email} = ${attempted})` : null),
      actorEmail: actorId
        ? sql`(select ${users.email} from ${users} where ${users.id} = ${actorId})`
        : attempted,
      action: rule.action,
      outcome: auditOutcome(status),
      targetType: rule.target && target ? rule.target.type : null,
      targetId: target,
      projectId: projectOf(request, answer, rule),
      ip: clip(request.ip),
      userAgent: clip(request.headers['user-agent']),
      details,
    });
  // Each event is written as the office whose log it joins, so row-level security files it there.
  for (const officeId of logs) await runInOffice(officeId, insert);
}

/** What the product does by itself, on a schedule, recorded as an event without an actor. */
export interface SystemEvent {
  action: AuditAction;
  targetType?: string;
  targetId?: string;
  projectId?: string;
  /** Counts and settings only: never a person's name or contact details. */
  details: Record<string, unknown>;
}

/**
 * Records an act of a scheduled job (a retention purge) in the log of the office the job runs in, through `db` (pass
 * the job's transaction so the event commits with what it records). Routes never call this: their hook does.
 */
export async function recordSystemEvent(db: Queryable, event: SystemEvent): Promise<void> {
  await db.insert(auditEvents).values({
    at: new Date(),
    action: event.action,
    outcome: 'success',
    targetType: event.targetType ?? null,
    targetId: event.targetId ?? null,
    projectId: event.projectId ?? null,
    details: event.details,
  });
}

/**
 * Records every call to a route declaring `config.audit`, whatever its answer. The row is written in `onSend`, before
 * the answer leaves, so an acknowledged security action is always in the log; a failed write is logged and does not
 * change the answer (the action itself has already happened or been refused).
 */
export function registerAuditLog(app: FastifyInstance, db: Db): void {
  app.decorateRequest('auditOffices', null);
  // Callback style, so that the many routes without `audit` pay no promise for it.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.routeOptions.config.audit) {
      done(null, payload);
      return;
    }
    writeEvent(db, request, reply, payload).then(
      () => done(null, payload),
      (error: unknown) => {
        request.log.error({ err: error }, 'audit event not written');
        done(null, payload);
      },
    );
  });
}
