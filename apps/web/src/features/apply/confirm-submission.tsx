import { PUBLIC_TEXTS } from '@casting/domain';
import type { ResolvedLink, StandaloneApplyInput } from '@casting/domain';
import { useEffect, useRef } from 'react';
import { setModalOpen } from '../../ui/native-modal';

/**
 * The confirm-submission step: a native modal dialog (focus kept inside, Escape cancels) listing what will be
 * sent. A submission to a project cannot be withdrawn afterwards, so the step says so.
 */
export function ConfirmSubmission({
  payload,
  link,
  sending,
  onCancel,
  onConfirm,
}: {
  payload: StandaloneApplyInput | null;
  link: ResolvedLink;
  sending: boolean;
  onCancel(): void;
  onConfirm(): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => setModalOpen(ref.current, Boolean(payload)), [payload]);
  const opportunity =
    link.opportunities.find((item) => item.id === payload?.roleId)?.name ?? link.opportunities[0]?.name;
  return (
    <dialog
      ref={ref}
      aria-labelledby="confirm-submission-title"
      onCancel={(event) => {
        event.preventDefault();
        if (!sending) onCancel();
      }}
      className="m-auto w-[calc(100vw-2rem)] max-w-md rounded-xl border border-line bg-surface p-6 text-ink backdrop:bg-scrim"
    >
      {payload ? (
        <div className="flex flex-col gap-4">
          <h2 id="confirm-submission-title" className="text-lg font-semibold">
            {PUBLIC_TEXTS.confirmSubmission}
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-ink-muted">Name</dt>
            <dd>
              {payload.firstName} {payload.lastName}
            </dd>
            <dt className="text-ink-muted">Email</dt>
            <dd className="break-all">{payload.email}</dd>
            <dt className="text-ink-muted">Phone</dt>
            <dd>{payload.phone}</dd>
            {opportunity ? (
              <>
                <dt className="text-ink-muted">Opportunity</dt>
                <dd>{opportunity}</dd>
              </>
            ) : null}
            <dt className="text-ink-muted">Files</dt>
            <dd>{payload.uploads?.length ?? 0}</dd>
          </dl>
          <p className="text-sm text-ink-muted">
            Once sent, a submission cannot be withdrawn. You can update your details later from the private
            link we e-mail you.
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button
              type="button"
              disabled={sending}
              onClick={onCancel}
              className="min-h-11 rounded-md border border-line px-4 text-base text-ink"
            >
              Edit
            </button>
            <button
              type="button"
              disabled={sending}
              onClick={onConfirm}
              className="min-h-11 rounded-md bg-accent px-4 text-base font-semibold text-on-accent disabled:bg-accent/60"
            >
              {sending ? 'Submitting…' : 'Submit'}
            </button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
