import { eq } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/ids';
import { presentationLinks } from '../../platform/db/schema';

/**
 * What a link made from a presentation kept at share time: the layout the review page shows, and per candidate the
 * media chosen (a candidate without an entry shows what the link's settings share). Null for any other link.
 */
export async function presentationSnapshot(
  db: Queryable,
  linkId: string,
): Promise<{ layout: 'cards' | 'pages'; media: Record<string, string[]> } | null> {
  const [row] = await db
    .select({ layout: presentationLinks.layout, media: presentationLinks.media })
    .from(presentationLinks)
    .where(eq(presentationLinks.linkId, linkId));
  return row ? { layout: row.layout === 'pages' ? 'pages' : 'cards', media: row.media } : null;
}

/** The media a candidate of the link may show: all its link shares, or only those chosen in the presentation. */
export function chosenMediaFilter<Item extends { id: string }>(
  snapshot: { media: Record<string, string[]> } | null,
  submissionId: string,
): (item: Item) => boolean {
  const chosen = snapshot?.media[submissionId];
  if (!chosen) return () => true;
  const ids = new Set(chosen);
  return (item) => ids.has(item.id);
}
