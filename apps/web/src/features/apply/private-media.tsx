import {
  extractErrorMessage,
  PRIVATE_MEDIA_TEXTS,
  privateMediaSchema,
  type PrivateMedia,
} from '@casting/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { createMediaUploadTransport, MEDIA_TEXTS, UploadQueue } from '../media';

const path = (applicantId: string) => `/v2/applicants/${encodeURIComponent(applicantId)}/standalone/media`;
const key = (applicantId: string) => ['private-media', applicantId] as const;

function addFiles(
  http: HttpClient,
  applicantId: string,
  accessToken: string,
  keys: string[],
  signal?: AbortSignal,
) {
  return http.request(path(applicantId), privateMediaSchema, {
    method: 'POST',
    noAuth: true,
    body: { accessToken, keys },
    ...(signal ? { signal } : {}),
  });
}

function removeFile(http: HttpClient, applicantId: string, mediaId: string, token: string) {
  return http.request(`${path(applicantId)}/${encodeURIComponent(mediaId)}`, privateMediaSchema, {
    method: 'DELETE',
    noAuth: true,
    query: { token },
  });
}

/**
 * The talent's photos, tapes and documents on their private page: what they sent, each removable (to replace one,
 * they remove it and add the new one), and the upload queue to add more, each file joining the submission as soon as
 * it is uploaded. The team's own files about them are not listed.
 */
export function PrivateMediaSection({ applicantId, token }: { applicantId: string; token: string }) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const headingId = useId();
  const query = useQuery({
    queryKey: key(applicantId),
    queryFn: ({ signal }) =>
      http.request(path(applicantId), privateMediaSchema, { noAuth: true, signal, query: { token } }),
  });
  const [status, setStatus] = useState<string | null>(null);
  const [removing, setRemoving] = useState<PrivateMedia['items'][number] | null>(null);
  const [busy, setBusy] = useState(false);
  // Every answer carries a fresh grant of the same holder; the queue keeps the first, so it is not rebuilt mid-upload.
  const [uploadGrant, setUploadGrant] = useState<string | null>(null);
  if (!uploadGrant && query.data) setUploadGrant(query.data.uploadGrant);
  const transport = useMemo(
    () => (uploadGrant ? createMediaUploadTransport(http, { uploadGrant }) : null),
    [http, uploadGrant],
  );
  const show = (answer: PrivateMedia) => queryClient.setQueryData(key(applicantId), answer);
  if (query.isError) return null;
  const items = query.data?.items ?? [];

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      show(await removeFile(http, applicantId, removing.id, token));
      setStatus(PRIVATE_MEDIA_TEXTS.removed(removing.name));
      setRemoving(null);
    } catch (error) {
      setStatus(extractErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-t border-line pt-4">
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        {PRIVATE_MEDIA_TEXTS.heading}
      </h2>
      <p className="text-base text-ink">{PRIVATE_MEDIA_TEXTS.intro}</p>
      {query.data && items.length === 0 ? (
        <p className="text-sm text-ink-muted">{PRIVATE_MEDIA_TEXTS.none}</p>
      ) : null}
      {items.length > 0 ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={PRIVATE_MEDIA_TEXTS.heading}>
          {items.map((item) => (
            <li key={item.id} className="flex min-w-0 flex-col gap-1 rounded-md border border-line p-2">
              {item.thumbnailUrl ? (
                <img src={item.thumbnailUrl} alt="" className="aspect-square w-full rounded object-cover" />
              ) : (
                <span className="flex aspect-square w-full items-center justify-center rounded bg-canvas text-sm text-ink-muted">
                  {item.status === 'PENDING' || item.status === 'IN_PROGRESS'
                    ? PRIVATE_MEDIA_TEXTS.processing
                    : item.kind}
                </span>
              )}
              <a
                href={item.url}
                target="_blank"
                rel="noopener noreferrer"
                className="truncate text-sm text-accent underline"
              >
                {item.name}
              </a>
              <Button variant="ghost" onClick={() => setRemoving(item)}>
                {PRIVATE_MEDIA_TEXTS.remove(item.name)}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {transport ? (
        <UploadQueue
          transport={transport}
          scope={`private-media:${applicantId}`}
          finalize={async (_item, result, signal) => {
            try {
              show(await addFiles(http, applicantId, token, [result.key], signal));
              setStatus(PRIVATE_MEDIA_TEXTS.added(1));
            } catch (error) {
              setStatus(extractErrorMessage(error));
              throw error;
            }
            return result;
          }}
        />
      ) : null}
      <p role="status" className="text-sm text-ink-muted">
        {status}
      </p>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={removing ? PRIVATE_MEDIA_TEXTS.remove(removing.name) : ''}
        message={PRIVATE_MEDIA_TEXTS.removeQuestion}
        confirmLabel={MEDIA_TEXTS.removeButton}
        busy={busy}
        onConfirm={() => void remove()}
      />
    </section>
  );
}
