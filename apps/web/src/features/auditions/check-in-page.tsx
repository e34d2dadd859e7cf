import {
  AUDITION_ATTENDANCE,
  AUDITION_ATTENDANCE_LABELS,
  AUDITION_TEXTS,
  can,
  extractErrorMessage,
  type AuditionInvitation,
  type ProjectDetail,
} from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useParams } from 'react-router';
import { useHttpClient } from '../../lib/http/http-client-context';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { TextArea } from '../../ui/form-controls';
import { ProjectHeader, ProjectWorkspace, useProjectIdParam } from '../projects';
import { viewerTimeZone } from './auditions-api';
import { CallbackDialog } from './callback-dialog';
import { PrintScheduleButton } from './print-schedule';
import { RoomView } from './room-view';
import { SessionHeading } from './schedule-page';
import { fullName, layOut, nextInRoom, slotTime } from './schedule-layout';
import { downloadSessionCsv, scheduleQuery, useLiveSchedule, useRecordResult } from './team-api';

const T = AUDITION_TEXTS;
const RATINGS = [1, 2, 3, 4, 5] as const;

/**
 * /projects/:id/auditions/:sessionId/check-in: the front desk's running order on a phone or a tablet, and the room's
 * view of who goes in next.
 */
export function AuditionCheckInPage() {
  const projectId = useProjectIdParam();
  const { sessionId = '' } = useParams();
  return (
    <ProjectWorkspace projectId={projectId}>
      {(project) => <CheckIn project={project} sessionId={sessionId} />}
    </ProjectWorkspace>
  );
}

function Candidate(props: {
  invitation: AuditionInvitation;
  time: string;
  projectId: string;
  sessionId: string;
}) {
  const { invitation, time } = props;
  const name = fullName(invitation);
  const id = useId();
  const [notes, setNotes] = useState(invitation.result.notes ?? '');
  const record = useRecordResult(props.projectId, props.sessionId);
  const put = (body: Parameters<typeof record.mutate>[0]) => record.mutate(body);
  // While a mark is on its way, the control shows it (the saved schedule then says the same).
  const sent = record.isPending ? record.variables : undefined;
  const attendance = sent?.attendance !== undefined ? sent.attendance : invitation.result.attendance;
  const rating = sent?.rating !== undefined ? sent.rating : invitation.result.rating;
  return (
    <li className="flex flex-col gap-2 rounded border border-line p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold">{name}</span>
        <span className="text-sm">{time}</span>
      </div>
      <div role="group" aria-label={T.attendance(name)} className="flex flex-wrap gap-1">
        {AUDITION_ATTENDANCE.map((value) => {
          const on = attendance === value;
          return (
            <Button
              key={value}
              variant={on ? 'primary' : 'secondary'}
              className="min-h-10 px-3"
              aria-pressed={on}
              onClick={() => put({ invitationId: invitation.id, attendance: on ? null : value })}
            >
              {AUDITION_ATTENDANCE_LABELS[value]}
            </Button>
          );
        })}
      </div>
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="text-sm font-medium">{T.rating(name)}</legend>
        {RATINGS.map((value) => (
          <label key={value} className="flex min-h-10 items-center gap-1 px-1">
            <input
              type="radio"
              name={`${id}-rating`}
              checked={rating === value}
              onChange={() => put({ invitationId: invitation.id, rating: value })}
            />
            {value}
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${id}-notes`} className="text-sm font-medium">
        {T.notes(name)}
      </label>
      <TextArea
        id={`${id}-notes`}
        rows={2}
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
      />
      <Button
        variant="secondary"
        className="min-h-10 w-fit px-3"
        disabled={notes === (invitation.result.notes ?? '')}
        onClick={() => put({ invitationId: invitation.id, notes: notes.trim() || null })}
      >
        {`${T.saveNotes}: ${name}`}
      </Button>
      {record.isError ? (
        <p role="alert" className="text-sm text-danger">
          {extractErrorMessage(record.error)}
        </p>
      ) : null}
    </li>
  );
}

function CheckIn({ project, sessionId }: { project: ProjectDetail; sessionId: string }) {
  const http = useHttpClient();
  const query = useQuery(scheduleQuery(http, project.id, sessionId));
  useLiveSchedule(project.id, sessionId);
  const [callback, setCallback] = useState(false);
  const zone = viewerTimeZone();
  if (query.isError) return <p role="alert">{extractErrorMessage(query.error)}</p>;
  if (!query.data) return <div aria-busy="true" className="p-4" />;
  const schedule = query.data;
  const order = layOut(schedule).rows.flatMap(({ slot, people }) =>
    people.map((invitation) => ({ invitation, time: slotTime(slot, zone) })),
  );
  const inRoom = order.filter(({ invitation }) => invitation.result.attendance === 'IN_ROOM');
  return (
    <div className="flex flex-col gap-4 p-4">
      <ProjectHeader project={project} />
      <SessionHeading schedule={schedule} projectId={project.id} />
      <h2 className="text-lg font-semibold">{T.checkInTitle}</h2>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() =>
            downloadSessionCsv(http, project.id, sessionId, schedule.session.name).catch((error: unknown) =>
              toast.error(extractErrorMessage(error)),
            )
          }
        >
          {T.exportCsv}
        </Button>
        <PrintScheduleButton projectId={project.id} sessionId={sessionId} />
        {can(project.projectActor, 'MANAGE_PROJECT_ROSTER') ? (
          <Button variant="secondary" onClick={() => setCallback(true)}>
            {T.callback}
          </Button>
        ) : null}
      </div>
      <section aria-label={T.inRoom} className="rounded bg-canvas p-3">
        <h3 className="font-semibold">{T.inRoom}</h3>
        {inRoom.length === 0 ? <p className="text-sm">{T.nobodyInRoom}</p> : null}
        <ul className="text-sm">
          {inRoom.map(({ invitation, time }) => (
            <li key={invitation.id}>
              {time} {fullName(invitation)}
            </li>
          ))}
        </ul>
      </section>
      <RoomView projectId={project.id} next={nextInRoom(order)} />
      <section aria-label={T.runningOrder} className="flex flex-col gap-2">
        <h3 className="font-semibold">{T.runningOrder}</h3>
        <ol className="flex flex-col gap-2">
          {order.map(({ invitation, time }) => (
            <Candidate
              key={invitation.id}
              invitation={invitation}
              time={time}
              projectId={project.id}
              sessionId={sessionId}
            />
          ))}
        </ol>
      </section>
      {callback ? (
        <CallbackDialog
          open
          onOpenChange={setCallback}
          projectId={project.id}
          source={schedule.session}
          candidates={order.map(({ invitation }) => ({
            applicantId: invitation.applicantId,
            name: fullName(invitation),
          }))}
        />
      ) : null}
    </div>
  );
}
