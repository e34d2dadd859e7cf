import { extractErrorMessage, MESSAGES, PUBLIC_TEXTS, PAGE_TITLES } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { HttpError } from '../../lib/http/http-error';
import { useApplyAddress } from './apply-address';
import { answerClaim, claimView } from './apply-api';
import { ApplyFrame, Notice } from './apply-frame';

/**
 * /claim-confirmation/:id?projectId=&token=: the agent a talent named answers the claim from the e-mailed link,
 * without an account. The page names the talent and the project first (the link's secret opens those two names);
 * a claim already answered says how it was answered instead of asking again.
 */
export function ClaimConfirmationPage() {
  const http = useHttpClient();
  const { params, search } = useApplyAddress();
  const { id } = params;
  const projectId = search.get('projectId');
  const token = search.get('token');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const view = useQuery({
    queryKey: ['claim', projectId, id, token],
    queryFn: ({ signal }) => claimView(http, projectId ?? '', id ?? '', token ?? '', signal),
    enabled: Boolean(id && projectId && token),
    retry: false,
    staleTime: Infinity,
  });

  if (!id || !projectId || !token) {
    return (
      <ApplyFrame>
        <Notice title={PUBLIC_TEXTS.linkIncomplete}>Open the link exactly as the e-mail gives it.</Notice>
      </ApplyFrame>
    );
  }

  const answer = (kind: 'confirm' | 'deny') => {
    setBusy(true);
    answerClaim(http, projectId, kind, { claimId: id, token })
      .then(
        (result) => setOutcome({ ok: true, message: result.message }),
        (error: unknown) =>
          setOutcome({
            ok: false,
            message:
              error instanceof HttpError && error.code === 'APPLICANT_REPRESENTATIVE_ALREADY_DENIED'
                ? MESSAGES.representationAlreadyDeclined
                : extractErrorMessage(error),
          }),
      )
      .finally(() => setBusy(false));
  };

  return (
    <ApplyFrame>
      <section className="flex flex-col items-center gap-4 py-10 text-center">
        <h1 className="text-2xl font-semibold text-ink">{PAGE_TITLES.confirmRepresentation}</h1>
        {outcome ? (
          <p
            role={outcome.ok ? 'status' : 'alert'}
            className={outcome.ok ? 'text-base text-success' : 'text-base text-danger'}
          >
            {outcome.message}
          </p>
        ) : view.isPending ? (
          <p role="status" className="text-base text-ink-muted">
            {PUBLIC_TEXTS.claimLoading}
          </p>
        ) : view.isError ? (
          <p role="alert" className="text-base text-danger">
            {extractErrorMessage(view.error)}
          </p>
        ) : view.data.status === 'CONFIRMED' ? (
          <p role="status" className="max-w-md text-base text-success">
            {PUBLIC_TEXTS.claimConfirmedBefore(view.data.talentName, view.data.projectName)}
          </p>
        ) : view.data.status === 'DENIED' ? (
          <p role="status" className="max-w-md text-base text-ink">
            {PUBLIC_TEXTS.claimDeclinedBefore(view.data.talentName, view.data.projectName)}
          </p>
        ) : (
          <>
            <p className="max-w-md text-base text-ink">
              {PUBLIC_TEXTS.claimQuestion(view.data.talentName, view.data.projectName)} Do you represent them?
            </p>
            <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
              <button
                type="button"
                disabled={busy}
                onClick={() => answer('confirm')}
                className="min-h-12 rounded-md bg-accent px-5 text-base font-semibold text-on-accent disabled:bg-accent/60"
              >
                Yes, I represent them
              </button>
              <button
                type="button"
                disabled={busy}
                onClick={() => answer('deny')}
                className="min-h-12 rounded-md border border-line px-5 text-base text-ink"
              >
                No, decline
              </button>
            </div>
          </>
        )}
      </section>
    </ApplyFrame>
  );
}
