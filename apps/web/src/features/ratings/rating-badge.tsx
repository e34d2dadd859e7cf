import { RATING_TEXTS } from '@casting/domain';
import type { RatingSummary } from '@casting/domain';
import { averageText } from './candidate-rating';

/**
 * A list row's rating: "4.3 ★ (3)" with the spread in its accessible name; in blind review before I rated, only how
 * many rated. Nothing when nobody did.
 */
export function RatingBadge({ rating }: { rating: RatingSummary | undefined }) {
  if (!rating || rating.count === 0) return null;
  if (rating.hidden || rating.average === null || rating.min === null || rating.max === null) {
    return <span className="text-xs text-ink-muted">{RATING_TEXTS.hiddenShort(rating.count)}</span>;
  }
  const average = averageText(rating.average);
  return (
    <span
      role="img"
      aria-label={RATING_TEXTS.rowLabel(average, rating.min, rating.max, rating.count)}
      className="text-xs font-medium whitespace-nowrap text-amber-700"
    >
      {RATING_TEXTS.short(average, rating.count)}
    </span>
  );
}
