import { describe, expect, it, vi } from 'vitest';
import { createLiveClient } from './live-client';
import type { LiveSocket } from './live-client';

class FakeSocket implements LiveSocket {
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | undefined;
  onopen: LiveSocket['onopen'] = null;
  onclose: LiveSocket['onclose'] = null;
  onmessage: LiveSocket['onmessage'] = null;
  onerror: LiveSocket['onerror'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closedWith = code;
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.({});
  }
  serverCloses(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  serverSends(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

function setup(token = 'token-1') {
  const sockets: FakeSocket[] = [];
  const timers: { run: () => void; delayMs: number }[] = [];
  const freshAccessToken = vi.fn(async () => 'token-2');
  const client = createLiveClient({
    url: 'ws://app/api/live',
    accessToken: () => token,
    freshAccessToken,
    openSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    schedule: (run, delayMs) => timers.push({ run, delayMs }),
  });
  return { client, sockets, timers, freshAccessToken };
}

describe('live client', () => {
  it('opens with the token in the query, joins the project after open and hands its updates to listeners', () => {
    const { client, sockets } = setup();
    const heard: string[] = [];
    client.join('p1', (update) => heard.push(update.event));
    expect(sockets[0]!.url).toBe('ws://app/api/live?token=token-1');
    sockets[0]!.serverOpens();
    expect(sockets[0]!.sent).toEqual([{ projectId: 'p1', action: 'joinProject' }]);

    sockets[0]!.serverSends({ action: 'update', projectId: 'p1', event: 'APPLICANTS_UPDATED' });
    sockets[0]!.serverSends({ action: 'update', projectId: 'p2', event: 'APPLICANTS_UPDATED' });
    sockets[0]!.serverSends({ action: 'joined', projectId: 'p1' });
    expect(heard).toEqual(['APPLICANTS_UPDATED']);
  });

  it('rejoins 100 ms after a close', () => {
    const { client, sockets, timers } = setup();
    client.join('p1', () => undefined);
    sockets[0]!.serverOpens();
    sockets[0]!.serverCloses(1006);
    expect(timers).toHaveLength(1);
    expect(timers[0]!.delayMs).toBe(100);
    timers[0]!.run();
    sockets[1]!.serverOpens();
    expect(sockets[1]!.sent).toEqual([{ projectId: 'p1', action: 'joinProject' }]);
  });

  it('gets a fresh token before reconnecting after 4401', async () => {
    const { client, sockets, timers, freshAccessToken } = setup();
    client.join('p1', () => undefined);
    sockets[0]!.serverOpens();
    sockets[0]!.serverCloses(4401);
    timers[0]!.run();
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    expect(freshAccessToken).toHaveBeenCalledWith('token-1');
    expect(sockets[1]!.url).toBe('ws://app/api/live?token=token-2');
  });

  it('closes the socket when the last listener leaves, and does not reconnect', () => {
    const { client, sockets, timers } = setup();
    const leave = client.join('p1', () => undefined);
    sockets[0]!.serverOpens();
    leave();
    expect(sockets[0]!.sent).toContainEqual({ projectId: 'p1', action: 'leaveProject' });
    expect(sockets[0]!.closedWith).toBe(1000);
    sockets[0]!.serverCloses(1000);
    expect(timers).toHaveLength(0);
  });

  it('is joined only between the server’s confirmation and the next close or leave, and says when that changes', () => {
    const { client, sockets, timers } = setup();
    const changes = vi.fn();
    client.onJoinedChange(changes);
    const leave = client.join('p1', () => undefined);
    sockets[0]!.serverOpens();
    expect(client.isJoined('p1')).toBe(false);
    sockets[0]!.serverSends({ action: 'joined', projectId: 'p1' });
    expect(client.isJoined('p1')).toBe(true);
    expect(changes).toHaveBeenCalledTimes(1);
    // A confirmation for a project nobody listens to changes nothing.
    sockets[0]!.serverSends({ action: 'joined', projectId: 'p9' });
    expect(client.isJoined('p9')).toBe(false);
    sockets[0]!.serverCloses(1006);
    expect(client.isJoined('p1')).toBe(false);
    expect(changes).toHaveBeenCalledTimes(2);
    timers[0]!.run();
    sockets[1]!.serverOpens();
    sockets[1]!.serverSends({ action: 'joined', projectId: 'p1' });
    expect(client.isJoined('p1')).toBe(true);
    leave();
    expect(client.isJoined('p1')).toBe(false);
    expect(changes).toHaveBeenCalledTimes(4);
  });
});
