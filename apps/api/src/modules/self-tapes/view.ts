import type { DeadlineWarning, SelfTapeRequest, SelfTapeSide } from '@casting/domain';
import type { selfTapeRequests } from '../../platform/db/schema';

type RequestRow = typeof selfTapeRequests.$inferSelect;

/** A request row as the API answers it. */
export function presentRequest(row: RequestRow): SelfTapeRequest {
  return {
    id: row.id,
    projectId: row.projectId,
    roleId: row.roleId,
    title: row.title,
    instructions: row.instructions,
    sides: row.sides as SelfTapeSide[],
    takes: row.takes,
    acceptedKinds: row.acceptedKinds as SelfTapeRequest['acceptedKinds'],
    maxLengthSeconds: row.maxLengthSeconds,
    slateInstructions: row.slateInstructions,
    deadline: row.deadline.toISOString(),
    timeZone: row.timeZone,
    preset: row.preset as SelfTapeRequest['preset'],
    latePolicy: row.latePolicy as SelfTapeRequest['latePolicy'],
    reminderHours: row.reminderHours,
    sendToTalent: row.sendToTalent,
    agencyReview: row.agencyReview,
    agencyDeadline: row.agencyDeadline?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    releaseSentAt: row.releaseSentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    progress: { total: row.total, handled: row.handled, done: row.doneAt !== null },
    warnings: row.warnings as DeadlineWarning[],
  };
}
