import {
  AUDITION_KIND_LABELS,
  AUDITION_TEXTS,
  can,
  extractErrorMessage,
  formatZonedMoment,
  type AuditionSchedule,
  type ProjectDetail,
} from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { useHttpClient } from '../../lib/http/http-client-context';
import { paths } from '../../lib/routing/paths';
import { ProjectHeader, ProjectWorkspace, useProjectIdParam } from '../projects';
import { viewerTimeZone } from './auditions-api';
import { ScheduleBoard } from './schedule-board';
import { layOut } from './schedule-layout';
import { SessionActions } from './session-actions';
import { scheduleQuery, useLiveSchedule } from './team-api';

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

function Schedule({ project, sessionId }: { project: ProjectDetail; sessionId: string }) {
  const http = useHttpClient();
  const query = useQuery(scheduleQuery(http, project.id, sessionId));
  const navigate = useNavigate();
  useLiveSchedule(project.id, sessionId);
  const manage = can(project.projectActor, 'MANAGE_PROJECT_ROSTER');
  if (query.isError) return <p role="alert">{extractErrorMessage(query.error)}</p>;
  if (!query.data) return <div aria-busy="true" className="p-4" />;
  const schedule = query.data;

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
      <ScheduleBoard project={project} schedule={schedule} />
    </div>
  );
}
