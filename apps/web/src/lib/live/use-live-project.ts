import { useEffect, useRef } from 'react';
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

/**
 * Calls `onUpdate` for every live update of the project while the component is mounted. The latest callback
 * is used without rejoining, so a page can pass an inline function.
 */
export function useLiveProject(projectId: string, onUpdate: (update: LiveUpdate) => void): void {
  const http = useHttpClient();
  const latest = useRef(onUpdate);
  useEffect(() => {
    latest.current = onUpdate;
  });
  useEffect(() => {
    const client = liveClientFor(http);
    if (!client) return undefined;
    return client.join(projectId, (update) => latest.current(update));
  }, [http, projectId]);
}
