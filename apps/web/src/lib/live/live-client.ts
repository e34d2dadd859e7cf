import { LIVE_CLOSE_CODES, LIVE_REJOIN_DELAY_MS } from '@casting/domain';

/** One `{action: 'update'}` message of the live project channel (see packages/domain/src/live-events.ts). */
export interface LiveUpdate {
  projectId: string;
  event: string;
  payload?: Record<string, unknown>;
}

export type LiveListener = (update: LiveUpdate) => void;

/** The small part of the browser's WebSocket the client uses, so tests can hand in a fake. */
export interface LiveSocket {
  readyState: number;
  send(data: string): void;
  close(code?: number): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface LiveClientOptions {
  /** The websocket address without the token, e.g. 'ws://host/api/live'. */
  url: string;
  accessToken(): string | null;
  /** A new token after the server closed with 4401 (expired access). */
  freshAccessToken(staleToken: string | null): Promise<string>;
  openSocket(url: string): LiveSocket;
  /** Defaults to setTimeout; tests pass a fake clock. */
  schedule?(run: () => void, delayMs: number): void;
}

export interface LiveClient {
  /** Listens to one project's updates; the returned function stops listening (and closes when nobody listens). */
  join(projectId: string, listener: LiveListener): () => void;
  /**
   * Whether the server confirmed the project's channel (`{action: 'joined'}`) on the socket that is open now: only
   * then do updates arrive. False before the confirmation and from any close until the next confirmation.
   */
  isJoined(projectId: string): boolean;
  /** Calls `listener` whenever any project's joined state changes; the returned function stops it. */
  onJoinedChange(listener: () => void): () => void;
}

const OPEN = 1;

/**
 * The live project channel: one websocket for the tab, opened with the access token in the
 * query (browsers cannot set headers on a websocket). After open it sends `{projectId, action: 'joinProject'}`
 * for every project a page listens to; after any close it reconnects and rejoins 100 ms later while someone
 * still listens. A close with 4401 means the token ran out: it first gets a fresh one. Messages carry only
 * event names; pages refetch what they show through the API, which applies the access rules.
 */
export function createLiveClient(options: LiveClientOptions): LiveClient {
  const schedule = options.schedule ?? ((run, delayMs) => void setTimeout(run, delayMs));
  const listeners = new Map<string, Set<LiveListener>>();
  let socket: LiveSocket | null = null;
  let sentToken: string | null = null;
  let reconnecting = false;
  const joined = new Set<string>();
  const joinedListeners = new Set<() => void>();
  const setJoined = (projectId: string | null, value: boolean) => {
    const before = joined.size;
    if (projectId === null) joined.clear();
    else if (value) joined.add(projectId);
    else joined.delete(projectId);
    if (joined.size !== before) for (const listener of joinedListeners) listener();
  };

  const send = (message: object) => {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(message));
  };

  const open = (token: string | null) => {
    if (!token) return;
    sentToken = token;
    const next = options.openSocket(`${options.url}?token=${encodeURIComponent(token)}`);
    socket = next;
    next.onopen = () => {
      for (const projectId of listeners.keys()) send({ projectId, action: 'joinProject' });
    };
    next.onmessage = (event) => dispatch(event.data);
    next.onerror = () => undefined;
    next.onclose = (event) => {
      if (socket !== next) return;
      socket = null;
      setJoined(null, false);
      if (listeners.size === 0 || reconnecting) return;
      reconnecting = true;
      const expired = event.code === LIVE_CLOSE_CODES.accessExpired;
      schedule(() => {
        reconnecting = false;
        if (listeners.size === 0 || socket) return;
        if (!expired) return open(options.accessToken());
        // A failed refresh signs the person out; nothing is left to listen for then.
        options.freshAccessToken(sentToken).then(open, () => undefined);
      }, LIVE_REJOIN_DELAY_MS);
    };
  };

  const dispatch = (data: unknown) => {
    if (typeof data !== 'string') return;
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (isJoinedAck(message)) {
      if (listeners.has(message.projectId)) setJoined(message.projectId, true);
      return;
    }
    if (!isUpdate(message)) return;
    for (const listener of listeners.get(message.projectId) ?? []) listener(message);
  };

  return {
    join(projectId, listener) {
      let set = listeners.get(projectId);
      if (!set) {
        set = new Set();
        listeners.set(projectId, set);
        if (socket) send({ projectId, action: 'joinProject' });
      }
      set.add(listener);
      if (!socket && !reconnecting) open(options.accessToken());
      return () => {
        const current = listeners.get(projectId);
        if (!current) return;
        current.delete(listener);
        if (current.size > 0) return;
        listeners.delete(projectId);
        setJoined(projectId, false);
        send({ projectId, action: 'leaveProject' });
        if (listeners.size === 0 && socket) {
          const closing = socket;
          socket = null;
          closing.close(1000);
        }
      };
    },
    isJoined: (projectId) => joined.has(projectId),
    onJoinedChange(listener) {
      joinedListeners.add(listener);
      return () => joinedListeners.delete(listener);
    },
  };
}

function isJoinedAck(message: unknown): message is { action: 'joined'; projectId: string } {
  if (typeof message !== 'object' || message === null) return false;
  const record = message as Record<string, unknown>;
  return record.action === 'joined' && typeof record.projectId === 'string';
}

function isUpdate(message: unknown): message is LiveUpdate {
  if (typeof message !== 'object' || message === null) return false;
  const record = message as Record<string, unknown>;
  return (
    record.action === 'update' && typeof record.projectId === 'string' && typeof record.event === 'string'
  );
}
