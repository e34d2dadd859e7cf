import type { FastifyRequest } from 'fastify';
import type { OfficeRole, ProjectActor } from '@casting/domain';
import { currentOfficeId } from '../db/scope';
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

/**
 * The owner of the request's office: sees every project, import and note of the office, as SA does in the project
 * matrix. The installation's operator (SUPER_ADMIN) is an owner only of offices they own.
 */
export function isOfficeOwner(principal: Pick<Principal, 'officeId' | 'officeRole'>): boolean {
  return officeRoleHere(principal) === 'OWNER';
}

/**
 * The person's office role where the request works now: their session's office, unless a public link moved the
 * request into another office (db/office-of.ts), where they hold no role.
 */
export function officeRoleHere(principal: Pick<Principal, 'officeId' | 'officeRole'>): OfficeRole | null {
  return principal.officeId !== null && principal.officeId === currentOfficeId()
    ? principal.officeRole
    : null;
}

/** The caller's actor in the project, as the access check of an `access.project` route resolved it. */
export function requireProjectActor(request: FastifyRequest): ProjectActor {
  if (!request.projectActor) throw projectAccessDenied();
  return request.projectActor;
}
