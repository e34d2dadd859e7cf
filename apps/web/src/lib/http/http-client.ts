import type { z } from 'zod';
import { isCanceledError } from '@casting/domain';
import { CanceledError, HttpError, InvalidResponseError, parseApiError } from './http-error';
import { createRefreshCoordinator } from './refresh-coordinator';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryScalar = string | number | boolean;
export type QueryParams = Record<string, QueryScalar | readonly QueryScalar[] | null | undefined>;

export interface RequestOptions {
  method?: HttpMethod;
  /** Serialised as JSON unless it is already a body the browser sends as is (FormData, Blob, ...). */
  body?: unknown;
  query?: QueryParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** No bearer token, and so no refresh-and-retry on 401: for public and auth endpoints. */
  noAuth?: boolean;
  credentials?: RequestCredentials;
}

export interface HttpClient {
  /**
   * Sends a request and parses a 2xx body with the caller's contract schema. The schema may still be
   * on its way (a lazily loaded contract): the request leaves at once and only the parse waits for it,
   * so an error answer never waits for the schema's code.
   */
  request<S extends z.ZodType>(
    path: string,
    schema: S | Promise<S>,
    options?: RequestOptions,
  ): Promise<z.output<S>>;
  /** Sends a request whose 2xx body is of no interest (204, fire-and-forget). */
  send(path: string, options?: RequestOptions): Promise<void>;
  /**
   * Hears every error answer (after the 401 retry), before the caller's own handling: for reactions
   * that belong to the whole app rather than to one call, like TOTP_NOT_ENABLED opening the set-up dialog.
   */
  subscribeErrors(listener: (error: HttpError) => void): () => void;
  /** The current access token, for the one channel that cannot send headers (the live websocket's query). */
  accessToken(): string | null;
  /**
   * A fresh access token after `staleToken` was refused (a websocket closed with 4401), through the same
   * one-at-a-time refresh the requests use; rejects (and signs out) when the session cannot be refreshed.
   */
  freshAccessToken(staleToken: string | null): Promise<string>;
}

export interface HttpClientConfig {
  /** Prefix of every path, '/api' in the app. */
  baseUrl: string;
  fetch: typeof fetch;
  getAccessToken(): string | null;
  /** Obtains a new access token; rejects when the session cannot be refreshed. */
  refreshAccessToken(): Promise<string>;
  /** Called once per failed refresh, before the waiting requests are rejected. */
  onRefreshFailed(error: unknown): void;
}

export function createHttpClient(config: HttpClientConfig): HttpClient {
  const errorListeners = new Set<(error: HttpError) => void>();
  const refresher = createRefreshCoordinator(async () => {
    try {
      return await config.refreshAccessToken();
    } catch (error) {
      config.onRefreshFailed(error);
      throw error;
    }
  });

  async function fetchOnce(path: string, options: RequestOptions, token: string | null): Promise<Response> {
    const headers = new Headers(options.headers);
    headers.set('Accept', 'application/json');
    if (token) headers.set('Authorization', `Bearer ${token}`);
    let body: BodyInit | undefined;
    if (options.body !== undefined) {
      if (isNativeBody(options.body)) {
        body = options.body;
      } else {
        body = JSON.stringify(options.body);
        headers.set('Content-Type', 'application/json');
      }
    }
    try {
      return await config.fetch(buildUrl(config.baseUrl, path, options.query), {
        method: options.method ?? 'GET',
        headers,
        body,
        signal: options.signal,
        credentials: options.credentials,
      });
    } catch (error) {
      throw toCanceledIfAborted(error, options.signal);
    }
  }

  async function tokenAfter401(sentWith: string | null, signal: AbortSignal | undefined): Promise<string> {
    const current = config.getAccessToken();
    // This request left before another one's refresh finished: the new token is already here.
    if (current !== null && current !== sentWith) return current;
    return untilAborted(refresher.refresh(), signal);
  }

  async function execute(path: string, options: RequestOptions): Promise<Response> {
    const token = options.noAuth ? null : config.getAccessToken();
    const response = await fetchOnce(path, options, token);
    if (response.status !== 401 || options.noAuth) return response;
    // Retried once only: a second 401 is a real refusal, not an expired token.
    return fetchOnce(path, options, await tokenAfter401(token, options.signal));
  }

  function notify(error: HttpError): HttpError {
    for (const listener of errorListeners) listener(error);
    return error;
  }

  async function readOk(path: string, options: RequestOptions): Promise<unknown> {
    const response = await execute(path, options);
    try {
      const body = await readBody(response);
      if (!response.ok) throw notify(new HttpError(response.status, parseApiError(body)));
      return body;
    } catch (error) {
      throw toCanceledIfAborted(error, options.signal);
    }
  }

  return {
    async request(path, schema, options = {}) {
      const [body, contract] = await Promise.all([readOk(path, options), schema]);
      const parsed = contract.safeParse(body);
      if (!parsed.success) throw new InvalidResponseError(path, parsed.error.issues);
      return parsed.data;
    },
    async send(path, options = {}) {
      await readOk(path, options);
    },
    subscribeErrors(listener) {
      errorListeners.add(listener);
      return () => errorListeners.delete(listener);
    },
    accessToken: () => config.getAccessToken(),
    freshAccessToken: (staleToken) => tokenAfter401(staleToken, undefined),
  };
}

function buildUrl(baseUrl: string, path: string, query: QueryParams | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined) continue;
    const values: readonly QueryScalar[] = Array.isArray(value) ? value : [value];
    for (const item of values) search.append(key, String(item));
  }
  const queryString = search.toString();
  return `${baseUrl}${path}${queryString ? `?${queryString}` : ''}`;
}

function isNativeBody(body: unknown): body is BodyInit {
  return (
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer
  );
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toCanceledIfAborted(error: unknown, signal: AbortSignal | undefined): unknown {
  if (error instanceof HttpError) return error;
  return isCanceledError(error) || signal?.aborted ? new CanceledError() : error;
}

/** Waits for a shared promise, but lets one caller's abort release that caller alone. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new CanceledError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new CanceledError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
