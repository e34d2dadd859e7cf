import type { WebSocket } from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Events } from '../../platform/events';
import type { AccessControlPorts, Principal } from '../../platform/http/access';
import { liveConnections } from '../../platform/metrics/registry';
import { LiveConnection } from './connection';

export interface LiveChannelOptions {
  ports: AccessControlPorts;
  events: Events;
  log: FastifyBaseLogger;
  heartbeatMs: number;
  accessCheckMs: number;
  /** A talent submitter's agency (see LiveConnectionOptions.agencyOf). */
  agencyOf(userId: string): Promise<string | null>;
}

export interface Admission {
  token: string;
  principal: Principal;
  expiresAt: number;
}

/**
 * This instance's live connections. One timer pings them all and one re-checks their access, rather than two timers
 * per socket; a re-check failing for one connection is logged and does not stop the others.
 */
export class LiveChannel {
  private readonly connections = new Set<LiveConnection>();
  private readonly heartbeatTimer: NodeJS.Timeout;
  private readonly accessTimer: NodeJS.Timeout;
  private checking = false;

  constructor(private readonly options: LiveChannelOptions) {
    this.heartbeatTimer = setInterval(() => {
      for (const connection of this.connections) connection.heartbeat();
    }, options.heartbeatMs);
    this.accessTimer = setInterval(() => void this.recheckAll(), options.accessCheckMs);
  }

  open(socket: WebSocket, request: FastifyRequest, admission: Admission): void {
    const connection = new LiveConnection({
      socket,
      request,
      ...admission,
      ports: this.options.ports,
      events: this.options.events,
      log: request.log,
      agencyOf: this.options.agencyOf,
    });
    this.connections.add(connection);
    liveConnections.inc();
    socket.on('close', () => {
      connection.dispose();
      if (this.connections.delete(connection)) liveConnections.dec();
    });
  }

  stop(): void {
    clearInterval(this.heartbeatTimer);
    clearInterval(this.accessTimer);
    for (const connection of this.connections) connection.dispose();
    liveConnections.dec(this.connections.size);
    this.connections.clear();
  }

  private async recheckAll(): Promise<void> {
    // A slow database must not pile re-checks on top of each other.
    if (this.checking) return;
    this.checking = true;
    try {
      for (const connection of [...this.connections]) {
        await connection.recheckAccess().catch((error: unknown) => {
          this.options.log.error({ err: error }, 'live access re-check failed');
        });
      }
    } finally {
      this.checking = false;
    }
  }
}
