import { UI_TEXTS } from '@casting/domain';
import type { ClientCandidateDetail, ClientVote } from '@casting/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { useHttpClient } from '../../lib/http/http-client-context';
import { paths } from '../../lib/routing/paths';
import { Button } from '../../ui/button';
import { sendFeedback } from './client-review-api';

const VOTE_LABELS: [ClientVote, string][] = [
  ['YES', 'Yes'],
  ['MAYBE', 'Maybe'],
  ['NO', 'No'],
];

/** A client's vote as the review pages word it. */
export function voteText(vote: ClientVote | null | undefined): string | null {
  return VOTE_LABELS.find(([value]) => value === vote)?.[1] ?? null;
}

/**
 * The viewer's vote and comment on one candidate, each saved as it is given. A viewer who has not said who they
 * are is offered the identification page instead.
 */
export function ClientFeedback({
  projectId,
  secret,
  submissionId,
  initial,
  canVote,
  onSaved,
  onError,
}: {
  projectId: string;
  secret: string;
  submissionId: string;
  /** The viewer's feedback given before, if any. */
  initial: ClientCandidateDetail['myFeedback'];
  canVote: boolean;
  onSaved(): void;
  onError(error: unknown): void;
}) {
  const http = useHttpClient();
  const [vote, setVote] = useState<ClientVote | null>(initial?.vote ?? null);
  const [comment, setComment] = useState(initial?.comment ?? '');
  const [status, setStatus] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async (body: { vote?: ClientVote | null; comment?: string | null }, done: string) => {
    setSaving(true);
    setStatus(null);
    try {
      await sendFeedback(http, projectId, secret, submissionId, body);
      setStatus(done);
      onSaved();
    } catch (error) {
      onError(error);
      setStatus('Your feedback was not saved. Check your connection and try again.');
    } finally {
      setSaving(false);
    }
  };

  if (!canVote) {
    return (
      <p className="text-sm text-ink">
        <Link
          className="text-accent underline"
          to={`${paths.client.reviewSubmissionAuth}?link=${encodeURIComponent(secret)}`}
        >
          Tell us who you are
        </Link>{' '}
        to vote and comment.
      </p>
    );
  }
  return (
    <section
      aria-labelledby="client-feedback-heading"
      className="flex flex-col gap-3 rounded-xl border border-line p-3"
    >
      <h2 id="client-feedback-heading" className="text-base font-semibold text-ink">
        Your feedback
      </h2>
      <div role="group" aria-label={UI_TEXTS.yourVote} className="grid grid-cols-3 gap-2">
        {VOTE_LABELS.map(([value, label]) => (
          <Button
            key={value}
            variant={vote === value ? 'primary' : 'secondary'}
            aria-pressed={vote === value}
            className="min-h-11"
            disabled={saving}
            onClick={() => {
              const next = vote === value ? null : value;
              setVote(next);
              void save({ vote: next }, next ? `Vote saved: ${label}` : 'Vote removed');
            }}
          >
            {label}
          </Button>
        ))}
      </div>
      <label className="flex flex-col gap-1 text-sm font-medium text-ink">
        Comment for the casting team
        <textarea
          className="min-h-24 rounded-md border border-line bg-surface p-2 text-base text-ink"
          maxLength={2000}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
      </label>
      <Button
        variant="secondary"
        className="min-h-11"
        disabled={saving}
        onClick={() => void save({ comment: comment.trim() || null }, 'Comment saved')}
      >
        Save comment
      </Button>
      <p role="status" className="min-h-5 text-sm text-ink-muted">
        {status}
      </p>
    </section>
  );
}
