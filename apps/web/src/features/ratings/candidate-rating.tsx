import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { RATING_MAX, RATING_TEXTS } from '@casting/domain';
import type { RatingSummary } from '@casting/domain';
import { useHttpClient } from '../../lib/http/http-client-context';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { candidateRatingsQuery, useRate } from './ratings-api';

const SCORES = Array.from({ length: RATING_MAX }, (_, index) => index + 1);

/** An average as the workspace shows it: one decimal ("4.5"). */
export const averageText = (average: number) => average.toFixed(1);

export interface CandidateRatingProps {
  projectId: string;
  /** The list row (submission) rated: the candidate for this opportunity. */
  submissionId: string;
  /** Names whose rating the controls give where several candidates are on screen (the compare view). */
  candidateName?: string;
}

/**
 * The preview's rating section: my score as five buttons (1 to 5, each named "Rate n of 5"; Tab reaches them, Enter
 * or Space gives that score, the current one again clears it), then the team's average, spread, count and who rated,
 * or, in blind review before I rated, only how many did.
 */
export function CandidateRating({ projectId, submissionId, candidateName }: CandidateRatingProps) {
  const http = useHttpClient();
  const headingId = useId();
  const { data } = useQuery(candidateRatingsQuery(http, projectId, submissionId));
  const rate = useRate(projectId, submissionId);
  const mine = rate.isPending ? (rate.variables ?? null) : (data?.mine ?? null);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-semibold text-ink">
        {RATING_TEXTS.title}
      </h3>
      <div
        role="group"
        aria-label={candidateName ? RATING_TEXTS.yourRatingOf(candidateName) : RATING_TEXTS.yourRating}
        className="flex flex-wrap items-center gap-1"
      >
        <span className="mr-1 text-sm text-ink-muted">{RATING_TEXTS.yourRating}</span>
        {SCORES.map((score) => {
          const on = mine !== null && score <= mine;
          return (
            <Button
              key={score}
              variant="ghost"
              aria-label={RATING_TEXTS.rate(score, RATING_MAX)}
              aria-pressed={mine === score}
              onClick={() => rate.mutate(mine === score ? null : score)}
              className={cn('min-w-9 px-2', on ? 'text-amber-600' : 'text-ink-muted')}
            >
              <span aria-hidden="true">{on ? '★' : '☆'}</span>
              <span aria-hidden="true" className="ml-0.5 text-xs">
                {score}
              </span>
            </Button>
          );
        })}
        {mine !== null ? (
          <Button variant="ghost" onClick={() => rate.mutate(null)} className="text-sm">
            {RATING_TEXTS.clear}
          </Button>
        ) : null}
      </div>
      {data ? <RatingDetails summary={data} /> : null}
    </section>
  );
}

/** The team's side: average, spread, count and each rater's score; or why they are hidden. */
export function RatingDetails({ summary }: { summary: RatingSummary }) {
  if (summary.count === 0) return <p className="text-sm text-ink-muted">{RATING_TEXTS.none}</p>;
  if (summary.hidden || summary.average === null || summary.min === null || summary.max === null) {
    return (
      <p className="text-sm text-ink-muted">
        {RATING_TEXTS.count(summary.count)} · {RATING_TEXTS.hidden}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1 text-sm text-ink">
      <p>
        {RATING_TEXTS.average(averageText(summary.average))} · {RATING_TEXTS.spread(summary.min, summary.max)}{' '}
        · {RATING_TEXTS.count(summary.count)}
      </p>
      <ul aria-label={RATING_TEXTS.raters} className="flex flex-wrap gap-x-3 gap-y-1 text-ink-muted">
        {summary.raters.map((rater) => (
          <li key={rater.userId}>{RATING_TEXTS.raterScore(rater.name, rater.score)}</li>
        ))}
      </ul>
    </div>
  );
}
