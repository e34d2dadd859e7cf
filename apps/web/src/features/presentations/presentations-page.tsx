import { PRESENTATION_TEXTS, type ProjectDetail } from '@casting/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useHttpClient } from '../../lib/http/http-client-context';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ProjectHeader, ProjectWorkspace, useProjectIdParam } from '../projects';
import { PresentationEditor } from './presentation-editor';
import { presentationsQuery } from './presentations-api';

const T = PRESENTATION_TEXTS;

/** /projects/:id/presentations: the project's presentations, newest first; `?open=<id>` opens one in the editor. */
export function PresentationsPage() {
  const projectId = useProjectIdParam();
  return (
    <ProjectWorkspace projectId={projectId}>
      {(project) => <Presentations project={project} />}
    </ProjectWorkspace>
  );
}

function Presentations({ project }: { project: ProjectDetail }) {
  const http = useHttpClient();
  const list = useInfiniteQuery(presentationsQuery(http, project.id));
  const [search, setSearch] = useSearchParams();
  const open = search.get('open');
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="flex flex-col gap-4 p-4">
      <ProjectHeader project={project} />
      <h1 className="text-xl font-semibold">{T.pageTitle}</h1>
      {open ? (
        <>
          <Button variant="secondary" className="self-start" onClick={() => setSearch({})}>
            {T.back}
          </Button>
          <PresentationEditor projectId={project.id} id={open} />
        </>
      ) : (
        <>
          <p className="text-sm">{T.intro}</p>
          {list.isSuccess && items.length === 0 && <EmptyState title={T.none} />}
          <ul className="flex flex-col gap-2">
            {items.map((item) => (
              <li
                key={item.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded border p-3"
              >
                <span>
                  <span className="font-medium">{item.title}</span>{' '}
                  <span className="text-sm">{item.roleName}</span>
                </span>
                <Button
                  variant="secondary"
                  aria-label={T.open(item.title)}
                  onClick={() => setSearch({ open: item.id })}
                >
                  {T.open(item.title)}
                </Button>
              </li>
            ))}
          </ul>
          {list.hasNextPage && (
            <Button variant="secondary" className="self-start" onClick={() => void list.fetchNextPage()}>
              {T.loadMore}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
