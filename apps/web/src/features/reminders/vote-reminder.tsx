import { useState } from 'react';
import { Button } from '../../ui/button';
import { neverRemind, readUpvotePreference, remindLater, shouldRemind } from './upvote-preference';

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The reminder to vote on new submissions: shown while the opportunity's New Submissions folder holds candidates
 * and the person has not silenced it (for a day, or for good).
 */
export function VoteReminder({ count, onReview }: { count: number; onReview(): void }) {
  const [preference, setPreference] = useState(() => readUpvotePreference(browserStorage()));
  // The moment the page opened: a day's snooze that ends while it is open shows again on the next visit.
  const [openedAt] = useState(() => Date.now());
  if (count <= 0 || !shouldRemind(preference, openedAt)) return null;
  return (
    <div
      role="region"
      aria-label="Reminder to vote"
      className="flex flex-col gap-2 rounded-lg border border-info/30 bg-info-soft p-3 text-sm text-ink sm:flex-row sm:items-center sm:justify-between"
    >
      <p>
        {count === 1 ? '1 new submission is' : `${count.toLocaleString('en-US')} new submissions are`} waiting
        for your vote.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button className="min-h-9 px-3" onClick={onReview}>
          Review now
        </Button>
        <Button
          variant="secondary"
          className="min-h-9 px-3"
          onClick={() => setPreference(remindLater(browserStorage(), Date.now()))}
        >
          Don’t remind me for a day
        </Button>
        <Button
          variant="ghost"
          className="min-h-9 px-3"
          onClick={() => setPreference(neverRemind(browserStorage()))}
        >
          Never remind me
        </Button>
      </div>
    </div>
  );
}
