import { and, desc, eq, isNull } from 'drizzle-orm';
import type { CandidateSelfie, Selfie } from '@casting/domain';
import type { Queryable } from '../../platform/db/ids';
import { mediaItems, selfieRequests, users } from '../../platform/db/schema';
import type { Storage } from '../../platform/storage';
import { fullName } from '../identity';
import { presentItem } from '../media';

type MediaRow = typeof mediaItems.$inferSelect;

/** The selfie item with its view URLs and when it was sent. */
export async function presentSelfie(storage: Storage, row: MediaRow | null): Promise<Selfie | null> {
  if (!row) return null;
  const item = await presentItem(storage, row);
  return {
    id: item.id,
    status: item.status,
    url: item.url,
    thumbnailUrl: item.thumbnailUrl,
    convertedUrl: item.convertedUrl,
    takenAt: item.createdAt,
  };
}

/** The applicant's open request (not answered by a selfie yet), with who made it; null when none is open. */
export async function openRequest(db: Queryable, applicantId: string) {
  const [row] = await db
    .select({
      createdAt: selfieRequests.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(selfieRequests)
    .leftJoin(users, eq(users.id, selfieRequests.requestedById))
    .where(and(eq(selfieRequests.applicantId, applicantId), isNull(selfieRequests.answeredAt)))
    .orderBy(desc(selfieRequests.createdAt))
    .limit(1);
  return row ?? null;
}

/** What the candidate preview shows: the current selfie, and the request still waiting for one. */
export async function candidateSelfieView(
  db: Queryable,
  storage: Storage,
  projectId: string,
  applicantId: string,
): Promise<CandidateSelfie> {
  const [selfie] = await db
    .select()
    .from(mediaItems)
    .where(
      and(
        eq(mediaItems.projectId, projectId),
        eq(mediaItems.applicantId, applicantId),
        eq(mediaItems.isSelfie, true),
      ),
    );
  const request = await openRequest(db, applicantId);
  return {
    selfie: await presentSelfie(storage, selfie ?? null),
    request: request
      ? {
          requestedAt: request.createdAt.toISOString(),
          requestedBy:
            request.firstName !== null && request.lastName !== null
              ? fullName({ firstName: request.firstName, lastName: request.lastName })
              : null,
        }
      : null,
  };
}
