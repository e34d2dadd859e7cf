import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { redactUrl } from '../log';

/**
 * One compact line per request, written when the answer is sent. Fastify's default writes two (incoming and
 * completed) with the whole request and reply serialised, which on a fast route cost more than the route itself.
 * A failed reply still logs its error. Routes lower their own noise with `logLevel` (health probes log warnings only).
 */
export class CompactRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      // Credentials carried in the query (the websocket's token, a signed file URL's signature) are masked.
      url: redactUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request failed');
    else reply.log.info(line, 'request');
  }
}
