import type { UploadKind, uploadReferenceSchema } from '@casting/domain';
import { useMemo } from 'react';
import type { z } from 'zod';
import { useHttpClient } from '../../lib/http/http-client-context';
import type { QueueItem } from '../../lib/upload';
import { createMediaUploadTransport, UploadQueue } from '../media';

export type UploadReference = z.input<typeof uploadReferenceSchema>;

/** What the form keeps of the uploads: the finished files, and whether any is still on its way. */
export interface UploadSlot {
  items: UploadReference[];
  busy: boolean;
}

const KIND_TYPE: Record<UploadKind, NonNullable<UploadReference['type']>> = {
  image: 'PHOTO',
  video: 'VIDEO',
  document: 'DOCUMENT',
};

function reference(item: QueueItem): UploadReference | null {
  if (!item.result) return null;
  return { key: item.result.key, name: item.name, ...(item.type ? { type: KIND_TYPE[item.type] } : {}) };
}

/**
 * Photos, self-tapes and documents through the media module's upload queue (one file at a time, retries,
 * large-file confirmation). The form learns the finished files when the queue settles.
 */
export function ApplyUploads({
  grant,
  scope,
  onChange,
}: {
  grant: string | null;
  scope: string;
  value: UploadSlot;
  onChange(value: UploadSlot): void;
}) {
  const http = useHttpClient();
  // Without an account the media calls carry the link's upload grant (the media module sends its header).
  const transport = useMemo(
    () => (grant ? createMediaUploadTransport(http, { uploadGrant: grant }) : null),
    [http, grant],
  );
  if (!transport) {
    return <p className="text-sm text-ink-muted">File uploads are not available for this link.</p>;
  }
  return (
    <UploadQueue
      transport={transport}
      scope={scope}
      multiple
      label="Add photos, videos or documents"
      onComplete={(completed) =>
        onChange({ items: completed.map(reference).filter((item) => item !== null), busy: false })
      }
    />
  );
}
