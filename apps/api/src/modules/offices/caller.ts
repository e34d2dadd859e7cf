import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../platform/http/access';
import { requirePrincipal } from '../../platform/http/principal';
import { officeRequired } from '../../platform/errors';

/**
 * The caller of a route whose rule needs an office, with that office: the session's, which the access rule has
 * already found usable (so the refusal below only narrows the type).
 */
export function officeCaller(request: FastifyRequest): Principal & { officeId: string } {
  const principal = requirePrincipal(request);
  const { officeId } = principal;
  if (!officeId) throw officeRequired(principal.officeUnavailable);
  return { ...principal, officeId };
}
