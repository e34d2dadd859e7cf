import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';
import { DrizzleQueryError } from 'drizzle-orm';

/**
 * The process logger. Logs are read by operators and shipped to other systems, so they carry no secrets and no
 * personal data beyond ids: request headers that carry credentials are redacted, and a failed query is logged with
 * its SQL text but never its parameter values (which hold passwords' hashes, e-mail addresses and tokens).
 */

const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  'body.code',
];

interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  code?: unknown;
  cause?: SerializedError;
}

/**
 * Serialises an error for the log: type, message, stack, code and cause, and nothing else. Drivers attach the
 * failing values to errors (drizzle's `params`, PostgreSQL's `detail` with the duplicate key's value): those stay out.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error) };
  const serialized: SerializedError = { type: error.name, message: error.message };
  if (error.stack) serialized.stack = error.stack;
  if (error instanceof DrizzleQueryError) {
    // Its message ends with the parameter values, and its stack repeats the message: keep the SQL and the frames.
    serialized.message = `Failed query: ${error.query}`;
    const frames = (error.stack ?? '').split('\n').filter((line) => line.startsWith('    at '));
    serialized.stack = [`${error.name}: ${serialized.message}`, ...frames].join('\n');
  }
  const code = (error as { code?: unknown }).code;
  if (code !== undefined) serialized.code = code;
  if (error.cause !== undefined && depth < 3) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

/**
 * Query parameters that hold credentials: the live websocket takes its access token in the query, and the embedded
 * storage's signed URLs carry their signature there (a logged upload or download URL would be usable until it
 * expires).
 */
const SECRET_QUERY_PARAMS = ['token', 'signature', 'X-Amz-Signature', 'X-Amz-Credential'];

/** The URL with the values of credential parameters replaced, so request logs never hold a usable token. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  let changed = false;
  for (const name of SECRET_QUERY_PARAMS) {
    if (params.has(name)) {
      params.set(name, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, queryStart)}?${params.toString()}` : url;
}

/** Fastify's request serializer, with the URL redacted. */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: typeof request.url === 'string' ? redactUrl(request.url) : undefined,
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};

/**
 * The request being served, for the log lines written while serving it: the app enters it when a request arrives
 * (app.ts), and every line logged inside, through whichever logger, carries the request's id as `reqId`, the value
 * the answer's `x-request-id` header holds.
 */
export const requestLogContext = new AsyncLocalStorage<{ reqId: string }>();

/** `reqId` for a line written while a request is served, unless the logger already binds it (Fastify's own). */
function requestIdMixin(_line: object, _level: number, logger: Logger): object {
  const request = requestLogContext.getStore();
  if (!request || 'reqId' in logger.bindings()) return {};
  return { reqId: request.reqId };
}

/** Builds the logger every process entry (server, worker, commands) uses. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError, error: serializeError, ...logSerializers },
    mixin: requestIdMixin,
  };
  return destination ? pino(options, destination) : pino(options);
}
