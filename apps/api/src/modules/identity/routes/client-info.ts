import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from '../deps';

/** The caller's address (behind TRUST_PROXY, the forwarded one) and browser, trimmed to a storable length. */
export function clientOf(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: userAgent ? userAgent.slice(0, 512) : null };
}
