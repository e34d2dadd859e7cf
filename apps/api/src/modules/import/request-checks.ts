import { IMPORT_MESSAGES, type ImportRunRequest } from '@casting/domain';
import type { Db } from '../../platform/db/client';
import { AppError, fieldErrors } from '../../platform/errors';
import { assertProjectPermission, type Principal } from '../../platform/http/access';
import { projectStanding } from '../../platform/http/project-access';
import { roleInProject } from '../opportunities';
import { assertMapping } from './rows';

// What every import call checks before it reads a file: the caller, the target, and the mapping.

/**
 * Who may import: staff (super admins and admins, the accounts the import page is open to) but casting assistants,
 * for whom the page is hidden. Into an
 * opportunity the project's matrix decides on top (ADD_REMOVE_APPLICANT), as for adding a candidate by hand.
 */
export function assertMayImport(principal: Principal): void {
  if (principal.roleCode === 'CASTING_ASSISTANT') throw new AppError('FORBIDDEN', IMPORT_MESSAGES.notAllowed);
}

/**
 * The target checked for the caller. The office roster is open to whoever may import (super admins and admins but
 * assistants, as the roster page); an opportunity also needs the project's matrix (ADD_REMOVE_APPLICANT), then the
 * opportunity in that project.
 */
export async function assertTarget(db: Db, principal: Principal, target: ImportRunRequest['target']) {
  if (target.type === 'ROSTER') return;
  const { actor } = await projectStanding(db, principal, target.projectId);
  assertProjectPermission(actor, 'ADD_REMOVE_APPLICANT');
  await roleInProject(db, target.projectId, target.roleId);
}

/** The mapping's own rules, and media only where there is an applicant to hold it (an opportunity). */
export function assertRequestMapping(request: ImportRunRequest, columnCount: number): void {
  assertMapping(request.mapping, columnCount);
  if (request.target.type === 'ROSTER' && request.mapping.media !== undefined) {
    throw fieldErrors([{ path: 'body.mapping.media', message: IMPORT_MESSAGES.mediaOnlyIntoOpportunity }]);
  }
}
