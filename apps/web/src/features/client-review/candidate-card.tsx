import type { ClientCandidate } from '@casting/domain';
import { voteText } from './client-feedback';

/** A candidate in the review list: photo (or initials), name, opportunity and the viewer's vote; opens the candidate. */
export function CandidateCard({ item, onOpen }: { item: ClientCandidate; onOpen(): void }) {
  const name = `${item.firstName} ${item.lastName}`;
  const vote = voteText(item.myFeedback?.vote);
  return (
    <button
      type="button"
      onClick={onOpen}
      className="flex w-full items-center gap-3 rounded-xl border border-line bg-surface p-3 text-left hover:bg-canvas focus-visible:outline-2 focus-visible:outline-accent"
    >
      {item.primaryPhotoUrl ? (
        <img src={item.primaryPhotoUrl} alt="" className="size-20 shrink-0 rounded-lg object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="grid size-20 shrink-0 place-items-center rounded-lg bg-canvas text-2xl"
        >
          {item.firstName.slice(0, 1)}
          {item.lastName.slice(0, 1)}
        </span>
      )}
      <span className="flex min-w-0 flex-col gap-0.5">
        <span className="truncate text-base font-semibold text-ink">{name}</span>
        <span className="truncate text-sm text-ink-muted">{item.roleName}</span>
        {vote ? <span className="text-sm text-ink">Your vote: {vote}</span> : null}
      </span>
    </button>
  );
}
