import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { access } from '../../platform/http/access';
import type { App } from '../../platform/http/types';
import { FILES_ROUTE_PREFIX, LocalStorage, STORAGE_LIMITS } from '../../platform/storage';
import { isValidKey } from '../../platform/storage/keys';
import { URL_PARAMS } from '../../platform/storage/local-storage';
import { verify, type SignedMethod } from '../../platform/storage/url-signing';
import { parseByteRange } from './byte-range';

// Files are served with a sandboxing policy: an uploaded HTML or SVG file opened from this origin must not run
// scripts with the application's privileges.
const FILE_CSP = "default-src 'none'; media-src 'self'; img-src 'self'; sandbox";

/** The signature is the credential: any change to the key or the query, or a past expiry, is refused with 403. */
function authorise(storage: LocalStorage, method: SignedMethod, request: FastifyRequest) {
  const [path = '', query = ''] = request.url.split(/\?(.*)/s);
  const key = path.startsWith(FILES_ROUTE_PREFIX) ? path.slice(FILES_ROUTE_PREFIX.length) : '';
  const verdict = verify(storage.secret, method, key, new URLSearchParams(query), storage.nowSeconds());
  if (!verdict.ok) {
    if (verdict.reason === 'expired') throw new AppError('FILE_URL_EXPIRED', MESSAGES.fileUrlExpired);
    throw new AppError('FILE_URL_INVALID', MESSAGES.fileUrlInvalid);
  }
  // Only this server signs, and it signs only valid keys; checked again because the key becomes a file path.
  if (!isValidKey(key)) throw new AppError('FILE_URL_INVALID', MESSAGES.fileUrlInvalid);
  return { key, params: verdict.params };
}

/** A client that hangs up mid-upload has sent an incomplete file; nothing was stored, and it is not a server bug. */
function asUploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNRESET' || code === 'ECONNABORTED') {
    return new AppError('BAD_REQUEST', MESSAGES.fileIncomplete);
  }
  return error;
}

async function receiveUpload(storage: LocalStorage, request: FastifyRequest, reply: FastifyReply) {
  const { key, params } = authorise(storage, 'PUT', request);
  const uploadId = params[URL_PARAMS.uploadId];
  try {
    if (uploadId !== undefined) {
      const partNumber = Number(params[URL_PARAMS.partNumber]);
      // Signed by this server, so always valid; checked again because the part number becomes a file name.
      if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > STORAGE_LIMITS.maxParts) {
        throw new AppError('FILE_URL_INVALID', MESSAGES.fileUrlInvalid);
      }
      // The part's signed size: a body announced or found larger is refused with 413 before or as it arrives,
      // a shorter one with 400, and nothing is kept (S3 refuses both, the length being part of its signature).
      const partLength = Number(params[URL_PARAMS.length]);
      if (!Number.isInteger(partLength) || partLength < 1) {
        throw new AppError('FILE_URL_INVALID', MESSAGES.fileUrlInvalid);
      }
      if (Number(request.headers['content-length']) > partLength) {
        throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.fileTooLarge);
      }
      const part = await storage.disk.writePart(key, uploadId, partNumber, request.raw, partLength);
      return reply.header('etag', part.etag).send();
    }
    const length = Number(params[URL_PARAMS.length]);
    const contentType = params[URL_PARAMS.contentType] ?? '';
    // As with S3, the Content-Type header is part of what was signed.
    if (request.headers['content-type'] !== contentType) {
      throw new AppError('FILE_URL_INVALID', MESSAGES.fileUrlInvalid);
    }
    const declared = Number(request.headers['content-length']);
    if (declared > length) throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.fileTooLarge);
    const object = await storage.disk.writeObject(key, request.raw, contentType, length);
    return reply.header('etag', object.etag).send();
  } catch (error) {
    throw asUploadError(error);
  }
}

async function serveObject(storage: LocalStorage, request: FastifyRequest, reply: FastifyReply) {
  const { key, params } = authorise(storage, 'GET', request);
  const object = await storage.disk.readObject(key);
  if (!object) throw new AppError('NOT_FOUND', 'The file was not found.');
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', object.etag)
    .header('content-type', params[URL_PARAMS.responseType] ?? object.contentType)
    .header('content-security-policy', FILE_CSP);
  const disposition = params[URL_PARAMS.disposition];
  if (disposition) reply.header('content-disposition', disposition);

  const range = parseByteRange(request.headers.range, object.size);
  if (range.kind === 'unsatisfiable') {
    reply.header('content-range', `bytes */${object.size}`);
    throw new AppError('RANGE_NOT_SATISFIABLE', MESSAGES.rangeNotSatisfiable);
  }
  const start = range.kind === 'part' ? range.start : 0;
  const end = range.kind === 'part' ? range.end : object.size - 1;
  if (range.kind === 'part') reply.code(206).header('content-range', `bytes ${start}-${end}/${object.size}`);
  reply.header('content-length', String(end - start + 1));
  if (request.method === 'HEAD' || object.size === 0) return reply.send();
  return reply.send(storage.disk.openRead(object, start, end));
}

/**
 * The embedded storage adapter's presigned URLs: PUT for an upload or a part, GET and HEAD with byte ranges. An S3
 * store serves its own URLs, so with S3 configured these routes do not exist.
 */
export async function registerFilesRoutes(app: App, context: AppContext): Promise<void> {
  const { storage } = context;
  if (!(storage instanceof LocalStorage)) return;
  await app.register(async (scope) => {
    // Bodies are streamed to disk as they arrive, whatever their type and beyond the API's 1 MiB body limit; the
    // signed length (or the 5 GiB part limit) bounds them instead.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

    scope.route({
      method: ['GET', 'HEAD'],
      url: '/files/*',
      exposeHeadRoute: false,
      config: { access: access.public() },
      schema: { tags: ['files'], summary: 'Download a file through a signed URL (byte ranges supported)' },
      handler: (request, reply) => serveObject(storage, request, reply),
    });
    scope.route({
      method: 'PUT',
      url: '/files/*',
      config: { access: access.public() },
      schema: {
        tags: ['files'],
        summary: 'Upload a file or one part of a multipart upload through a signed URL',
      },
      handler: (request, reply) => receiveUpload(storage, request, reply),
    });
  });
}
