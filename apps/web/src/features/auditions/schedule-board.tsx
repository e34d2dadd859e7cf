import {
  AUDITION_STATUS_LABELS,
  AUDITION_TEXTS,
  can,
  extractErrorMessage,
  type AuditionConflict,
  type AuditionInvitation,
  type AuditionSchedule,
  type ProjectDetail,
} from '@casting/domain';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { viewerTimeZone } from './auditions-api';
import { ScheduleGrid } from './schedule-grid';
import { fullName, layOut, movesFor, slotTime, type MoveTarget } from './schedule-layout';
import { useAcceptChange, useCancelInvitation, useScheduleChange } from './team-api';

const T = AUDITION_TEXTS;

interface Pending {
  who: AuditionInvitation;
  target: MoveTarget;
  conflicts: AuditionConflict[] | null;
}

function describe(pending: Pending, schedule: AuditionSchedule, zone: string) {
  const name = fullName(pending.who);
  const { target } = pending;
  if (target.kind === 'swap') {
    const slot = schedule.slots.find((item) => item.id === target.with.slotId);
    return T.swapWith(`${name} ⇄ ${fullName(target.with)}`, slot ? slotTime(slot, zone) : T.waitlist);
  }
  if (target.kind === 'waitlist') return `${name}: ${T.toWaitlist}`;
  if (target.kind === 'off') return `${name}: ${T.offGrid}`;
  const slot = schedule.slots.find((item) => item.id === target.slotId);
  return `${T.moveTo(name)} ${slot ? slotTime(slot, zone) : ''}`;
}

/**
 * One session's grid with its moves: a move is proposed, its conflicts shown, then saved; invitations can be cancelled
 * and requested changes accepted. The session's page and the day's page both show it.
 */
export function ScheduleBoard({ project, schedule }: { project: ProjectDetail; schedule: AuditionSchedule }) {
  const sessionId = schedule.session.id;
  const change = useScheduleChange(project.id, sessionId);
  const accept = useAcceptChange(project.id, sessionId);
  const [chosen, setChosen] = useState<AuditionInvitation | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const cancel = useCancelInvitation(project.id, sessionId);
  const [cancelling, setCancelling] = useState<AuditionInvitation | null>(null);
  const zone = viewerTimeZone();
  const manage = can(project.projectActor, 'MANAGE_PROJECT_ROSTER');
  const layout = layOut(schedule);
  // A move is first asked about (save: false): its conflicts show before anything is saved.
  const propose = (who: AuditionInvitation, target: MoveTarget) => {
    setChosen(null);
    const next: Pending = { who, target, conflicts: null };
    setPending(next);
    change.mutate(
      { moves: movesFor(who, target), save: false },
      { onSuccess: (result) => setPending({ ...next, conflicts: result.conflicts }) },
    );
  };
  const save = () => {
    if (!pending?.conflicts) return;
    change.mutate(
      { moves: movesFor(pending.who, pending.target), save: true, force: pending.conflicts.length > 0 },
      {
        onSuccess: (result) =>
          result.saved ? setPending(null) : setPending({ ...pending, conflicts: result.conflicts }),
      },
    );
  };

  return (
    <div className="flex flex-col gap-4">
      {pending ? (
        <section
          aria-label={T.pendingMove}
          className="flex flex-col gap-2 rounded border border-brand-700 p-3 text-sm"
        >
          <h2 className="font-semibold">{T.pendingMove}</h2>
          <p>{describe(pending, schedule, zone)}</p>
          {pending.conflicts === null ? (
            <p aria-busy="true">{T.checking}</p>
          ) : pending.conflicts.length === 0 ? (
            <p>{T.noConflicts}</p>
          ) : (
            <ul role="alert" className="list-disc pl-5 text-danger">
              {pending.conflicts.map((conflict, index) => (
                <li key={`${conflict.kind}-${index}`}>{conflict.message}</li>
              ))}
            </ul>
          )}
          {change.isError ? <p role="alert">{extractErrorMessage(change.error)}</p> : null}
          <div className="flex flex-wrap gap-2">
            <Button
              variant={pending.conflicts?.length ? 'danger' : 'primary'}
              disabled={pending.conflicts === null || change.isPending}
              onClick={save}
            >
              {pending.conflicts?.length ? T.saveAnyway : T.saveMove}
            </Button>
            <Button variant="ghost" onClick={() => setPending(null)}>
              {T.cancelMove}
            </Button>
          </div>
        </section>
      ) : null}
      {schedule.invitations.length === 0 ? <p>{T.noOneYet}</p> : null}
      <ScheduleGrid
        layout={layout}
        slots={schedule.slots}
        zone={zone}
        manage={manage}
        chosen={chosen}
        onChoose={setChosen}
        onTarget={propose}
        onAccept={(invitation) => accept.mutate(invitation.id)}
        onCancel={setCancelling}
      />
      {cancelling ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => (open ? undefined : setCancelling(null))}
          title={T.cancelInvitationOf(fullName(cancelling))}
          message={T.cancelInvitationMessage(fullName(cancelling))}
          confirmLabel={T.cancelInvitation}
          busy={cancel.isPending}
          onConfirm={() => cancel.mutate(cancelling.id, { onSuccess: () => setCancelling(null) })}
        />
      ) : null}
      {cancel.isError ? <p role="alert">{extractErrorMessage(cancel.error)}</p> : null}
      {accept.isError ? <p role="alert">{extractErrorMessage(accept.error)}</p> : null}
      {layout.closed.length > 0 ? (
        <ul className="flex flex-col gap-1 text-sm">
          {layout.closed.map((invitation) => (
            <li key={invitation.id}>
              {fullName(invitation)}: {AUDITION_STATUS_LABELS[invitation.status]}
              {invitation.declineReason ? ` (${invitation.declineReason})` : ''}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
