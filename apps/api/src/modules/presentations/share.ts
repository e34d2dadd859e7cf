import {
  PRESENTATION_TEXTS,
  createClientLinkSchema,
  type CreatedClientLink,
  type SharePresentation,
} from '@casting/domain';
import type { Db } from '../../platform/db/client';
import { presentationLinks } from '../../platform/db/schema';
import { fieldErrors } from '../../platform/errors';
import { createClientLink } from '../client-review';
import { orderedCandidates, presentationOfProject } from './queries';

/**
 * Shares a presentation as a client link, in one transaction: the link's candidates are the presentation's in its
 * order, and a copy of the layout and of the media chosen per candidate is kept beside the link. The link stays a
 * snapshot like every client link: later edits of the presentation do not change what the client was sent.
 */
export async function sharePresentation(
  db: Db,
  publicUrl: string,
  projectId: string,
  presentationId: string,
  userId: string,
  input: SharePresentation,
): Promise<CreatedClientLink> {
  const row = await presentationOfProject(db, projectId, presentationId);
  return db.transaction(async (tx) => {
    const candidates = await orderedCandidates(tx, row.id);
    if (candidates.length === 0) {
      throw fieldErrors([
        { path: 'params.presentation', message: PRESENTATION_TEXTS.candidatesNotInOpportunity },
      ]);
    }
    const link = await createClientLink(
      tx as unknown as Db,
      publicUrl,
      projectId,
      userId,
      createClientLinkSchema.parse({
        title: input.title ?? row.title,
        message: input.message,
        settings: input.settings,
        expiresAt: input.expiresAt,
        submissionIds: candidates.map((candidate) => candidate.submissionId),
      }),
    );
    const media: Record<string, string[]> = {};
    for (const candidate of candidates) {
      if (candidate.mediaIds) media[candidate.submissionId] = candidate.mediaIds;
    }
    await tx.insert(presentationLinks).values({
      linkId: link.id,
      presentationId: row.id,
      layout: row.layout,
      media,
    });
    return link;
  });
}
