import type { FastifyRequest } from 'fastify';

/** What one client review link shares, as its resolver found it (the link is live: neither revoked nor expired). */
export interface ClientLinkScope {
  linkId: string;
  projectId: string;
  /** The folders the link was made from (empty for a selection of candidates). */
  folderIds: readonly string[];
  /** The identified viewer of this request (portal header), or null. */
  viewerId: string | null;
}

/**
 * Resolves a client link's secret within a project: throws NOT_FOUND for an unknown secret or another project's,
 * and the link's own 410 once it is revoked or expired. Supplied by the client-review module.
 */
export type ClientLinkResolver = (
  secret: string,
  projectId: string,
  request: FastifyRequest,
) => Promise<ClientLinkScope>;
