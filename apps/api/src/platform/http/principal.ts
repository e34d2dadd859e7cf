import type { FastifyRequest } from 'fastify';
import type { ProjectActor } from '@casting/domain';
import { projectAccessDenied, signInRequired } from '../errors';
import type { Principal } from './access';

/**
 * The signed-in caller of a route whose access rule requires one. The rule has already refused anonymous calls
 * before the handler runs, so this only narrows the type; it still answers 401 rather than trusting a `!`.
 */
export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw signInRequired();
  return request.principal;
}

/** The caller's actor in the project, as the access check of an `access.project` route resolved it. */
export function requireProjectActor(request: FastifyRequest): ProjectActor {
  if (!request.projectActor) throw projectAccessDenied();
  return request.projectActor;
}
