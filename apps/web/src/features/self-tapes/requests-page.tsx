import { SELF_TAPE_TEXTS, type ProjectDetail } from '@casting/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useHttpClient } from '../../lib/http/http-client-context';
import { paths } from '../../lib/routing/paths';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ProjectHeader, ProjectWorkspace, useProjectIdParam } from '../projects';
import { onViewerClock, viewerTimeZone } from './countdown';
import { selfTapeRequestsQuery } from './self-tapes-api';

/** /projects/:id/self-tapes: the project's self-tape requests, newest first, each linking to its tracking page. */
export function SelfTapeRequestsPage() {
  const projectId = useProjectIdParam();
  return (
    <ProjectWorkspace projectId={projectId}>{(project) => <Requests project={project} />}</ProjectWorkspace>
  );
}

function Requests({ project }: { project: ProjectDetail }) {
  const http = useHttpClient();
  const list = useInfiniteQuery(selfTapeRequestsQuery(http, project.id));
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const zone = viewerTimeZone();
  return (
    <div className="flex flex-col gap-4 p-4">
      <ProjectHeader project={project} />
      <h1 className="text-xl font-semibold">{SELF_TAPE_TEXTS.requests}</h1>
      {list.isSuccess && items.length === 0 ? <EmptyState title={SELF_TAPE_TEXTS.noRequests} /> : null}
      <ul className="flex flex-col gap-2">
        {items.map((item) => (
          <li key={item.id} className="flex flex-col gap-1 border-b border-line py-2">
            <Link
              className="font-medium text-ink underline"
              to={paths.project.selfTapeRequest(project.id, item.id)}
            >
              {item.title}
            </Link>
            <p className="text-sm text-ink-muted">
              {`${SELF_TAPE_TEXTS.deadline}: ${onViewerClock(item.deadline, zone)} (${zone})`}
              {item.closedAt ? ` · ${SELF_TAPE_TEXTS.closed}` : ''}
            </p>
          </li>
        ))}
      </ul>
      {list.hasNextPage ? (
        <Button variant="secondary" className="self-start" onClick={() => void list.fetchNextPage()}>
          {SELF_TAPE_TEXTS.loadMore}
        </Button>
      ) : null}
    </div>
  );
}

/** The candidates workspace's link to the project's self-tape requests. */
export function SelfTapeRequestsLink({ projectId }: { projectId: string }) {
  return (
    <Link className="self-center text-sm text-ink underline" to={paths.project.selfTapeRequests(projectId)}>
      {SELF_TAPE_TEXTS.requests}
    </Link>
  );
}
