import { extractErrorMessage, SELF_TAPE_TEXTS, type SelfTapePrivatePage } from '@casting/domain';
import { Button } from '../../ui/button';
import { useSelfTapePageAction } from './self-tapes-api';

/**
 * The agency review on the private page: a represented talent sees where their hand-in stands; their agent sees the
 * talent's takes and forwards them to the office or sends them back.
 */
export function ReviewPanel({ data, token }: { data: SelfTapePrivatePage; token: string }) {
  const action = useSelfTapePageAction(token);
  const review = data.toReview;
  return (
    <>
      {data.review === 'PENDING' ? <p role="status">{SELF_TAPE_TEXTS.awaitingReview}</p> : null}
      {data.review === 'RETURNED' ? <p role="status">{SELF_TAPE_TEXTS.returnedByAgent}</p> : null}
      {review ? (
        <section
          aria-label={SELF_TAPE_TEXTS.reviewTakes}
          className="flex flex-col gap-2 border-t border-line pt-4"
        >
          <h2 className="text-lg font-semibold text-ink">{SELF_TAPE_TEXTS.reviewTakes}</h2>
          <p className="text-sm text-ink">{SELF_TAPE_TEXTS.reviewStates[review.state]}</p>
          {review.takes.map((take) => (
            <div key={take.url} className="flex flex-col gap-1">
              {/* The agent watches the take here before answering; the link keeps the file for later. */}
              {take.kind === 'video' ? (
                <video
                  src={take.url}
                  controls
                  playsInline
                  preload="metadata"
                  aria-label={take.name}
                  className="max-h-96 w-full rounded-md bg-black"
                />
              ) : null}
              <a href={take.url} className="text-ink underline">
                {take.name}
              </a>
            </div>
          ))}
          {review.state === 'PENDING' ? (
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button
                disabled={action.isPending}
                onClick={() => action.mutate({ kind: 'review', forward: true })}
              >
                {SELF_TAPE_TEXTS.forward}
              </Button>
              <Button
                variant="secondary"
                disabled={action.isPending}
                onClick={() => action.mutate({ kind: 'review', forward: false })}
              >
                {SELF_TAPE_TEXTS.sendBack}
              </Button>
            </div>
          ) : null}
          {action.isError ? (
            <p role="alert" className="text-sm text-danger">
              {extractErrorMessage(action.error)}
            </p>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
