import {
  AUDITION_KIND_LABELS,
  AUDITION_TEXTS,
  can,
  extractErrorMessage,
  formatAuditionDay,
  formatZonedMoment,
  type ProjectDetail,
} from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useHttpClient } from '../../lib/http/http-client-context';
import { paths } from '../../lib/routing/paths';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ProjectHeader, ProjectWorkspace, useProjectIdParam } from '../projects';
import { viewerTimeZone } from './auditions-api';
import { NewSessionDialog } from './new-session-dialog';
import { sessionDays } from './schedule-layout';
import { SessionActions } from './session-actions';
import { sessionsQuery, useLiveSchedule } from './team-api';

const T = AUDITION_TEXTS;

/** /projects/:id/auditions: the project's audition sessions by start, and "New session". */
export function AuditionSessionsPage() {
  const projectId = useProjectIdParam();
  return (
    <ProjectWorkspace projectId={projectId}>{(project) => <Sessions project={project} />}</ProjectWorkspace>
  );
}

function Sessions({ project }: { project: ProjectDetail }) {
  const http = useHttpClient();
  const query = useQuery(sessionsQuery(http, project.id));
  useLiveSchedule(project.id, null);
  const [creating, setCreating] = useState(false);
  const zone = viewerTimeZone();
  const items = query.data?.items ?? [];
  const manage = can(project.projectActor, 'MANAGE_PROJECT_ROSTER');
  return (
    <div className="flex flex-col gap-4 p-4">
      <ProjectHeader project={project} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">{T.sessionsTitle}</h1>
        {manage ? <Button onClick={() => setCreating(true)}>{T.newSession}</Button> : null}
      </div>
      <p className="text-sm">{T.shownIn(zone)}</p>
      {items.length > 0 ? (
        <nav aria-label={T.daysTitle} className="flex flex-col gap-2">
          <h2 className="font-semibold">{T.daysTitle}</h2>
          <ul className="flex flex-wrap gap-2">
            {sessionDays(items, zone).map((day) => {
              const label = formatAuditionDay(day);
              return (
                <li key={day}>
                  <Link
                    className="inline-flex min-h-10 items-center rounded-md border border-line px-3 text-sm font-medium"
                    to={paths.project.auditionDay(project.id, day)}
                    aria-label={T.openDay(label)}
                  >
                    {label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      ) : null}
      {query.isError ? <p role="alert">{extractErrorMessage(query.error)}</p> : null}
      {query.isSuccess && items.length === 0 ? <EmptyState title={T.noSessions} /> : null}
      <ul className="flex flex-col gap-2" aria-label={T.sessionsTitle}>
        {items.map((session) => (
          <li
            key={session.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded border border-line p-3"
          >
            <div className="flex min-w-0 flex-col">
              <Link
                className="font-medium underline"
                to={paths.project.auditionSchedule(project.id, session.id)}
                aria-label={T.openSchedule(session.name)}
              >
                {session.name}
              </Link>
              <span className="text-sm">
                {AUDITION_KIND_LABELS[session.kind]} · {formatZonedMoment(new Date(session.startsAt), zone)}
              </span>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-sm">{T.openSlots(session.openSlots)}</span>
              {manage ? <SessionActions projectId={project.id} session={session} /> : null}
            </div>
          </li>
        ))}
      </ul>
      {creating ? (
        <NewSessionDialog open onOpenChange={setCreating} projectId={project.id} sessions={items} />
      ) : null}
    </div>
  );
}
