import { createContext, createElement, useContext, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { HttpClient } from '../http/http-client';
import { useHttpClient } from '../http/http-client-context';
import { createLiveClient } from './live-client';
import type { LiveClient, LiveSocket, LiveUpdate } from './live-client';

const clients = new WeakMap<HttpClient, LiveClient>();

/** The tab's one live client for a session's API client (one websocket, shared by every page). */
export function liveClientFor(http: HttpClient): LiveClient | null {
  if (typeof WebSocket === 'undefined' || typeof location === 'undefined') return null;
  let client = clients.get(http);
  if (!client) {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    client = createLiveClient({
      url: `${scheme}//${location.host}/api/live`,
      accessToken: () => http.accessToken(),
      freshAccessToken: (stale) => http.freshAccessToken(stale),
      openSocket: (url) => new WebSocket(url) as unknown as LiveSocket,
    });
    clients.set(http, client);
  }
  return client;
}

/** A live client handed in from outside (component tests give one over a fake socket); null means none at all. */
const LiveClientContext = createContext<LiveClient | null | undefined>(undefined);

export function LiveClientProvider({ client, children }: { client: LiveClient | null; children: ReactNode }) {
  return createElement(LiveClientContext.Provider, { value: client }, children);
}

function useLiveClient(): LiveClient | null {
  const http = useHttpClient();
  const given = useContext(LiveClientContext);
  return given === undefined ? liveClientFor(http) : given;
}

/**
 * Calls `onUpdate` for every live update of the project while the component is mounted. The latest callback
 * is used without rejoining, so a page can pass an inline function. Answers whether the project's channel is
 * joined now (updates are arriving): a page that would otherwise poll can poll only while it is not.
 */
export function useLiveProject(projectId: string, onUpdate: (update: LiveUpdate) => void): boolean {
  const client = useLiveClient();
  const latest = useRef(onUpdate);
  const [joined, setJoined] = useState(false);
  useEffect(() => {
    latest.current = onUpdate;
  });
  useEffect(() => {
    if (!client) return undefined;
    const stopListening = client.join(projectId, (update) => latest.current(update));
    const sync = () => setJoined(client.isJoined(projectId));
    const stopWatching = client.onJoinedChange(sync);
    sync();
    return () => {
      stopWatching();
      stopListening();
      setJoined(false);
    };
  }, [client, projectId]);
  return client !== null && joined;
}
