import {
  AUDITION_KIND_LABELS,
  AUDITION_TEXTS,
  extractErrorMessage,
  formatAuditionDay,
  formatZonedMoment,
  type AuditionSchedule,
  type AuditionSession,
  type ProjectDetail,
} from '@casting/domain';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useHttpClient } from '../../lib/http/http-client-context';
import { paths } from '../../lib/routing/paths';
import { EmptyState } from '../../ui/empty-state';
import { ProjectHeader, ProjectWorkspace, useProjectIdParam } from '../projects';
import { viewerTimeZone } from './auditions-api';
import { ScheduleBoard } from './schedule-board';
import { layOut, sessionDay } from './schedule-layout';
import { scheduleQuery, sessionsQuery, useLiveSchedule } from './team-api';

const T = AUDITION_TEXTS;

/** /projects/:id/auditions/days/:day: the day's sessions in start order, each with its grid, and the day's totals. */
export function AuditionDayPage() {
  const projectId = useProjectIdParam();
  const { day = '' } = useParams();
  return (
    <ProjectWorkspace projectId={projectId}>
      {(project) => <DaySchedule project={project} day={day} />}
    </ProjectWorkspace>
  );
}

export function DaySchedule({ project, day }: { project: ProjectDetail; day: string }) {
  const http = useHttpClient();
  const zone = viewerTimeZone();
  const list = useQuery(sessionsQuery(http, project.id));
  const sessions = (list.data?.items ?? [])
    .filter((session) => sessionDay(session, zone) === day)
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  const schedules = useQueries({
    queries: sessions.map((session) => scheduleQuery(http, project.id, session.id)),
  });
  const loaded = schedules.flatMap((query) => (query.data ? [query.data] : []));
  const layouts = loaded.map(layOut);
  const scheduled = layouts.reduce(
    (sum, layout) => sum + layout.rows.reduce((count, row) => count + row.people.length, 0),
    0,
  );
  const openSlots = layouts.reduce((sum, layout) => sum + layout.openSlots, 0);
  const title = T.dayTitle(formatAuditionDay(day));
  return (
    <div className="flex flex-col gap-4 p-4">
      <ProjectHeader project={project} />
      <div className="flex flex-col gap-1">
        <Link className="text-sm underline" to={paths.project.auditions(project.id)}>
          {T.backToSessions}
        </Link>
        <h1 className="text-xl font-semibold">{title}</h1>
        <p className="text-sm">{T.shownIn(zone)}</p>
      </div>
      {list.isError ? <p role="alert">{extractErrorMessage(list.error)}</p> : null}
      {list.isSuccess && sessions.length === 0 ? <EmptyState title={T.noSessionsThatDay} /> : null}
      {sessions.length > 0 && loaded.length === sessions.length ? (
        <section aria-label={T.dayTotals} className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium">
          <span>{T.dayScheduled(scheduled)}</span>
          <span>{T.openSlots(openSlots)}</span>
        </section>
      ) : null}
      {sessions.map((session, index) => (
        <DaySession
          key={session.id}
          project={project}
          session={session}
          schedule={schedules[index]?.data}
          error={schedules[index]?.error ?? null}
          zone={zone}
        />
      ))}
    </div>
  );
}

function DaySession(props: {
  project: ProjectDetail;
  session: AuditionSession;
  schedule: AuditionSchedule | undefined;
  error: Error | null;
  zone: string;
}) {
  const { project, session, schedule, zone } = props;
  useLiveSchedule(project.id, session.id);
  const start = new Date(session.startsAt);
  return (
    <section aria-label={session.name} className="flex flex-col gap-2 border-t border-line pt-4">
      <h2 className="text-lg font-semibold">
        <Link
          className="underline"
          to={paths.project.auditionSchedule(project.id, session.id)}
          aria-label={T.openSchedule(session.name)}
        >
          {session.name}
        </Link>
      </h2>
      <p className="text-sm">
        {AUDITION_KIND_LABELS[session.kind]} · {formatZonedMoment(start, zone)}
        {session.place ? ` · ${session.place}` : ''}
      </p>
      {session.timeZone !== zone ? (
        <p className="text-sm">{T.sessionZone(formatZonedMoment(start, session.timeZone))}</p>
      ) : null}
      {props.error ? <p role="alert">{extractErrorMessage(props.error)}</p> : null}
      {schedule ? (
        <ScheduleBoard project={project} schedule={schedule} />
      ) : props.error ? null : (
        <div aria-busy="true" className="min-h-10" />
      )}
    </section>
  );
}
