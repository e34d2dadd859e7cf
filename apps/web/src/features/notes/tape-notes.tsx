import { useEffect, useRef, useState } from 'react';
import type { MouseEvent } from 'react';
import { NOTE_TEXTS } from '@casting/domain';
import type { Note } from '@casting/domain';
import { isTyping } from '../../lib/keyboard/is-typing';
import { seekTo } from '../../lib/media/player';
import { LiveNotes } from './live-notes';
import { NoteForm, NoteItem, formatOffset } from './note-parts';
import { useNotes, type NotesTarget } from './notes-api';

/** A tape holds at most this many time-coded notes on one page of its list (more load with the button). */
const TAPE_PAGE = 100;

export interface TapeNotesProps {
  target: NotesTarget;
  mediaId: string;
  /** The tape's player, once it is on screen. */
  video: HTMLVideoElement | null;
  /** Whether this person may add notes here (a client link: a named viewer). */
  canWrite: boolean;
}

const useVideoClock = (video: HTMLVideoElement | null) => {
  const [clock, setClock] = useState({ now: 0, duration: 0 });
  useEffect(() => {
    if (!video) return undefined;
    const sync = () =>
      setClock({
        now: video.currentTime * 1000,
        duration: Number.isFinite(video.duration) ? video.duration * 1000 : 0,
      });
    const events = ['timeupdate', 'durationchange', 'loadedmetadata', 'seeked'] as const;
    for (const name of events) video.addEventListener(name, sync);
    sync();
    return () => {
      for (const name of events) video.removeEventListener(name, sync);
    };
  }, [video]);
  return clock;
};

/**
 * A tape's time-coded notes under the player: markers on a timeline (a click on it adds a note at that time), the
 * notes in time order (each seeks the player), and a note at the current time (the N key or the button; the tape
 * pauses while it is written). Colleagues' notes arrive live on the team's pages.
 */
export function TapeNotes({ target, mediaId, video, canWrite }: TapeNotesProps) {
  const notes = useNotes(target, { mediaId, limit: TAPE_PAGE });
  const timed = (notes.data?.pages.flatMap((page) => page.items) ?? [])
    .filter((note): note is Note & { offsetMs: number } => note.offsetMs !== null)
    .sort((a, b) => a.offsetMs - b.offsetMs);
  const { now, duration } = useVideoClock(video);
  const [at, setAt] = useState<number | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);

  const openAt = (offsetMs: number) => {
    video?.pause();
    setAt(Math.max(0, Math.round(offsetMs)));
  };
  useEffect(() => {
    if (at !== null) textarea.current?.focus();
  }, [at]);
  useEffect(() => {
    if (!canWrite || !video) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'n' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target)) return;
      event.preventDefault();
      video.pause();
      setAt(Math.round(video.currentTime * 1000));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [canWrite, video]);

  const seek = (offsetMs: number) => {
    if (video) seekTo(video, offsetMs);
  };
  const onTimeline = (event: MouseEvent<HTMLButtonElement>) => {
    if (!duration) return;
    const box = event.currentTarget.getBoundingClientRect();
    const fraction = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
    if (canWrite) openAt(fraction * duration);
    else seek(fraction * duration);
  };

  return (
    <section
      className="flex flex-col gap-2 text-white"
      aria-label={NOTE_TEXTS.timeCoded}
      data-testid="tape-notes"
    >
      {target.team ? <LiveNotes projectId={target.projectId} applicantId={target.applicantId} /> : null}
      <div className="relative h-8">
        <button
          type="button"
          aria-label={NOTE_TEXTS.timeline}
          onClick={onTimeline}
          className="absolute inset-x-0 top-3 h-2 rounded-full bg-white/25"
        >
          <span
            aria-hidden="true"
            className="block h-2 rounded-full bg-white/70"
            style={{ width: duration ? `${Math.min(100, (now / duration) * 100)}%` : '0%' }}
          />
        </button>
        {duration
          ? timed.map((note) => (
              <button
                key={note.id}
                type="button"
                aria-label={NOTE_TEXTS.markerLabel(formatOffset(note.offsetMs), note.authorName)}
                title={note.body}
                onClick={() => seek(note.offsetMs)}
                data-testid="note-marker"
                className="absolute top-0 h-8 w-3 -translate-x-1/2 rounded-sm bg-amber-400 hover:bg-amber-300"
                style={{ left: `${Math.min(100, (note.offsetMs / duration) * 100)}%` }}
              />
            ))
          : null}
      </div>
      {canWrite && at === null ? (
        <button
          type="button"
          aria-keyshortcuts="N"
          onClick={() => openAt(now)}
          className="inline-flex min-h-10 w-fit items-center rounded-md px-3 text-sm font-medium hover:bg-white/10"
        >
          {NOTE_TEXTS.addAtTime(formatOffset(now))}
        </button>
      ) : null}
      {canWrite && at !== null ? (
        <NoteForm
          target={target}
          at={{ mediaId, offsetMs: at }}
          textareaRef={textarea}
          onDone={() => setAt(null)}
          dark
        />
      ) : null}
      {canWrite ? <p className="text-xs text-white/60">{NOTE_TEXTS.keyHint}</p> : null}
      <ul className="flex flex-col gap-2" aria-live="polite">
        {timed.map((note) => (
          <li key={note.id} className="flex gap-2">
            <button
              type="button"
              onClick={() => seek(note.offsetMs)}
              className="min-h-8 shrink-0 rounded-md px-2 font-mono text-sm text-amber-300 hover:bg-white/10"
            >
              {formatOffset(note.offsetMs)}
            </button>
            <div className="min-w-0 flex-1">
              <NoteItem note={note} target={target} dark />
            </div>
          </li>
        ))}
      </ul>
      {notes.hasNextPage ? (
        <button
          type="button"
          onClick={() => void notes.fetchNextPage()}
          className="inline-flex min-h-10 w-fit items-center rounded-md px-3 text-sm hover:bg-white/10"
        >
          {NOTE_TEXTS.loadMore}
        </button>
      ) : null}
    </section>
  );
}
