import { useId, useMemo, useState } from 'react';
import { NOTE_SEARCH_MIN, NOTE_TEXTS } from '@casting/domain';
import { Button } from '../../ui/button';
import { LiveNotes } from './live-notes';
import { NoteForm, NoteItem } from './note-parts';
import { teamNotesTarget, useNotes } from './notes-api';

export interface CandidateNotesProps {
  projectId: string;
  applicantId: string;
  /** The opportunity of the open row: a new note is about it. */
  roleId: string;
}

/**
 * The candidate preview's notes: write one with who may read it, the candidate's notes newest first with author,
 * time (in the reader's zone) and visibility, a search over their text, and colleagues' notes arriving live.
 */
export function CandidateNotes({ projectId, applicantId, roleId }: CandidateNotesProps) {
  const headingId = useId();
  const target = useMemo(
    () => teamNotesTarget(projectId, applicantId, roleId),
    [projectId, applicantId, roleId],
  );
  const [search, setSearch] = useState('');
  const q = search.trim().length >= NOTE_SEARCH_MIN ? search.trim() : undefined;
  const notes = useNotes(target, { q });
  const items = notes.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2" data-testid="candidate-notes">
      <h3 id={headingId} className="text-sm font-semibold text-ink">
        {NOTE_TEXTS.title}
      </h3>
      <LiveNotes projectId={projectId} applicantId={applicantId} />
      <NoteForm key={applicantId} target={target} />
      <label className="flex flex-col gap-1 text-xs text-ink-muted">
        {NOTE_TEXTS.search}
        <input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="min-h-10 rounded-md border border-line bg-surface px-3 text-sm text-ink"
        />
      </label>
      {search.trim() && !q ? <p className="text-xs text-ink-muted">{NOTE_TEXTS.searchHint}</p> : null}
      {notes.isSuccess && items.length === 0 ? (
        <p className="text-sm text-ink-muted">{q ? NOTE_TEXTS.noMatch : NOTE_TEXTS.none}</p>
      ) : null}
      <ul className="flex flex-col gap-3" aria-live="polite">
        {items.map((note) => (
          <li key={note.id}>
            <NoteItem note={note} target={target} />
          </li>
        ))}
      </ul>
      {notes.hasNextPage ? (
        <Button
          variant="secondary"
          disabled={notes.isFetchingNextPage}
          onClick={() => void notes.fetchNextPage()}
        >
          {NOTE_TEXTS.loadMore}
        </Button>
      ) : null}
    </section>
  );
}
