import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { liveServerMessageSchema, type LiveServerMessage } from '@casting/domain';
import WebSocket from 'ws';

/** The calls of the main journey, over real HTTP to whichever address (the balancer or one instance) is given. */

export const PASSWORD = 'Casting#2031x-cluster';
/** The web app's marker on state-changing calls made with cookies; harmless with a bearer token. */
const CSRF = { 'x-requested-with': 'casting-web' };

export interface Answer<T> {
  status: number;
  body: T;
}

export async function call<T = Record<string, unknown>>(
  base: string,
  method: 'GET' | 'POST' | 'PUT',
  route: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const response = await fetch(`${base}/api${route}`, {
    method,
    headers: {
      ...CSRF,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** Polls `probe` until it answers something other than undefined, or fails with `what` at the deadline. */
export async function eventually<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * A casting director signs up with an office of their own and confirms the account with the code the worker mailed
 * (read from the outbox, as the journeys do outside production); answers the access token. The outbox answers only
 * the machine itself, never a forwarded request, so it is read at an instance's own address (`outboxBase`).
 */
export async function directorWithOffice(base: string, outboxBase: string, email: string): Promise<string> {
  const registered = await call(base, 'POST', '/staffs/register', {
    body: {
      firstName: 'Dana',
      lastName: 'Director',
      email,
      company: 'Harbour Casting',
      password: PASSWORD,
      roleType: 'ADMIN',
    },
  });
  if (registered.status !== 201)
    throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  const code = await eventually('the confirmation mail (sent by the worker)', 30_000, async () => {
    const outbox = await call<{ items: { text: string }[] }>(
      outboxBase,
      'GET',
      `/dev/outbox?to=${encodeURIComponent(email)}`,
    );
    return outbox.body.items.map((mail) => /code is (\d{6})/.exec(mail.text)?.[1]).find(Boolean);
  });
  const confirmed = await call(base, 'POST', '/users/confirm', { body: { email, code } });
  if (confirmed.status !== 200)
    throw new Error(`confirm: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  const signedIn = await call<{ accessToken: string }>(base, 'POST', '/auth/sign-in', {
    body: { email, password: PASSWORD },
  });
  if (signedIn.status !== 200)
    throw new Error(`sign-in: ${signedIn.status} ${JSON.stringify(signedIn.body)}`);
  return signedIn.body.accessToken;
}

/** A real H.264 MP4 of a second (ffmpeg from @ffmpeg-installer, as the worker's processing uses). */
export function smallVideo(): Buffer {
  const ffmpeg =
    process.env.FFMPEG_PATH ??
    (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  const file = path.join(os.tmpdir(), `cluster-${randomUUID()}.mp4`);
  execFileSync(
    ffmpeg,
    [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=15:duration=1'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
    ],
    { stdio: 'pipe' },
  );
  const bytes = fs.readFileSync(file);
  fs.rmSync(file, { force: true });
  return bytes;
}

/** The upload the apply page makes: a signed URL under the link's upload grant, a PUT to the store, completion. */
export async function uploadUnderGrant(
  base: string,
  uploadGrant: string,
  name: string,
  bytes: Buffer,
): Promise<string> {
  const signed = await call<{ urls: { url: string; key: string; headers: Record<string, string> }[] }>(
    base,
    'POST',
    '/media-management/get-signed-url',
    {
      body: { uploadGrant, imagesParams: [{ fileKey: name, contentType: 'video/mp4', size: bytes.length }] },
    },
  );
  if (signed.status !== 200)
    throw new Error(`get-signed-url: ${signed.status} ${JSON.stringify(signed.body)}`);
  const [target] = signed.body.urls;
  const put = await fetch(target!.url, {
    method: 'PUT',
    headers: target!.headers,
    body: new Uint8Array(bytes),
  });
  if (put.status !== 200) throw new Error(`PUT to the store: ${put.status} ${await put.text()}`);
  const done = await call<{ Key: string }>(base, 'POST', '/media-management/upload-complete', {
    body: { Key: target!.key, uploadGrant },
  });
  if (done.status !== 200) throw new Error(`upload-complete: ${done.status} ${JSON.stringify(done.body)}`);
  // The apply call names the key the completion answers (the upload's own, sealed).
  return done.body.Key;
}

export interface LiveClient {
  /** The first message (seen or still to come) that matches. */
  next(
    match: (message: LiveServerMessage) => boolean,
    what: string,
    timeoutMs: number,
  ): Promise<LiveServerMessage>;
  send(message: unknown): void;
  close(): void;
}

/** The live channel as the web app opens it: the token in the query, the web app's address as Origin. */
export function connectLive(base: string, token: string, origin: string): Promise<LiveClient> {
  const url = new URL('/api/live', base.replace(/^http/, 'ws'));
  url.searchParams.set('token', token);
  const socket = new WebSocket(url, { origin });
  const messages: LiveServerMessage[] = [];
  let waiters: {
    match: (message: LiveServerMessage) => boolean;
    resolve: (message: LiveServerMessage) => void;
  }[] = [];
  socket.on('message', (data) => {
    const message = liveServerMessageSchema.parse(JSON.parse(String(data)));
    messages.push(message);
    for (const waiter of waiters.filter((candidate) => candidate.match(message))) waiter.resolve(message);
    waiters = waiters.filter((candidate) => !candidate.match(message));
  });
  const client: LiveClient = {
    next: (match, what, timeoutMs) => {
      const seen = messages.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(new Error(`live: ${what} not within ${timeoutMs} ms; got ${JSON.stringify(messages)}`)),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (message) => {
            clearTimeout(timer);
            resolve(message);
          },
        });
      });
    },
    send: (message) => socket.send(JSON.stringify(message)),
    close: () => socket.close(),
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.once('error', reject);
  });
}
