import type { ApplicantsUpdateKind } from '@casting/domain';
import type { Events, SqlExecutor } from '../../../platform/events/ports';

/**
 * Tells the project's live channel that its candidates changed (APPLICANTS_UPDATED), inside the change's transaction:
 * the notification goes out only when the change commits, so a second reviewer's page refetches data that exists.
 * The payload stays small and flat (kind, count, the opportunity when there is one); the page refetches the rest.
 */
export async function publishApplicantsUpdated(
  events: Events | undefined,
  tx: SqlExecutor,
  projectId: string,
  kind: ApplicantsUpdateKind,
  count: number,
  roleId?: string,
): Promise<void> {
  if (!events) return;
  await events.publish(projectId, 'APPLICANTS_UPDATED', roleId ? { kind, count, roleId } : { kind, count }, {
    tx,
  });
}
