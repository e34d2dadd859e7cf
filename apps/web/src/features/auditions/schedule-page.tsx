import {
  AUDITION_KIND_LABELS,
  AUDITION_STATUS_LABELS,
  AUDITION_TEXTS,
  can,
  extractErrorMessage,
  formatZonedMoment,
  type AuditionConflict,
  type AuditionInvitation,
  type AuditionSchedule,
  type ProjectDetail,
} from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useHttpClient } from '../../lib/http/http-client-context';
import { paths } from '../../lib/routing/paths';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ProjectHeader, ProjectWorkspace, useProjectIdParam } from '../projects';
import { viewerTimeZone } from './auditions-api';
import { ScheduleGrid } from './schedule-grid';
import { SessionActions } from './session-actions';
import { fullName, layOut, movesFor, slotTime, type MoveTarget } from './schedule-layout';
import {
  scheduleQuery,
  useAcceptChange,
  useCancelInvitation,
  useLiveSchedule,
  useScheduleChange,
} from './team-api';

const T = AUDITION_TEXTS;

/** /projects/:id/auditions/:sessionId: a session's schedule, kept current as recipients answer. */
export function AuditionSchedulePage() {
  const projectId = useProjectIdParam();
  const { sessionId = '' } = useParams();
  return (
    <ProjectWorkspace projectId={projectId}>
      {(project) => <Schedule project={project} sessionId={sessionId} />}
    </ProjectWorkspace>
  );
}

/** The session's header: kind, name, day on the viewer's clock, open slots, and the way to the front desk. */
export function SessionHeading({ schedule, projectId }: { schedule: AuditionSchedule; projectId: string }) {
  const { session } = schedule;
  const zone = viewerTimeZone();
  return (
    <div className="flex flex-col gap-1">
      <Link className="text-sm underline" to={paths.project.auditions(projectId)}>
        {T.backToSessions}
      </Link>
      <h1 className="text-xl font-semibold">{session.name}</h1>
      <p className="text-sm">
        {AUDITION_KIND_LABELS[session.kind]} · {formatZonedMoment(new Date(session.startsAt), zone)} ·{' '}
        {T.openSlots(layOut(schedule).openSlots)}
      </p>
      {session.place ? <p className="text-sm">{session.place}</p> : null}
      <p className="text-sm">{T.shownIn(zone)}</p>
    </div>
  );
}

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

function Schedule({ project, sessionId }: { project: ProjectDetail; sessionId: string }) {
  const http = useHttpClient();
  const query = useQuery(scheduleQuery(http, project.id, sessionId));
  const navigate = useNavigate();
  useLiveSchedule(project.id, sessionId);
  const change = useScheduleChange(project.id, sessionId);
  const accept = useAcceptChange(project.id, sessionId);
  const [chosen, setChosen] = useState<AuditionInvitation | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const cancel = useCancelInvitation(project.id, sessionId);
  const [cancelling, setCancelling] = useState<AuditionInvitation | null>(null);
  const zone = viewerTimeZone();
  const manage = can(project.projectActor, 'MANAGE_PROJECT_ROSTER');
  if (query.isError) return <p role="alert">{extractErrorMessage(query.error)}</p>;
  if (!query.data) return <div aria-busy="true" className="p-4" />;
  const schedule = query.data;
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
    <div className="flex flex-col gap-4 p-4">
      <ProjectHeader project={project} />
      <SessionHeading schedule={schedule} projectId={project.id} />
      <div className="flex flex-wrap gap-2">
        <Link
          className="inline-flex min-h-10 items-center rounded-md border border-line px-3 text-sm font-medium"
          to={paths.project.auditionCheckIn(project.id, sessionId)}
        >
          {T.openCheckIn}
        </Link>
        {manage ? (
          <SessionActions
            projectId={project.id}
            session={schedule.session}
            onDeleted={() => void navigate(paths.project.auditions(project.id))}
          />
        ) : null}
      </div>
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
