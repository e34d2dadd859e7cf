import { COMPARE_TEXTS, UI_TEXTS } from '@casting/domain';
import type { ApplicantDetail, Folder, VoteType } from '@casting/domain';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Kbd } from '../../ui/kbd';
import type { MediaItem } from '../media';
import type { SyncedPlayers } from './use-synced-players';

const VOTE_BUTTONS = [
  ['UP_VOTE', 'Yes'],
  ['MAYBE', 'Maybe'],
  ['DOWN_VOTE', 'No'],
] as const;

export interface CompareCardProps {
  /** The list row (the submission) compared: votes and folders are the row's. */
  rowId: string;
  position: number;
  detail: ApplicantDetail;
  representation: string | null;
  tapes: MediaItem[];
  focused: boolean;
  onFocus(): void;
  players: SyncedPlayers;
  myVote: VoteType | null;
  canVote: boolean;
  onVote(vote: VoteType): void;
  /** The folders of the row's opportunity it may be moved to, with the ones it is in. */
  folders: { all: readonly Folder[]; current: readonly string[] } | null;
  onMove(folder: Folder): void;
  /** Room for more actions on the candidate (a rating beside the votes). */
  extraActions?: ReactNode;
}

/** One compared candidate: photo, key facts, tape in a linked player, vote and move to a folder. */
export function CompareCard(props: CompareCardProps) {
  const { rowId, position, detail, tapes, focused, players, myVote } = props;
  const [tapeId, setTapeId] = useState<string | null>(null);
  const tape = tapes.find((item) => item.id === tapeId) ?? tapes[0] ?? null;
  const state = players.stateOf(rowId);
  const playingAge =
    detail.playingAgeMin !== null || detail.playingAgeMax !== null
      ? `${detail.playingAgeMin ?? '?'}–${detail.playingAgeMax ?? '?'}`
      : null;
  const facts: [string, string | null][] = [
    [COMPARE_TEXTS.playingAge, playingAge],
    [COMPARE_TEXTS.height, detail.height ?? detail.sizes.height ?? null],
    [COMPARE_TEXTS.location, detail.location],
    [COMPARE_TEXTS.representation, props.representation ?? COMPARE_TEXTS.unrepresented],
  ];
  const headingId = `compare-${rowId}`;
  return (
    <article
      aria-labelledby={headingId}
      aria-current={focused ? 'true' : undefined}
      className={cn(
        'flex min-w-0 flex-col gap-3 rounded-lg border bg-surface p-3',
        focused ? 'border-brand-600 ring-2 ring-brand-600' : 'border-line',
      )}
    >
      <div className="flex items-start gap-3">
        <span className="relative block aspect-[3/4] w-24 shrink-0 overflow-hidden rounded-md bg-canvas">
          {detail.photoUrl ? (
            <img src={detail.photoUrl} alt="" className="absolute inset-0 size-full object-cover" />
          ) : (
            <span
              aria-hidden="true"
              data-initials={detail.initials}
              className="absolute inset-0 flex items-center justify-center text-2xl font-semibold text-ink-muted before:content-[attr(data-initials)]"
            />
          )}
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-lg font-semibold break-words text-ink">
            {detail.name}
          </h2>
          <Button
            variant="ghost"
            className="min-h-8 px-2 text-xs"
            aria-pressed={focused}
            aria-keyshortcuts={String(position)}
            onClick={props.onFocus}
          >
            {COMPARE_TEXTS.focusCandidate(detail.name, position)} <Kbd>{String(position)}</Kbd>
          </Button>
          <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm">
            {facts.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-ink-muted">{label}</dt>
                <dd className="break-words text-ink">{value ?? UI_TEXTS.noDetailsYet}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>

      {tape ? (
        <div className="flex flex-col gap-2">
          <video
            ref={players.register(rowId)}
            src={tape.status === 'PROCESSED' && tape.convertedUrl ? tape.convertedUrl : tape.url}
            poster={tape.posterUrl ?? undefined}
            preload="metadata"
            playsInline
            muted={state.muted}
            controls={!state.linked}
            aria-label={COMPARE_TEXTS.tapeOf(detail.name)}
            onTimeUpdate={state.linked ? players.onTimeUpdate : undefined}
            onLoadedMetadata={players.onLoadedMetadata}
            className="aspect-video w-full rounded-md bg-black"
          />
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="secondary" className="min-h-9 px-3" onClick={() => players.toggleMuted(rowId)}>
              {state.muted ? COMPARE_TEXTS.unmute(detail.name) : COMPARE_TEXTS.mute(detail.name)}
            </Button>
            <Button variant="secondary" className="min-h-9 px-3" onClick={() => players.toggleLinked(rowId)}>
              {state.linked ? COMPARE_TEXTS.unlink(detail.name) : COMPARE_TEXTS.link(detail.name)}
            </Button>
            {tapes.length > 1 ? (
              <label className="flex items-center gap-1 text-sm text-ink">
                <span className="sr-only">{COMPARE_TEXTS.chooseTape(detail.name)}</span>
                <select
                  className="min-h-9 rounded-md border border-line bg-surface px-2"
                  value={tape.id}
                  onChange={(event) => setTapeId(event.target.value)}
                >
                  {tapes.map((item) => (
                    <option key={item.id} value={item.id}>
                      {item.name}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
          </div>
        </div>
      ) : (
        <p className="rounded-md bg-canvas p-3 text-sm text-ink-muted">{COMPARE_TEXTS.noTape}</p>
      )}

      {props.canVote ? (
        <div
          role="group"
          aria-label={`${UI_TEXTS.yourVote}: ${detail.name}`}
          className="flex flex-wrap gap-2"
        >
          {VOTE_BUTTONS.map(([vote, label]) => (
            <Button
              key={vote}
              variant="secondary"
              aria-pressed={myVote === vote}
              onClick={() => props.onVote(vote)}
              className={cn('min-h-9 px-3', myVote === vote && 'border-brand-600 bg-brand-50 text-brand-800')}
            >
              {label}
            </Button>
          ))}
        </div>
      ) : null}
      {props.extraActions}
      {props.folders && props.folders.all.length > 0 ? (
        <label className="flex flex-col gap-1 text-sm text-ink">
          <span>
            {COMPARE_TEXTS.moveToFolder}
            <span className="sr-only">{` (${detail.name})`}</span>
          </span>
          <select
            className="min-h-9 rounded-md border border-line bg-surface px-2"
            value=""
            onChange={(event) => {
              const folder = props.folders?.all.find((item) => item.id === event.target.value);
              if (folder) props.onMove(folder);
            }}
          >
            <option value="">{COMPARE_TEXTS.moveToFolder}…</option>
            {props.folders.all
              .filter((folder) => !props.folders?.current.includes(folder.id))
              .map((folder) => (
                <option key={folder.id} value={folder.id}>
                  {folder.name}
                </option>
              ))}
          </select>
        </label>
      ) : null}
    </article>
  );
}
