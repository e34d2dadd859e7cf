import type { ApplicantListItem } from '@casting/domain';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { DragEndEvent } from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import { SELFIE_TEXTS, UI_TEXTS } from '@casting/domain';
import { Avatar } from '../../ui/avatar';
import { cn } from '../../ui/cn';
import { VirtualList } from '../../ui/virtual-rows';
import { RosterStatusBadge } from '../roster';
import { RatingBadge } from '../ratings';
import type { VirtualRowProps } from '../../ui/virtual-rows';
import { MinorBadge, UnconfirmedBadge } from './candidate-consent';
import { ClientTally } from './client-feedback-summary';

export interface CandidateListProps {
  items: readonly ApplicantListItem[];
  selected: ReadonlySet<string>;
  openId: string | null;
  /** Names the opportunity of each row when the list spans several. */
  roleNames: ReadonlyMap<string, string>;
  showRole: boolean;
  genderNames: ReadonlyMap<string, string>;
  onToggle(id: string, range: boolean): void;
  onOpen(id: string): void;
  /** Set when the rows may be put in order by hand (a folder in manual order, for those allowed). */
  onReorder?: (rowIds: string[]) => void;
  busy?: boolean;
}

type RowProps = VirtualRowProps & { 'aria-posinset': number; 'aria-setsize': number };

/**
 * The candidates, one row each: picture (the primary photo, else initials), name, age, location, representation, the
 * project roster standing (for those who may read the roster), tags and the team's votes.
 * Only the rows in view are rendered once the list is long (ui/virtual-rows). In manual order each row has a
 * handle to drag it, or to move it with the keyboard (Space to pick up, arrow keys, Space to drop).
 */
export function CandidateList(props: CandidateListProps) {
  const { items, onReorder } = props;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const list = (
    <VirtualList
      items={items}
      getKey={(item) => item.id}
      label="Candidates"
      estimateSize={72}
      busy={props.busy}
      scrollClassName="max-h-[70vh] lg:max-h-[calc(100dvh-16rem)]"
      className="divide-y divide-line rounded-lg border border-line bg-surface"
      renderItem={(item, rowProps) =>
        onReorder ? (
          <SortableRow key={item.id} item={item} rowProps={rowProps} {...props} />
        ) : (
          <li {...rowProps} className={rowClass(item.id === props.openId)}>
            <RowBody item={item} {...props} />
          </li>
        )
      }
    />
  );
  if (!onReorder) return list;
  const ids = items.map((item) => item.id);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from === -1 || to === -1) return;
    onReorder(arrayMove(ids, from, to));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: {
          onDragStart: ({ active }) => `Picked up ${nameOf(items, active.id)}.`,
          onDragOver: ({ active, over }) =>
            over
              ? `${nameOf(items, active.id)} is now at position ${ids.indexOf(String(over.id)) + 1} of ${ids.length}.`
              : '',
          onDragEnd: ({ active, over }) =>
            over
              ? `${nameOf(items, active.id)} dropped at position ${ids.indexOf(String(over.id)) + 1}.`
              : 'Dropped.',
          onDragCancel: ({ active }) => `Moving ${nameOf(items, active.id)} was cancelled.`,
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {list}
      </SortableContext>
    </DndContext>
  );
}

function nameOf(items: readonly ApplicantListItem[], id: string | number): string {
  return items.find((item) => item.id === String(id))?.name ?? 'the candidate';
}

function rowClass(open: boolean) {
  return cn('flex items-center gap-3 px-3 py-2', open ? 'bg-brand-50' : 'bg-surface');
}

function SortableRow({
  item,
  rowProps,
  ...props
}: CandidateListProps & { item: ApplicantListItem; rowProps: RowProps }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: item.id });
  const { ref: measure, ...rest } = rowProps;
  return (
    <li
      {...rest}
      ref={(element) => {
        setNodeRef(element);
        measure?.(element);
      }}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn(rowClass(item.id === props.openId), isDragging && 'relative z-10 shadow-lg')}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Reorder ${item.name}`}
        className="inline-flex size-9 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-ink-muted hover:bg-canvas"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
          {[5, 10, 15].flatMap((y) => [7, 13].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.5" />))}
        </svg>
      </button>
      <RowBody item={item} {...props} />
    </li>
  );
}

function RowBody({
  item,
  selected,
  roleNames,
  showRole,
  genderNames,
  onToggle,
  onOpen,
}: CandidateListProps & { item: ApplicantListItem }) {
  const facts = [
    item.age !== null ? `${item.age} years` : playingAge(item),
    item.genderId ? genderNames.get(item.genderId) : null,
    showRole ? roleNames.get(item.roleId) : null,
  ].filter(Boolean);
  return (
    <>
      <input
        type="checkbox"
        aria-label={`Select ${item.name}`}
        className="size-4 shrink-0 accent-brand-700"
        checked={selected.has(item.id)}
        onChange={(event) => onToggle(item.id, (event.nativeEvent as MouseEvent).shiftKey === true)}
      />
      <span className="relative shrink-0">
        <Avatar name={item.name} imageUrl={item.photoUrl} />
        {item.hasSelfie ? (
          <span
            role="img"
            aria-label={SELFIE_TEXTS.marker}
            title={SELFIE_TEXTS.marker}
            className="absolute -right-0.5 -bottom-0.5 size-3 rounded-full border-2 border-surface bg-brand-600"
          />
        ) : null}
      </span>
      <button
        type="button"
        onClick={(event) => {
          if (event.shiftKey || event.metaKey || event.ctrlKey) onToggle(item.id, event.shiftKey);
          else onOpen(item.id);
        }}
        className="flex min-w-0 flex-1 flex-col items-start text-left"
      >
        <span className="max-w-full truncate text-sm font-medium text-ink">{item.name}</span>
        <span className="max-w-full truncate text-xs text-ink-muted">
          {facts.join(' · ') || UI_TEXTS.noDetailsYet}
        </span>
        {item.location || item.representation ? (
          // Shown at every width: on a phone it is the only place the row says where and through whom.
          <span className="max-w-full truncate text-xs text-ink-muted">
            {[item.location, representationText(item.representation)].filter(Boolean).join(' · ')}
          </span>
        ) : null}
        <RosterStatusBadge roster={item.roster} className="mt-1" />
        {item.minor ? <MinorBadge className="mt-1" /> : null}
        {item.emailUnconfirmed ? <UnconfirmedBadge className="mt-1" /> : null}
        {item.tags.length > 0 ? (
          <span className="mt-1 flex max-w-full flex-wrap gap-1">
            {item.tags.slice(0, 3).map((tag) => (
              <TagBadge key={tag.id}>{tag.name}</TagBadge>
            ))}
            {item.tags.length > 3 ? <TagBadge>{`+${item.tags.length - 3}`}</TagBadge> : null}
          </span>
        ) : null}
      </button>
      <span className="flex flex-col items-end gap-1">
        <Votes votes={item.votes} myVote={item.myVote} />
        <RatingBadge rating={item.rating} />
        <ClientTally tally={item.clientFeedback} />
      </span>
    </>
  );
}

/** "Agent Name (Agency)": who submitted or represents the candidate. */
export function representationText(representation: ApplicantListItem['representation']): string | null {
  return representation ? `Represented by ${representation.agentName} (${representation.agencyName})` : null;
}

function playingAge(item: ApplicantListItem): string | null {
  if (item.playingAgeMin === null && item.playingAgeMax === null) return null;
  return `Plays ${item.playingAgeMin ?? '?'}–${item.playingAgeMax ?? '?'}`;
}

export function TagBadge({ children }: { children: ReactNode }) {
  return (
    <span className="rounded-full bg-canvas px-2 py-0.5 text-xs text-ink ring-1 ring-line">{children}</span>
  );
}

const VOTE_MARKS = [
  ['UP_VOTE', 'Yes', '✓'],
  ['MAYBE', 'Maybe', '?'],
  ['DOWN_VOTE', 'No', '✕'],
] as const;

/** The team's votes as small counts; the person's own vote is outlined. */
export function Votes({
  votes,
  myVote,
  className = 'hidden sm:flex',
}: {
  votes: ApplicantListItem['votes'];
  myVote: ApplicantListItem['myVote'];
  /** Rows leave the counts to the preview on a phone. */
  className?: string;
}) {
  const label = VOTE_MARKS.map(([key, name]) => `${name} ${votes[key]}`).join(', ');
  return (
    <span
      role="img"
      aria-label={`Votes: ${label}${myVote && myVote !== 'HIDE' && myVote !== 'UNHIDE' ? `; your vote ${VOTE_MARKS.find(([key]) => key === myVote)?.[1]}` : ''}`}
      className={cn('shrink-0 gap-1 text-xs', className)}
    >
      {VOTE_MARKS.map(([key, , mark]) => (
        <span
          key={key}
          className={cn(
            'inline-flex min-w-9 items-center justify-center gap-0.5 rounded-full px-1.5 py-0.5 text-ink-muted',
            myVote === key ? 'bg-brand-50 text-brand-800 ring-1 ring-brand-600' : 'bg-canvas',
          )}
        >
          <span aria-hidden="true">{mark}</span>
          <span aria-hidden="true">{votes[key]}</span>
        </span>
      ))}
    </span>
  );
}
