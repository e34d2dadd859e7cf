import { liveServerMessageSchema, type LiveServerMessage } from '@casting/domain';
import WebSocket from 'ws';

/** The origin the live tests configure as PUBLIC_URL: the web app's address, which browsers send as Origin. */
export const WEB_ORIGIN = 'http://localhost:5173';

export interface LiveClient {
  socket: WebSocket;
  /** Every message so far, each parsed with the domain's schema (a message outside the contract fails the test). */
  messages: LiveServerMessage[];
  /** The first message (seen or still to come) that matches. */
  next(match: (message: LiveServerMessage) => boolean): Promise<LiveServerMessage>;
  send(message: unknown): void;
  join(projectId: string): Promise<LiveServerMessage>;
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

interface ConnectOptions {
  token?: string;
  origin?: string | null;
  autoPong?: boolean;
}

function liveUrl(baseUrl: string, token: string | undefined): string {
  const url = new URL('/api/live', baseUrl.replace(/^http/, 'ws'));
  if (token !== undefined) url.searchParams.set('token', token);
  return url.toString();
}

function open(baseUrl: string, options: ConnectOptions): WebSocket {
  const origin = options.origin === undefined ? WEB_ORIGIN : options.origin;
  return new WebSocket(liveUrl(baseUrl, options.token), {
    ...(origin === null ? {} : { origin }),
    autoPong: options.autoPong ?? true,
  });
}

/** Opens the live channel like the web app does; rejects when the server refuses the upgrade. */
export function connectLive(baseUrl: string, options: ConnectOptions = {}): Promise<LiveClient> {
  const socket = open(baseUrl, options);
  const messages: LiveServerMessage[] = [];
  let waiters: Array<{ match: (m: LiveServerMessage) => boolean; resolve: (m: LiveServerMessage) => void }> =
    [];
  socket.on('message', (data) => {
    const message = liveServerMessageSchema.parse(JSON.parse(data.toString()));
    messages.push(message);
    const hit = waiters.filter((waiter) => waiter.match(message));
    waiters = waiters.filter((waiter) => !waiter.match(message));
    for (const waiter of hit) waiter.resolve(message);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  const client: LiveClient = {
    socket,
    messages,
    closed,
    next: (match) => {
      const seen = messages.find(match);
      return seen ? Promise.resolve(seen) : new Promise((resolve) => waiters.push({ match, resolve }));
    },
    send: (message) => socket.send(JSON.stringify(message)),
    join: (projectId) => {
      client.send({ projectId, action: 'joinProject' });
      return client.next(
        (m) =>
          (m.action === 'joined' || m.action === 'error') && 'projectId' in m && m.projectId === projectId,
      );
    },
    close: async () => {
      if (socket.readyState !== WebSocket.CLOSED) socket.close();
      await closed;
    },
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.once('error', reject);
  });
}

/** The HTTP answer to an upgrade the server refused before switching protocols. */
export function refusalOf(
  baseUrl: string,
  options: ConnectOptions = {},
): Promise<{ status: number; body: { code: string; message: string } }> {
  const socket = open(baseUrl, options);
  return new Promise((resolve, reject) => {
    socket.once('open', () => {
      socket.close();
      reject(new Error('the server accepted the connection'));
    });
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(body) }));
    });
    socket.once('error', () => undefined);
  });
}
