import {
  AUDITION_STATUS_LABELS,
  AUDITION_TEXTS,
  type AuditionInvitation,
  type AuditionSlot,
} from '@casting/domain';
import type { DragEvent, ReactNode } from 'react';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { fullName, slotTime, type MoveTarget, type ScheduleLayout } from './schedule-layout';

const T = AUDITION_TEXTS;
const DRAG_TYPE = 'application/x-audition-invitation';

export interface GridProps {
  layout: ScheduleLayout;
  slots: readonly AuditionSlot[];
  zone: string;
  /** Whether the viewer may change the schedule (else the grid only shows it). */
  manage: boolean;
  /** The candidate picked to move (by keyboard or pointer), if any. */
  chosen: AuditionInvitation | null;
  onChoose(invitation: AuditionInvitation | null): void;
  /** A candidate dropped or sent somewhere: the page asks for the conflicts before saving. */
  onTarget(who: AuditionInvitation, target: MoveTarget): void;
  onAccept(invitation: AuditionInvitation): void;
  onCancel(invitation: AuditionInvitation): void;
}

function dropProps(props: GridProps, target: MoveTarget | ((who: AuditionInvitation) => MoveTarget)) {
  if (!props.manage) return {};
  const byId = (id: string) =>
    [
      ...props.layout.rows.flatMap((row) => row.people),
      ...props.layout.waitlist,
      ...props.layout.unplaced,
    ].find((invitation) => invitation.id === id);
  return {
    onDragOver: (event: DragEvent) => {
      if (event.dataTransfer.types.includes(DRAG_TYPE)) event.preventDefault();
    },
    onDrop: (event: DragEvent) => {
      const who = byId(event.dataTransfer.getData(DRAG_TYPE));
      if (!who) return;
      event.preventDefault();
      event.stopPropagation();
      const resolved = typeof target === 'function' ? target(who) : target;
      if (resolved.kind === 'swap' && resolved.with.id === who.id) return;
      props.onTarget(who, resolved);
    },
  };
}

function Person({ invitation, props }: { invitation: AuditionInvitation; props: GridProps }) {
  const name = fullName(invitation);
  const chosen = props.chosen?.id === invitation.id;
  const slotOf = (id: string | null) => props.slots.find((slot) => slot.id === id);
  const asked = slotOf(invitation.requestedSlotId);
  const here = slotOf(invitation.slotId);
  const swapTarget = props.chosen && !chosen && props.chosen.slotId !== invitation.slotId;
  return (
    <li
      draggable={props.manage}
      onDragStart={(event) => {
        event.dataTransfer.setData(DRAG_TYPE, invitation.id);
        event.dataTransfer.effectAllowed = 'move';
      }}
      {...dropProps(props, { kind: 'swap', with: invitation })}
      className={cn(
        'flex flex-col gap-1 rounded border border-line bg-surface p-2 text-sm',
        props.manage && 'cursor-grab',
        chosen && 'ring-2 ring-brand-700',
      )}
    >
      <span className="font-medium">{name}</span>
      <span>{AUDITION_STATUS_LABELS[invitation.status]}</span>
      {invitation.changeMessage ? <span className="text-ink-muted">{invitation.changeMessage}</span> : null}
      {props.manage ? (
        <div className="flex flex-wrap gap-1">
          <Button
            variant={chosen ? 'primary' : 'secondary'}
            className="min-h-9 px-2"
            aria-pressed={chosen}
            onClick={() => props.onChoose(chosen ? null : invitation)}
          >
            {T.moveTo(name)}
          </Button>
          {swapTarget && props.chosen && here ? (
            <Button
              variant="secondary"
              className="min-h-9 px-2"
              onClick={() => props.onTarget(props.chosen!, { kind: 'swap', with: invitation })}
            >
              {T.swapWith(name, slotTime(here, props.zone))}
            </Button>
          ) : null}
          <Button
            variant="ghost"
            className="min-h-9 px-2"
            aria-label={T.cancelInvitationOf(name)}
            onClick={() => props.onCancel(invitation)}
          >
            {T.cancelInvitation}
          </Button>
          {invitation.status === 'CHANGE_REQUESTED' && asked ? (
            <Button variant="secondary" className="min-h-9 px-2" onClick={() => props.onAccept(invitation)}>
              {T.acceptChange(name)}
            </Button>
          ) : null}
        </div>
      ) : null}
      {asked ? <span>{T.askedFor(slotTime(asked, props.zone))}</span> : null}
    </li>
  );
}

function Group(props: { title: string; people: AuditionInvitation[]; grid: GridProps; action?: ReactNode }) {
  return (
    <section
      aria-label={props.title}
      className="flex flex-col gap-2 rounded border border-dashed border-line p-2"
      {...dropProps(props.grid, props.title === T.waitlist ? { kind: 'waitlist' } : { kind: 'off' })}
    >
      <h2 className="font-semibold">
        {props.title} ({props.people.length})
      </h2>
      {props.action}
      <ul className="flex flex-col gap-2">
        {props.people.map((invitation) => (
          <Person key={invitation.id} invitation={invitation} props={props.grid} />
        ))}
      </ul>
    </section>
  );
}

/**
 * The slots in running order as a grid on a wide screen and a list on a phone, each with its candidates; then the
 * waitlist and those not placed yet. A candidate moves by drag and drop, or by keyboard: "Move … to" picks them, then
 * a slot's "Move here", a placed candidate's "Swap with" or "To the waitlist" says where.
 */
export function ScheduleGrid(props: GridProps) {
  const { layout, chosen } = props;
  const canGo = (target: MoveTarget) => chosen && props.onTarget(chosen, target);
  return (
    <div className="flex flex-col gap-4">
      {chosen ? (
        <div role="status" className="flex flex-wrap items-center gap-2 rounded bg-brand-50 p-2 text-sm">
          <span>{T.chosen(fullName(chosen))}</span>
          <Button variant="ghost" className="min-h-9 px-2" onClick={() => props.onChoose(null)}>
            {T.cancelMove}
          </Button>
        </div>
      ) : null}
      <ol
        aria-label={T.slotsTitle}
        className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
      >
        {layout.rows.map(({ slot, people, open }) => {
          const time = slotTime(slot, props.zone);
          return (
            <li
              key={slot.id}
              aria-label={T.slotLabel(time)}
              {...dropProps(props, { kind: 'slot', slotId: slot.id })}
              className={cn('flex flex-col gap-2 rounded border border-line p-2', open > 0 && 'bg-canvas')}
            >
              <div className="flex items-center justify-between gap-2">
                <span className="font-semibold">{time}</span>
                <span className="text-sm">{T.slotFill(people.length, slot.capacity)}</span>
              </div>
              {people.length === 0 ? <span className="text-sm text-ink-muted">{T.emptySlot}</span> : null}
              <ul className="flex flex-col gap-2">
                {people.map((invitation) => (
                  <Person key={invitation.id} invitation={invitation} props={props} />
                ))}
              </ul>
              {chosen && chosen.slotId !== slot.id ? (
                <Button
                  variant="secondary"
                  className="min-h-9 px-2"
                  onClick={() => canGo({ kind: 'slot', slotId: slot.id })}
                >
                  {T.moveHere(time)}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ol>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <Group
          title={T.waitlist}
          people={layout.waitlist}
          grid={props}
          action={
            chosen && !chosen.waitlisted ? (
              <Button
                variant="secondary"
                className="min-h-9 px-2"
                onClick={() => canGo({ kind: 'waitlist' })}
              >
                {T.toWaitlist}
              </Button>
            ) : null
          }
        />
        <Group
          title={T.unplaced}
          people={layout.unplaced}
          grid={props}
          action={
            chosen && (chosen.slotId || chosen.waitlisted) ? (
              <Button variant="secondary" className="min-h-9 px-2" onClick={() => canGo({ kind: 'off' })}>
                {T.offGrid}
              </Button>
            ) : null
          }
        />
      </div>
    </div>
  );
}
