import {
  AUDITION_ATTENDANCE_LABELS,
  AUDITION_KIND_LABELS,
  AUDITION_STATUS_LABELS,
  AUDITION_TEXTS,
  can,
  extractErrorMessage,
  type AuditionHistoryEntry,
  type ProjectActor,
} from '@casting/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/routing/paths';
import { useHttpClient } from '../../lib/http/http-client-context';
import { useLiveProject } from '../../lib/live/use-live-project';
import { candidateSessionsQuery } from './print-api';

const T = AUDITION_TEXTS;

/**
 * The candidate preview's section of the project's audition sessions the candidate was invited to (kind, day and
 * time in the session's zone, answer, attendance, rating), for those who may read the roster; nothing for others.
 */
export function CandidateAuditionSessions(props: {
  projectId: string;
  applicantId: string;
  actor: ProjectActor | null | undefined;
}) {
  if (!can(props.actor, 'VIEW_PROJECT_ROSTER')) return null;
  return <Sessions projectId={props.projectId} applicantId={props.applicantId} />;
}

function Sessions({ projectId, applicantId }: { projectId: string; applicantId: string }) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const options = candidateSessionsQuery(http, projectId, applicantId);
  const query = useQuery(options);
  const headingId = useId();
  useLiveProject(projectId, (update) => {
    if (update.event === 'AUDITION_UPDATED')
      void queryClient.invalidateQueries({ queryKey: options.queryKey });
  });
  const items = query.data?.items;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2" aria-busy={query.isPending}>
      <h3 id={headingId} className="text-sm font-semibold text-ink">
        {T.historyTitle}
      </h3>
      {query.isError ? (
        <p role="alert" className="text-sm text-danger">
          {extractErrorMessage(query.error)}
        </p>
      ) : null}
      {items && items.length === 0 ? <p className="text-sm text-ink-muted">{T.historyEmpty}</p> : null}
      {items && items.length > 0 ? (
        <ul className="flex flex-col gap-2 text-sm">
          {items.map((item) => (
            <Entry key={item.sessionId} projectId={projectId} item={item} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function Entry({ projectId, item }: { projectId: string; item: AuditionHistoryEntry }) {
  const facts = [
    AUDITION_STATUS_LABELS[item.status],
    item.attendance ? AUDITION_ATTENDANCE_LABELS[item.attendance] : null,
    item.rating ? T.historyRating(item.rating) : null,
  ].filter(Boolean);
  return (
    <li className="flex flex-col">
      <Link className="underline" to={paths.project.auditionSchedule(projectId, item.sessionId)}>
        {AUDITION_KIND_LABELS[item.kind]}: {item.sessionName}
      </Link>
      <span>{T.historyWhen(item.day, item.time, item.timeZone)}</span>
      <span className="text-ink-muted">{facts.join(' · ')}</span>
    </li>
  );
}
