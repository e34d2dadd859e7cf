import { randomUUID } from 'node:crypto';
import { mediaItems } from '../../src/platform/db/schema';
import { testDatabase } from '../support/database';

/** A processed tape of the candidate (no file behind it: the notes calls only need the row). */
export async function buildTape(
  row: { applicantId: string },
  projectId: string,
  visibility: 'ALL' | 'TEAM' = 'ALL',
): Promise<string> {
  const { db } = await testDatabase();
  const id = randomUUID();
  await db.insert(mediaItems).values({
    id,
    projectId,
    applicantId: row.applicantId,
    kind: 'video',
    originalKey: `PM/RoleSideDocuments/${projectId}/${randomUUID()}`,
    name: 'tape.mp4',
    contentType: 'video/mp4',
    size: 10,
    status: 'PROCESSED',
    visibility,
  });
  return id;
}
