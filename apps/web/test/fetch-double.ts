import { buildMyOffice, buildOffice } from './factories';

/**
 * A test double for `fetch`: answers requests from a table of handlers keyed by
 * "METHOD /path" (query string ignored) and records every call it receives.
 */
export interface RecordedCall {
  method: string;
  url: string;
  path: string;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

export type FetchHandler = (call: RecordedCall) => Response | Promise<Response>;

export interface FetchDouble {
  fetch: typeof fetch;
  calls: RecordedCall[];
  callsTo(key: string): RecordedCall[];
  /** Replaces or adds a handler while a test runs. */
  on(key: string, handler: FetchHandler): void;
}

export function jsonResponse(status: number, body?: unknown): Response {
  if (body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function abortError(): Error {
  return new DOMException('The operation was aborted.', 'AbortError');
}

/**
 * Calls every signed-in screen makes in the background, answered as the server does unless a test overrides them,
 * so tests about other things need not list them.
 */
function defaultHandler(method: string, path: string): FetchHandler | undefined {
  if (path.startsWith('/api/session-tracking/') && (method === 'PATCH' || method === 'DELETE')) {
    return () => jsonResponse(200, { data: { duration: 240 } });
  }
  // The app shell's office menu: one office, in which the person is a casting director.
  if (method === 'GET' && path === '/api/offices/current') return () => jsonResponse(200, buildOffice());
  if (method === 'GET' && path === '/api/offices/mine') {
    return () => jsonResponse(200, { items: [buildMyOffice()] });
  }
  return undefined;
}

export function createFetchDouble(handlers: Record<string, FetchHandler> = {}): FetchDouble {
  const table = new Map(Object.entries(handlers));
  const calls: RecordedCall[] = [];

  const fetchDouble: typeof fetch = async (input, init = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.split('?')[0] ?? url;
    const method = (init.method ?? 'GET').toUpperCase();
    const rawBody = init.body;
    const call: RecordedCall = {
      method,
      url,
      path,
      headers: new Headers(init.headers),
      body: typeof rawBody === 'string' ? JSON.parse(rawBody) : rawBody,
      credentials: init.credentials,
    };
    calls.push(call);
    const signal = init.signal;
    if (signal?.aborted) throw abortError();
    const handler = table.get(`${method} ${path}`) ?? defaultHandler(method, path);
    const answer = handler
      ? Promise.resolve(handler(call))
      : Promise.resolve(
          jsonResponse(404, { code: 'NOT_FOUND', message: `No handler for ${method} ${path}` }),
        );
    if (!signal) return answer;
    return new Promise<Response>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(abortError()), { once: true });
      answer.then(resolve, reject);
    });
  };

  return {
    fetch: fetchDouble,
    calls,
    callsTo: (key) => calls.filter((call) => `${call.method} ${call.path}` === key),
    on: (key, handler) => {
      table.set(key, handler);
    },
  };
}

/** A promise with its resolve handle, to hold an answer back until the test lets it go. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
