import { can } from '@casting/domain';
import type { ProjectActor } from '@casting/domain';

/**
 * Who works with submission links: the casting staff who manage the project's links (SA, PO, PE), and a
 * talent submitter, who creates links pre-filled with their own agency to submit their clients. A talent
 * editor and a client review candidates but do not hand out links.
 */
export function canManageLinks(actor: ProjectActor | null | undefined): boolean {
  return can(actor, 'MANAGE_CLIENT_LINKS') || actor === 'TS';
}
