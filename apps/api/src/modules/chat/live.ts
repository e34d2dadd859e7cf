import { LIVE_AGENCY_AUDIENCE_KEY } from '@casting/domain';
import type { Events, SqlExecutor } from '../../platform/events';
import { threadAgenciesQuery } from './access';

/**
 * Announces that a thread changed (NEW_MESSAGE `{threadId}`), on commit of the executor's transaction when it is one.
 * The chat actors receive every thread's events; a talent submitter receives those of their own agency's clients
 * (decision 0051), so the event names those agencies as its audience, which the live channel reads and removes.
 */
export async function announceThread(
  events: Events,
  executor: SqlExecutor,
  projectId: string,
  threadId: string,
): Promise<void> {
  const result = (await executor.execute(threadAgenciesQuery(threadId))) as {
    rows: { agencies: string | null }[];
  };
  const agencies = result.rows[0]?.agencies ?? null;
  await events.publish(
    projectId,
    'NEW_MESSAGE',
    agencies ? { threadId, [LIVE_AGENCY_AUDIENCE_KEY]: agencies } : { threadId },
    { tx: executor },
  );
}
