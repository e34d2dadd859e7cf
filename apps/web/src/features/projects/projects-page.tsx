import {
  extractErrorMessage,
  PROJECT_SEARCH_MIN_CHARS,
  SEARCH_SELECT_DEBOUNCE_MS,
  projectActorFor,
} from '@casting/domain';
import type { ProjectSummary } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { Switch } from 'radix-ui';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { useAuth } from '../../lib/auth/auth-provider';
import { useHttpClient } from '../../lib/http/http-client-context';
import { toastError } from '../../lib/http/toast-error';
import { paths } from '../../lib/routing/paths';
import { Input } from '../../ui/input';
import { Spinner } from '../../ui/spinner';
import { LinkButton } from './link-button';
import { Pager } from './pager';
import { ProjectRow } from './project-row';
import { PROJECTS_PAGE_SIZE, projectListQuery, useArchiveProject } from './projects-api';
import { searchTerm } from './search-term';
import { useDebouncedValue } from './use-debounced-value';

/** Account roles that may start a project; clients only join one (the API decides the same). */
const PROJECT_CREATORS = ['SUPER_ADMIN', 'CASTING_DIRECTOR', 'CASTING_ASSISTANT'];

/** /projects: the projects the user can access, searchable by name, archived ones on demand, paged. */
export function ProjectsPage() {
  const http = useHttpClient();
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const showArchived = params.get('archived') === 'all';
  const offset = Math.max(0, Number(params.get('offset')) || 0);
  const [text, setText] = useState(params.get('q') ?? '');
  const q = searchTerm(useDebouncedValue(text, SEARCH_SELECT_DEBOUNCE_MS));
  const searchId = useId();
  const archive = useArchiveProject();

  // The URL holds the list's state so Back and a reload return to the same page of the same search.
  useEffect(() => {
    setParams(
      (current) => {
        if ((current.get('q') ?? '') === q) return current;
        const next = new URLSearchParams(current);
        if (q) next.set('q', q);
        else next.delete('q');
        next.delete('offset');
        return next;
      },
      { replace: true },
    );
  }, [q, setParams]);

  const update = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });

  const { data, error, isPending, isError, isFetching } = useQuery(
    projectListQuery(http, { q, archived: showArchived ? 'all' : 'false', offset }),
  );

  const onArchive = (project: ProjectSummary, archived: boolean) => {
    archive.mutate(
      { id: project.id, archived },
      {
        onSuccess: () => toast.success(`Project “${project.name}” ${archived ? 'archived' : 'restored'}`),
        onError: toastError,
      },
    );
  };

  const isSuperAdmin = user?.role.code === 'SUPER_ADMIN';
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-ink">Projects</h1>
        {user && PROJECT_CREATORS.includes(user.role.code) ? (
          <LinkButton variant="primary" to={paths.projectV2.create}>
            New project
          </LinkButton>
        ) : null}
      </header>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-1 flex-col gap-1 sm:max-w-sm">
          <label htmlFor={searchId} className="text-sm font-medium text-ink">
            Search projects
          </label>
          <Input
            id={searchId}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={`${searchId}-hint`}
            placeholder="Project name"
          />
          <p id={`${searchId}-hint`} className="text-xs text-ink-muted">
            Type at least {PROJECT_SEARCH_MIN_CHARS} characters to search.
          </p>
        </div>
        <div className="flex items-center gap-3 sm:pb-6">
          <Switch.Root
            id={`${searchId}-archived`}
            checked={showArchived}
            onCheckedChange={(checked) => update({ archived: checked ? 'all' : null, offset: null })}
            className="relative h-6 w-11 shrink-0 rounded-full bg-line transition-colors data-[state=checked]:bg-brand-700"
          >
            <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5" />
          </Switch.Root>
          <label htmlFor={`${searchId}-archived`} className="text-sm font-medium text-ink">
            Show archived
          </label>
        </div>
      </div>
      {isPending ? (
        <Spinner label="Loading projects" />
      ) : isError ? (
        <p role="alert" className="text-sm text-danger">
          The projects could not be loaded: {extractErrorMessage(error)}
        </p>
      ) : data.items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line bg-surface p-8 text-center text-sm text-ink-muted">
          {q ? `No projects match “${q}”.` : 'No projects yet.'}
        </p>
      ) : (
        <>
          <ul aria-label="Projects" aria-busy={isFetching} className="flex flex-col gap-3">
            {data.items.map((project) => (
              <ProjectRow
                key={project.id}
                project={project}
                actor={projectActorFor({
                  isSuperAdmin,
                  scope: project.projectAccessScope,
                  isOwner: project.owner.id === user?.id,
                })}
                archiving={archive.isPending && archive.variables.id === project.id}
                onArchive={onArchive}
              />
            ))}
          </ul>
          <Pager
            offset={offset}
            pageSize={PROJECTS_PAGE_SIZE}
            total={data.total}
            onOffsetChange={(next) => update({ offset: next > 0 ? String(next) : null })}
          />
        </>
      )}
    </div>
  );
}
