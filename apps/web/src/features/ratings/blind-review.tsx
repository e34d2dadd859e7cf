import { useQuery } from '@tanstack/react-query';
import { RATING_TEXTS } from '@casting/domain';
import { useHttpClient } from '../../lib/http/http-client-context';
import { ratingSettingsQuery, useBlindReview } from './ratings-api';

/**
 * The project's blind review setting: a switch for its owners and directors (MANAGE_PROJECT), a sentence for the
 * rest of the team.
 */
export function BlindReviewSection({ projectId, canManage }: { projectId: string; canManage: boolean }) {
  const http = useHttpClient();
  const { data } = useQuery(ratingSettingsQuery(http, projectId));
  const save = useBlindReview(projectId);
  if (!data) return null;
  const on = save.isPending ? (save.variables?.blindReview ?? data.blindReview) : data.blindReview;
  return (
    <section aria-labelledby="blind-review-heading" className="flex flex-col gap-2">
      <h2 id="blind-review-heading" className="text-lg font-semibold text-ink">
        {RATING_TEXTS.blindReview}
      </h2>
      {canManage ? (
        <label className="flex items-center gap-2 text-sm text-ink">
          <input
            type="checkbox"
            role="switch"
            checked={on}
            onChange={(event) => save.mutate({ blindReview: event.target.checked })}
            className="size-4"
          />
          {RATING_TEXTS.blindReview}
        </label>
      ) : (
        <p className="text-sm text-ink">{on ? RATING_TEXTS.blindReviewOn : RATING_TEXTS.blindReviewOff}</p>
      )}
      <p className="text-sm text-ink-muted">{RATING_TEXTS.blindReviewHelp}</p>
    </section>
  );
}
