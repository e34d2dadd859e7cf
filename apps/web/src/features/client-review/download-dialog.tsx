import { CLIENT_REVIEW_MESSAGES, MESSAGES } from '@casting/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { HttpError } from '../../lib/http/http-error';
import { useHttpClient } from '../../lib/http/http-client-context';
import { paths } from '../../lib/routing/paths';
import { Button } from '../../ui/button';
import { setModalOpen } from '../../ui/native-modal';
import { requestDownload } from './client-review-api';

export interface DownloadDialogProps {
  open: boolean;
  onClose(): void;
  projectId: string;
  secret: string;
  /** The candidates to zip (submission ids); absent: every candidate of the link. */
  submissionIds?: string[];
  /** Whose media, as the sentence reads: "Rae Holm’s" or "these 2 candidates’". */
  subject: string;
  /** The identified viewer's address (where the server mails the link), or null before identification. */
  email: string | null;
  /** A refusal that changes the page (revoked, expired, identification needed). */
  onError(error: unknown): void;
}

/**
 * Download applicant videos, in a client view: the team's dialog (an e-mail address, Yes and Cancel; the zip is made by
 * a job and its link arrives by e-mail), shifted upward so that on a phone it sits clear of the browser's bottom bar.
 * The address is the identified viewer's and cannot be changed here: the server mails that address only. A native
 * dialog keeps the review chunk free of the back office's dialog library.
 */
export function DownloadDialog(props: DownloadDialogProps) {
  const http = useHttpClient();
  const ref = useRef<HTMLDialogElement>(null);
  const ids = useId();
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);
  const { open } = props;
  useEffect(() => setModalOpen(ref.current, open), [open]);
  // Each opening starts afresh.
  const close = () => {
    setState('idle');
    setError(null);
    props.onClose();
  };

  const submit = async () => {
    setState('sending');
    setError(null);
    try {
      await requestDownload(
        http,
        props.projectId,
        props.secret,
        props.submissionIds ? { submissionIds: props.submissionIds } : {},
      );
      setState('sent');
    } catch (failure) {
      setState('idle');
      setError(
        (failure instanceof HttpError ? failure.data?.message : null) ??
          CLIENT_REVIEW_MESSAGES.downloadFailed,
      );
      props.onError(failure);
    }
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-body`}
      onClose={close}
      className="fixed inset-x-0 top-[8vh] mx-auto w-[calc(100vw-2rem)] max-w-md rounded-xl border border-line bg-surface p-5 text-ink backdrop:bg-scrim"
    >
      <h2 id={`${ids}-title`} className="text-lg font-semibold">
        {CLIENT_REVIEW_MESSAGES.downloadDialogTitle}
      </h2>
      <p id={`${ids}-body`} className="mt-1 text-sm text-ink-muted">
        {CLIENT_REVIEW_MESSAGES.downloadDialogBody(props.subject)}
      </p>
      {props.email ? (
        <form
          noValidate
          className="mt-4 flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (state === 'idle') void submit();
          }}
        >
          <label className="flex flex-col gap-1 text-sm font-medium text-ink">
            {CLIENT_REVIEW_MESSAGES.downloadRecipient}
            <input
              type="email"
              readOnly
              value={props.email}
              aria-describedby={`${ids}-hint`}
              className="min-h-11 rounded-md border border-line bg-canvas px-3 text-base text-ink"
            />
          </label>
          <p id={`${ids}-hint`} className="text-sm text-ink-muted">
            {CLIENT_REVIEW_MESSAGES.downloadRecipientHint}
          </p>
          <p role="status" className="min-h-5 text-sm text-ink">
            {state === 'sent' ? MESSAGES.downloadLinkSent : null}
          </p>
          {error ? (
            <p role="alert" className="text-sm text-danger">
              {error}
            </p>
          ) : null}
          <div className="grid grid-cols-2 gap-2">
            <Button variant="secondary" className="min-h-11" onClick={close}>
              {state === 'sent' ? 'Close' : MESSAGES.cancel}
            </Button>
            {state === 'sent' ? null : (
              <Button type="submit" className="min-h-11" disabled={state === 'sending'}>
                Yes
              </Button>
            )}
          </div>
        </form>
      ) : (
        <div className="mt-4 flex flex-col gap-3">
          <p className="text-sm text-ink">
            <Link
              className="text-accent underline"
              to={`${paths.client.reviewSubmissionAuth}?link=${encodeURIComponent(props.secret)}`}
            >
              {CLIENT_REVIEW_MESSAGES.downloadNeedsIdentity}
            </Link>
          </p>
          <Button variant="secondary" className="min-h-11" onClick={close}>
            {MESSAGES.cancel}
          </Button>
        </div>
      )}
    </dialog>
  );
}
