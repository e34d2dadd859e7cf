import { extractErrorMessage, SELFIE_TEXTS } from '@casting/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { createMediaUploadTransport, UploadQueue } from '../media';
import { formatDay, isProcessing, privateSelfieQuery, selfieKeys, setPrivateSelfie } from './selfie-api';

/**
 * The "Selfie" section of the talent's private page: why the team wants one, whether they asked, the current selfie,
 * and the camera (a phone opens its front camera; elsewhere the file list) through the upload queue, with its
 * progress and the refusals every photo upload has. A new selfie replaces the previous one.
 */
export function PrivateSelfie({ applicantId, token }: { applicantId: string; token: string }) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const headingId = useId();
  const query = useQuery(privateSelfieQuery(http, applicantId, token));
  const [status, setStatus] = useState<string | null>(null);
  // Every answer carries a fresh grant of the same holder; the queue keeps the first, so it is not rebuilt mid-upload.
  const [uploadGrant, setUploadGrant] = useState<string | null>(null);
  if (!uploadGrant && query.data) setUploadGrant(query.data.uploadGrant);
  const transport = useMemo(
    () => (uploadGrant ? createMediaUploadTransport(http, { uploadGrant }) : null),
    [http, uploadGrant],
  );
  if (query.isError) return null;
  const selfie = query.data?.selfie ?? null;
  const requestedAt = query.data?.requestedAt ?? null;
  const picture = selfie ? (selfie.convertedUrl ?? selfie.thumbnailUrl) : null;
  return (
    <section
      id="selfie"
      aria-labelledby={headingId}
      className="flex flex-col gap-3 border-t border-line pt-4"
    >
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        {SELFIE_TEXTS.privateTitle}
      </h2>
      <p className="text-base text-ink">{SELFIE_TEXTS.privateIntro}</p>
      {requestedAt ? (
        <p className="text-base font-medium text-ink">{SELFIE_TEXTS.privateAsked(formatDay(requestedAt))}</p>
      ) : null}
      {selfie ? (
        <figure className="flex flex-col gap-1">
          {picture ? (
            <img
              src={picture}
              alt={SELFIE_TEXTS.privateTitle}
              className="max-h-64 w-fit rounded-md object-contain"
            />
          ) : isProcessing(selfie) ? (
            <p className="text-sm text-ink-muted">{SELFIE_TEXTS.processing}</p>
          ) : null}
          <figcaption className="text-sm text-ink-muted">
            {SELFIE_TEXTS.privateCurrent(formatDay(selfie.takenAt))}
          </figcaption>
        </figure>
      ) : query.data ? (
        <p className="text-sm text-ink-muted">{SELFIE_TEXTS.privateNone}</p>
      ) : null}
      {transport ? (
        <UploadQueue
          transport={transport}
          scope={`selfie:${applicantId}`}
          kinds={['image']}
          accept="image/*"
          capture="user"
          label={selfie ? SELFIE_TEXTS.replace : SELFIE_TEXTS.takeOrChoose}
          finalize={async (_item, result, signal) => {
            try {
              const answer = await setPrivateSelfie(
                http,
                applicantId,
                { accessToken: token, key: result.key },
                signal,
              );
              queryClient.setQueryData(selfieKeys.private(applicantId), answer);
              setStatus(SELFIE_TEXTS.saved);
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
    </section>
  );
}
