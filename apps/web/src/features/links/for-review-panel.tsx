import {
  applicantListSchema,
  extractErrorMessage,
  MESSAGES,
  sendUnderReviewResultSchema,
  PUBLIC_TEXTS,
} from '@casting/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { toastError } from '../../lib/http/toast-error';
import { ERROR_SHOWN_INLINE } from '../../lib/query/query-client';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { SkeletonList } from '../../ui/skeleton';

/** The first page of the agency's submissions waiting for its review; sending on is done a page at a time. */
const REVIEW_PAGE = 50;

/**
 * A talent submitter's review step: submissions that came through links requiring agency review wait in the
 * agency's For review folder; the submitter picks those to send on to the casting team (send under review,
 * a TS-only action) after the confirm-submission question.
 */
export function ForReviewPanel({ projectId }: { projectId: string }) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const key = ['applicants', projectId, 'for-review'] as const;
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      http.request(`/projects/${encodeURIComponent(projectId)}/applicants`, applicantListSchema, {
        signal,
        query: { systemAlias: 'TS_FOR_REVIEW', submitterFolders: true, limit: REVIEW_PAGE },
      }),
    meta: ERROR_SHOWN_INLINE,
  });
  const send = useMutation({
    mutationFn: (submissionIds: string[]) =>
      http.request(
        `/v2/projects/${encodeURIComponent(projectId)}/applicants/send-under-review`,
        sendUnderReviewResultSchema,
        { method: 'POST', body: { applicantIds: submissionIds } },
      ),
    onSuccess: async (result) => {
      toast.success(
        result.sent === 1
          ? 'Sent 1 submission to the casting team'
          : `Sent ${result.sent} submissions to the casting team`,
      );
      setChosen(new Set());
      await queryClient.invalidateQueries({ queryKey: ['applicants', projectId] });
    },
    onError: toastError,
    onSettled: () => setConfirming(false),
  });
  const items = list.data?.items ?? [];
  const toggle = (id: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-ink">
          Waiting for your review
        </h2>
        <Button disabled={chosen.size === 0 || send.isPending} onClick={() => setConfirming(true)}>
          Send to casting team{chosen.size > 0 ? ` (${chosen.size})` : ''}
        </Button>
      </div>
      {list.isPending ? (
        <SkeletonList label="Loading submissions for review" rows={2} />
      ) : list.isError ? (
        <p role="alert" className="text-sm text-danger">
          {MESSAGES.errorLoadingData(extractErrorMessage(list.error))}
        </p>
      ) : items.length === 0 ? (
        <EmptyState
          title="Nothing waiting for review."
          description="Submissions through links with agency review arrive here before the casting team sees them."
        />
      ) : (
        <ul
          aria-label="Submissions for review"
          className="flex flex-col divide-y divide-line rounded-lg border border-line bg-surface"
        >
          {items.map((item) => (
            <li key={item.id} className="flex min-h-12 items-center gap-3 px-4 py-2">
              <input
                id={`review-${item.id}`}
                type="checkbox"
                className="size-5 accent-brand-700"
                checked={chosen.has(item.id)}
                onChange={(event) => toggle(item.id, event.target.checked)}
              />
              <label htmlFor={`review-${item.id}`} className="flex min-w-0 flex-1 flex-col text-sm">
                <span className="font-medium text-ink">{item.name}</span>
                <span className="truncate text-ink-muted">{item.email ?? item.phone ?? ''}</span>
              </label>
              <span className="text-xs text-ink-muted">{item.submittedAt.slice(0, 10)}</span>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={PUBLIC_TEXTS.confirmSubmission}
        message={`Send ${chosen.size === 1 ? 'this submission' : `these ${chosen.size} submissions`} to the casting team? A submission cannot be withdrawn.`}
        confirmLabel="Send"
        busy={send.isPending}
        onConfirm={() => send.mutate([...chosen])}
      />
    </section>
  );
}
