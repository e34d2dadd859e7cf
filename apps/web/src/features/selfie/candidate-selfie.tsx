import { extractErrorMessage, SELFIE_TEXTS } from '@casting/domain';
import type { LiveEventName } from '@casting/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { useLiveProject } from '../../lib/live/use-live-project';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { candidateSelfieQuery, formatDay, selfieKeys, useSelfieAction } from './selfie-api';

const STATUS_EVENTS: ReadonlySet<string> = new Set<LiveEventName>([
  'APPLICANT_MEDIA_CONVERT_STATUS_UPDATED_EVENT',
]);

export interface CandidateSelfieProps {
  projectId: string;
  applicantId: string;
  name: string;
  /** Ask for and remove the selfie: CANDIDATE_SELFIE, or a submitter folder allowing MANAGE_SELFIE. */
  canManage: boolean;
}

/**
 * The selfie beside the candidate's primary photo in the preview's header: the picture (once sent) with the day it was
 * sent, or the day it was asked for; "Ask for a selfie" and "Remove selfie" for those who may. The photo refreshes as
 * its processing reports on the live channel.
 */
export function CandidateSelfie({ projectId, applicantId, name, canManage }: CandidateSelfieProps) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  useLiveProject(projectId, (update) => {
    if (STATUS_EVENTS.has(update.event) && update.payload?.applicantId === applicantId) {
      void queryClient.invalidateQueries({ queryKey: selfieKeys.candidate(applicantId) });
    }
  });
  const query = useQuery(candidateSelfieQuery(http, projectId, applicantId));
  const { ask, remove } = useSelfieAction(projectId, applicantId);
  const [confirming, setConfirming] = useState(false);
  if (!query.data) return null;
  const { selfie, request } = query.data;
  const picture = selfie ? (selfie.thumbnailUrl ?? selfie.convertedUrl) : null;
  const refused = (error: unknown) => toast.error(extractErrorMessage(error));
  return (
    <div className="flex items-center gap-2" data-testid="candidate-selfie">
      {selfie ? (
        <figure className="flex flex-col items-center gap-0.5">
          {picture ? (
            <img
              src={picture}
              alt={SELFIE_TEXTS.imageAlt(name)}
              title={SELFIE_TEXTS.explanation}
              className="size-16 rounded-md object-cover"
            />
          ) : (
            <span
              role="img"
              aria-label={SELFIE_TEXTS.imageAlt(name)}
              className="size-16 rounded-md bg-canvas"
            />
          )}
          <figcaption className="text-xs text-ink-muted">
            {SELFIE_TEXTS.takenOn(formatDay(selfie.takenAt))}
          </figcaption>
        </figure>
      ) : null}
      <div className="flex flex-col items-start gap-1">
        {!selfie && request ? (
          <p className="text-xs text-ink-muted">{SELFIE_TEXTS.askedOn(formatDay(request.requestedAt))}</p>
        ) : null}
        {canManage && !selfie ? (
          <Button
            variant="secondary"
            disabled={ask.isPending}
            onClick={() =>
              ask.mutate(undefined, { onSuccess: () => toast.success(SELFIE_TEXTS.asked), onError: refused })
            }
          >
            {ask.isPending ? SELFIE_TEXTS.asking : request ? SELFIE_TEXTS.askAgain : SELFIE_TEXTS.ask}
          </Button>
        ) : null}
        {canManage && selfie ? (
          <Button variant="ghost" onClick={() => setConfirming(true)}>
            {SELFIE_TEXTS.remove}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={SELFIE_TEXTS.remove}
        message={SELFIE_TEXTS.removeConfirm}
        confirmLabel={SELFIE_TEXTS.remove}
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(SELFIE_TEXTS.removed);
            },
            onError: refused,
          })
        }
      />
    </div>
  );
}
