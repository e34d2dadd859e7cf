import {
  extractErrorMessage,
  MESSAGES,
  PROJECT_SEARCH_MIN_CHARS,
  projectActorFor,
  UI_TEXTS,
  PAGE_TITLES,
} from '@casting/domain';
import type { ProjectSummary } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { Switch } from 'radix-ui';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../lib/toast/toast';
import { useAuth } from '../../lib/auth/auth-provider';
import { useHttpClient } from '../../lib/http/http-client-context';
import { toastError } from '../../lib/http/toast-error';
import { paths } from '../../lib/routing/paths';
import { useDebouncedSearch } from '../../lib/search/search-term';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { LinkButton } from '../../ui/link-button';
import { Pager } from '../../ui/pager';
import { SearchField } from '../../ui/search-field';
import { EmptyState } from '../../ui/empty-state';
import { PageHeader } from '../../ui/page-header';
import { SkeletonList } from '../../ui/skeleton';
import { StaleListNotice } from '../../ui/stale-list-notice';
import { VirtualList } from '../../ui/virtual-rows';
import { DraftsList } from './drafts-list';
import { ProjectRow } from './project-row';
import { PROJECTS_PAGE_SIZE, projectListQuery, useArchiveProject } from './projects-api';

/** A project row (name, facts, owner) before it is measured; rows wrap on narrow screens. */
const PROJECT_ROW_HEIGHT = 112;

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
  const q = useDebouncedSearch(text, PROJECT_SEARCH_MIN_CHARS);
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

  const { data, error, isPending, isError, isFetching, fetchStatus } = useQuery(
    projectListQuery(http, { q, archived: showArchived ? 'all' : 'false', offset }),
  );

  // Archiving hides the project from everyone's list, so it is confirmed first and can be undone
  // from its toast like every other reversible action; restoring needs no question.
  const [confirming, setConfirming] = useState<ProjectSummary | null>(null);
  const setArchived = (project: ProjectSummary, archived: boolean, after?: () => void) => {
    archive.mutate(
      { id: project.id, archived },
      {
        onSuccess: () => {
          after?.();
          if (archived) {
            toast.success(`Project “${project.name}” archived`, {
              action: { label: MESSAGES.undo, onClick: () => setArchived(project, false) },
            });
          } else toast.success(`Project “${project.name}” restored`);
        },
        onError: toastError,
      },
    );
  };
  const onArchive = (project: ProjectSummary, archived: boolean) => {
    if (archived) setConfirming(project);
    else setArchived(project, false);
  };

  const isSuperAdmin = user?.role.code === 'SUPER_ADMIN';
  const newProject =
    user && PROJECT_CREATORS.includes(user.role.code) ? (
      <div className="flex flex-wrap gap-2">
        <LinkButton variant="secondary" to={paths.project.create}>
          Guided set-up
        </LinkButton>
        <LinkButton variant="primary" to={paths.projectV2.create}>
          {PAGE_TITLES.newProject}
        </LinkButton>
      </div>
    ) : null;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <PageHeader
        title="Projects"
        description={data ? `${data.total} ${data.total === 1 ? 'project' : 'projects'}` : undefined}
        actions={newProject}
      />
      <DraftsList />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex-1 sm:max-w-sm">
          <SearchField
            label={UI_TEXTS.searchProjects}
            value={text}
            onChange={setText}
            minChars={PROJECT_SEARCH_MIN_CHARS}
            placeholder={UI_TEXTS.projectName}
          />
        </div>
        <div className="flex items-center gap-3 sm:pb-6">
          <Switch.Root
            id={`${searchId}-archived`}
            checked={showArchived}
            onCheckedChange={(checked) => update({ archived: checked ? 'all' : null, offset: null })}
            className="relative h-6 w-11 shrink-0 rounded-full bg-line transition-colors data-[state=checked]:bg-accent"
          >
            <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5" />
          </Switch.Root>
          <label htmlFor={`${searchId}-archived`} className="text-sm font-medium text-ink">
            Show archived
          </label>
        </div>
      </div>
      <StaleListNotice paused={fetchStatus === 'paused' && !isPending} />
      {isPending ? (
        <SkeletonList label={UI_TEXTS.loadingProjects} />
      ) : isError ? (
        <p role="alert" className="text-sm text-danger">
          The projects could not be loaded: {extractErrorMessage(error)}
        </p>
      ) : data.items.length === 0 && q ? (
        <EmptyState
          title={`No projects match “${q}”.`}
          description="Check the spelling, or search for part of the name."
        />
      ) : data.items.length === 0 ? (
        <EmptyState
          title="No projects yet."
          description={
            newProject
              ? 'A project holds the opportunities you are casting, the submissions and your team. Start with its name; everything else can follow.'
              : 'Projects you are invited to appear here.'
          }
          action={
            newProject ? (
              <LinkButton variant="primary" to={paths.projectV2.create}>
                Create your first project
              </LinkButton>
            ) : null
          }
        />
      ) : (
        <>
          <VirtualList
            label="Projects"
            busy={isFetching}
            className="flex flex-col gap-3"
            gap={12}
            items={data.items}
            getKey={(project) => project.id}
            estimateSize={PROJECT_ROW_HEIGHT}
            renderItem={(project, rowProps) => (
              <ProjectRow
                project={project}
                rowProps={rowProps}
                actor={projectActorFor({
                  isSuperAdmin,
                  scope: project.projectAccessScope,
                  isOwner: project.owner.id === user?.id,
                })}
                archiving={archive.isPending && archive.variables.id === project.id}
                onArchive={onArchive}
              />
            )}
          />
          <Pager
            label="Projects pages"
            busy={isFetching}
            offset={offset}
            pageSize={PROJECTS_PAGE_SIZE}
            total={data.total}
            onOffsetChange={(next) => update({ offset: next > 0 ? String(next) : null })}
          />
        </>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={confirming ? `Archive ${confirming.name}?` : ''}
        message={MESSAGES.archiveProjectQuestion}
        confirmLabel="Archive"
        busy={archive.isPending}
        onConfirm={() => {
          if (confirming) setArchived(confirming, true, () => setConfirming(null));
        }}
      />
    </div>
  );
}
