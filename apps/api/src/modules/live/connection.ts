import { runInOffice } from '../../platform/db/scope';
import {
  LIVE_AGENCY_AUDIENCE_KEY,
  LIVE_CLOSE_CODES,
  LIVE_EVENT_PERMISSION,
  LIVE_JOIN_PERMISSION,
  LIVE_MESSAGES,
  MESSAGES,
  can,
  liveAudienceIncludes,
  liveClientMessageSchema,
  type ErrorCode,
  type LiveServerMessage,
  type ProjectActor,
} from '@casting/domain';
import type { WebSocket } from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Events, LiveEvent } from '../../platform/events';
import { AppError } from '../../platform/errors';
import {
  access,
  assertAccountAllowed,
  type AccessControlPorts,
  type Principal,
} from '../../platform/http/access';

/** A socket whose unsent data passes this is not reading: it is dropped rather than buffered without end. */
export const MAX_BUFFERED_BYTES = 256 * 1024;
/** Joins per socket: a page joins one project; the bound keeps one socket from holding many subscriptions. */
export const MAX_PROJECTS_PER_SOCKET = 20;
/** Client messages waiting to be handled; a client that sends faster than the database answers is dropped. */
export const MAX_PENDING_MESSAGES = 32;

/** The live channel serves project members, so the account rule of staff routes applies to it. */
export const LIVE_ACCOUNT_RULE = access.staff();

function isStaff(principal: Principal): boolean {
  try {
    assertAccountAllowed(LIVE_ACCOUNT_RULE, principal);
    return true;
  } catch {
    return false;
  }
}

interface Joined {
  actor: ProjectActor;
  /** A talent submitter's agency: events naming it in their audience reach them (LIVE_AGENCY_AUDIENCE_KEY). */
  agencyId: string | null;
  unsubscribe: () => void;
}

export interface LiveConnectionOptions {
  socket: WebSocket;
  /** The upgrade request, which carried the token; the authenticator is given it again on every re-check. */
  request: FastifyRequest;
  token: string;
  principal: Principal;
  /** When the access token stops being valid (ms since the epoch). */
  expiresAt: number;
  ports: AccessControlPorts;
  events: Events;
  log: FastifyBaseLogger;
  /** The agency of a talent submitter's agent record, or null (none: they receive no agency-addressed events). */
  agencyOf(userId: string): Promise<string | null>;
}

/** The event as a member receives it: without the audience, which is the server's business. */
function withoutAudience(event: LiveEvent): LiveEvent {
  if (!event.payload || !(LIVE_AGENCY_AUDIENCE_KEY in event.payload)) return event;
  const { [LIVE_AGENCY_AUDIENCE_KEY]: _audience, ...payload } = event.payload;
  return { ...event, payload };
}

/** One client of the live channel: its joined projects, its heartbeat and its access. */
export class LiveConnection {
  private readonly joined = new Map<string, Joined>();
  private readonly expiryTimer: NodeJS.Timeout;
  private alive = true;
  private closed = false;
  private principal: Principal;
  /** Client messages are handled one at a time, so one socket runs at most one access query at once. */
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(private readonly options: LiveConnectionOptions) {
    this.principal = options.principal;
    // The token's lifetime is the connection's: the client reconnects with a fresh one after this close.
    this.expiryTimer = setTimeout(
      () => this.close(LIVE_CLOSE_CODES.accessExpired, LIVE_MESSAGES.accessExpired),
      Math.min(Math.max(options.expiresAt - Date.now(), 0), 2 ** 31 - 1),
    );
    options.socket.on('pong', () => {
      this.alive = true;
    });
    options.socket.on('message', (data, isBinary) => {
      if (this.pending >= MAX_PENDING_MESSAGES) {
        this.options.log.warn('live client sends faster than it is answered; dropped');
        options.socket.terminate();
        this.dispose();
        return;
      }
      this.pending += 1;
      const text = isBinary ? null : data.toString();
      // A socket's messages arrive outside any request: each is handled in the office of the connection's session.
      this.queue = this.queue
        .then(() => runInOffice(this.principal.officeId, () => this.receive(text)))
        .catch((error: unknown) => this.options.log.error({ err: error }, 'live channel message failed'))
        .finally(() => {
          this.pending -= 1;
        });
    });
  }

  /** One heartbeat: a client that did not answer the previous ping is gone (or stuck) and is dropped. */
  heartbeat(): void {
    if (this.closed) return;
    if (!this.alive) {
      this.options.log.info('live client missed a heartbeat; dropped');
      this.options.socket.terminate();
      return;
    }
    this.alive = false;
    this.options.socket.ping();
  }

  /** Asks the database again: a revoked session closes the socket, a lost membership leaves the project. */
  async recheckAccess(): Promise<void> {
    if (this.closed) return;
    const principal = await this.options.ports.authenticate(this.options.token, this.options.request);
    if (!principal || !isStaff(principal)) {
      this.close(LIVE_CLOSE_CODES.accessExpired, LIVE_MESSAGES.accessExpired);
      return;
    }
    this.principal = principal;
    for (const [projectId, joined] of [...this.joined]) {
      const actor = await this.actorIn(projectId);
      if (this.closed || this.joined.get(projectId) !== joined) continue;
      if (actor && can(actor, LIVE_JOIN_PERMISSION)) {
        joined.actor = actor;
        joined.agencyId = await this.agencyIn(actor);
      } else {
        this.leave(projectId, false);
        this.sendError('PROJECT_ACCESS_DENIED', LIVE_MESSAGES.projectAccessDenied, projectId);
      }
    }
  }

  /** Stops every subscription; called once the socket has closed, whoever closed it. */
  dispose(): void {
    this.closed = true;
    clearTimeout(this.expiryTimer);
    for (const joined of this.joined.values()) joined.unsubscribe();
    this.joined.clear();
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.options.socket.close(code, reason);
    this.dispose();
  }

  private async receive(text: string | null): Promise<void> {
    let parsed: unknown;
    try {
      parsed = text === null ? null : JSON.parse(text);
    } catch {
      parsed = null;
    }
    const message = liveClientMessageSchema.safeParse(parsed);
    if (!message.success) {
      this.sendError('VALIDATION_FAILED', LIVE_MESSAGES.invalidMessage);
      return;
    }
    const { action, projectId } = message.data;
    try {
      if (action === 'joinProject') await this.join(projectId);
      else this.leave(projectId, true);
    } catch (error) {
      if (error instanceof AppError) {
        this.sendError(error.code, error.message, projectId);
      } else {
        this.options.log.error({ err: error }, 'live channel message failed');
        this.sendError('INTERNAL_ERROR', MESSAGES.somethingWentWrong, projectId);
      }
    }
  }

  private async join(projectId: string): Promise<void> {
    if (this.joined.has(projectId)) {
      this.send({ action: 'joined', projectId });
      return;
    }
    if (this.joined.size >= MAX_PROJECTS_PER_SOCKET) {
      this.sendError('BAD_REQUEST', LIVE_MESSAGES.tooManyProjects, projectId);
      return;
    }
    const actor = await this.actorIn(projectId);
    if (!actor || !can(actor, LIVE_JOIN_PERMISSION)) {
      this.sendError('PROJECT_ACCESS_DENIED', LIVE_MESSAGES.projectAccessDenied, projectId);
      return;
    }
    const agencyId = await this.agencyIn(actor);
    // The same join may have been sent twice, or the socket closed, while the database answered.
    if (this.closed || this.joined.has(projectId)) return;
    const joined: Joined = {
      actor,
      agencyId,
      unsubscribe: this.options.events.subscribe(projectId, (event) => {
        const allowed =
          can(joined.actor, LIVE_EVENT_PERMISSION[event.event]) ||
          (joined.agencyId !== null && liveAudienceIncludes(event.payload, joined.agencyId));
        if (!allowed) return;
        this.send({ action: 'update', ...withoutAudience(event) });
      }),
    };
    this.joined.set(projectId, joined);
    this.send({ action: 'joined', projectId });
  }

  private leave(projectId: string, acknowledge: boolean): void {
    this.joined.get(projectId)?.unsubscribe();
    this.joined.delete(projectId);
    if (acknowledge) this.send({ action: 'left', projectId });
  }

  /** Only a talent submitter is addressed by agency (their own clients' chat, decision 0051). */
  private async agencyIn(actor: ProjectActor): Promise<string | null> {
    return actor === 'TS' ? this.options.agencyOf(this.principal.userId) : null;
  }

  /** The member's actor, or null when they are not one (or the project is gone: NOT_FOUND reads as no access). */
  private async actorIn(projectId: string): Promise<ProjectActor | null> {
    try {
      return await runInOffice(this.principal.officeId, () =>
        this.options.ports.resolveProjectActor(this.principal, projectId),
      );
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
      throw error;
    }
  }

  private sendError(code: ErrorCode, message: string, projectId?: string): void {
    this.send(projectId ? { action: 'error', code, message, projectId } : { action: 'error', code, message });
  }

  /** Never waits for a slow client: past the buffer bound it is dropped, and the other clients go on. */
  private send(message: LiveServerMessage): void {
    const { socket, log } = this.options;
    if (this.closed || socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      log.warn({ bufferedAmount: socket.bufferedAmount }, 'live client is not reading; dropped');
      socket.terminate();
      this.dispose();
      return;
    }
    socket.send(JSON.stringify(message));
  }
}
