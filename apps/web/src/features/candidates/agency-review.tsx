import {
  AGENCY_REVIEW_FOLDER_ALIASES,
  AGENCY_REVIEW_TEXTS,
  agencyReviewCountsSchema,
  can,
  extractErrorMessage,
  sendUnderReviewResultSchema,
} from '@casting/domain';
import type { ProjectActor } from '@casting/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { candidateKeys, refreshCandidates } from './candidates-api';

/** The submitter folders whose candidates still wait for the agency; the API sends on from these only. */
const WAITING_FOLDERS: readonly string[] = AGENCY_REVIEW_FOLDER_ALIASES;

/**
 * "Send to casting" is the talent submitter's (SEND_UNDER_REVIEW), in the folders where candidates wait for the
 * agency. A super admin looking at the submitter folders, or anyone else, never sees it; the API refuses them too.
 */
export function maySendToCasting(actor: ProjectActor | null, folderAlias: string | null): boolean {
  return can(actor, 'SEND_UNDER_REVIEW') && WAITING_FOLDERS.includes(folderAlias ?? '');
}

/**
 * The chosen candidates go from the agency's folders to the opportunity's New Submissions, where the casting team
 * reviews them; every candidates query of the project refetches, so they leave the submitter folder on screen.
 */
export function SendToCasting({
  projectId,
  rowIds,
  onSent,
  disabled = false,
}: {
  projectId: string;
  rowIds: readonly string[];
  onSent?(): void;
  disabled?: boolean;
}) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const send = useMutation({
    mutationFn: (applicantIds: string[]) =>
      http.request(
        `/v2/projects/${encodeURIComponent(projectId)}/applicants/send-under-review`,
        sendUnderReviewResultSchema,
        { method: 'POST', body: { applicantIds } },
      ),
    onSettled: () => void refreshCandidates(queryClient, projectId),
  });
  const count = rowIds.length;
  return (
    <>
      <Button
        variant="secondary"
        className="min-h-9 px-3"
        disabled={disabled || send.isPending || count === 0}
        onClick={() => setConfirming(true)}
      >
        {AGENCY_REVIEW_TEXTS.sendToCasting}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={AGENCY_REVIEW_TEXTS.confirmTitle(count)}
        message={AGENCY_REVIEW_TEXTS.confirmMessage(count)}
        confirmLabel={AGENCY_REVIEW_TEXTS.confirmSend(count)}
        confirmVariant="primary"
        busy={send.isPending}
        onConfirm={() =>
          send.mutate([...rowIds], {
            onSuccess: (result) => {
              toast.success(AGENCY_REVIEW_TEXTS.sent(result.sent));
              setConfirming(false);
              onSent?.();
            },
            onError: (error) => {
              setConfirming(false);
              toast.error(AGENCY_REVIEW_TEXTS.sendFailed, { description: extractErrorMessage(error) });
            },
          })
        }
      />
    </>
  );
}

/**
 * How many candidates wait with each agency, in the opportunity shown (or the whole project). Under the project's
 * candidates key, so a send or an APPLICANTS_UPDATED refetches it with the list.
 */
export function agencyReviewCountsQuery(http: HttpClient, projectId: string, roleId: string | null) {
  return queryOptions({
    queryKey: [...candidateKeys.project(projectId), 'agency-review', roleId ?? 'all'] as const,
    queryFn: ({ signal }) =>
      http.request(
        `/v2/projects/${encodeURIComponent(projectId)}/applicants/agency-review-counts`,
        agencyReviewCountsSchema,
        { signal, query: { roleId: roleId ?? undefined } },
      ),
  });
}

/**
 * The casting team's line above the list: candidates an agency has not sent on yet are in none of the team's
 * folders, so the office learns here that they exist and with whom they wait. Shown only when some wait, to those
 * who choose a link's agencies (SELECT_LINK_REFERRAL_USERS: never a talent submitter, who works in those folders).
 */
export function AgencyReviewNotice({
  projectId,
  roleId,
  actor,
}: {
  projectId: string;
  roleId: string | null;
  actor: ProjectActor | null;
}) {
  const http = useHttpClient();
  const allowed = can(actor, 'SELECT_LINK_REFERRAL_USERS');
  const counts = useQuery({ ...agencyReviewCountsQuery(http, projectId, roleId), enabled: allowed });
  if (!allowed || !counts.data || counts.data.total === 0) return null;
  return (
    <p role="status" className="rounded-lg border border-info/30 bg-info-soft px-3 py-2 text-sm text-ink">
      {AGENCY_REVIEW_TEXTS.waiting(counts.data.total, counts.data.agencies)}
    </p>
  );
}
