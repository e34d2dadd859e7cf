import { extractErrorMessage, SELF_TAPE_TEXTS, type SelfTapeTracking } from '@casting/domain';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { useCloseAndRelease } from './self-tapes-api';

/**
 * Closing a request, then its release notice: the director ticks the candidates kept for the next step; everyone
 * else of the request receives the project's Release template, once. Reviewers who may not (`manage` false) only read
 * whether the request is closed and its notice sent.
 */
export function CloseAndRelease(props: { projectId: string; data: SelfTapeTracking; manage: boolean }) {
  const { request, items } = props.data;
  const { close, release } = useCloseAndRelease(props.projectId, request.id);
  const [keep, setKeep] = useState<ReadonlySet<string>>(new Set());
  const candidates = [...new Map(items.map((item) => [item.submissionId, item.candidateName])).entries()];
  const error = close.error ?? release.error;
  if (!props.manage) {
    if (!request.closedAt) return null;
    return (
      <p className="text-sm text-ink">
        {SELF_TAPE_TEXTS.closed}
        {request.releaseSentAt ? ` · ${SELF_TAPE_TEXTS.releaseSent}` : ''}
      </p>
    );
  }
  if (!request.closedAt) {
    return (
      <Button
        variant="secondary"
        className="self-start"
        disabled={close.isPending}
        onClick={() => close.mutate()}
      >
        {SELF_TAPE_TEXTS.closeRequest}
      </Button>
    );
  }
  return (
    <section className="flex flex-col gap-2">
      <p className="text-sm text-ink">{SELF_TAPE_TEXTS.closed}</p>
      {request.releaseSentAt || release.isSuccess ? (
        <p role="status" className="text-sm text-ink">
          {release.data ? SELF_TAPE_TEXTS.releaseDone(release.data.candidates) : SELF_TAPE_TEXTS.releaseSent}
        </p>
      ) : (
        <>
          <fieldset className="flex flex-col gap-1">
            <legend className="text-sm font-medium">{SELF_TAPE_TEXTS.keepLegend}</legend>
            {candidates.map(([submissionId, name]) => (
              <label key={submissionId} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={keep.has(submissionId)}
                  onChange={(event) => {
                    const next = new Set(keep);
                    if (event.target.checked) next.add(submissionId);
                    else next.delete(submissionId);
                    setKeep(next);
                  }}
                />
                {name}
              </label>
            ))}
          </fieldset>
          <Button
            variant="danger"
            className="self-start"
            disabled={release.isPending}
            onClick={() => release.mutate([...keep])}
          >
            {SELF_TAPE_TEXTS.sendRelease}
          </Button>
        </>
      )}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {extractErrorMessage(error)}
        </p>
      ) : null}
    </section>
  );
}
