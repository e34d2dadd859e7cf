import { PROJECT_SEARCH_MIN_CHARS, UI_TEXTS } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { Popover } from 'radix-ui';
import { useId, useState } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { useDebouncedSearch } from '../../lib/search/search-term';
import { cn } from '../../ui/cn';
import { Input } from '../../ui/input';
import { Spinner } from '../../ui/spinner';
import { accessedProjectsQuery, projectQuery } from './projects-api';

export interface ProjectSwitcherProps {
  currentProjectId: string;
  /** Called with the chosen project; the caller decides which page of it to open. */
  onSelect(projectId: string): void;
}

/** The project switcher of the workspace navigation panel: accessed projects, the current one first. */
export function ProjectSwitcher({ currentProjectId, onSelect }: ProjectSwitcherProps) {
  const http = useHttpClient();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const q = useDebouncedSearch(text, PROJECT_SEARCH_MIN_CHARS);
  const searchId = useId();
  const current = useQuery(projectQuery(http, currentProjectId));
  const accessed = useQuery({ ...accessedProjectsQuery(http, q, currentProjectId), enabled: open });
  const currentName = current.data?.name ?? 'Project';

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          type="button"
          className="flex min-h-10 w-full items-center justify-between gap-2 rounded-md border border-line bg-surface px-3 text-left text-sm font-medium text-ink hover:bg-canvas"
        >
          <span className="truncate">
            <span className="sr-only">Switch project, current: </span>
            {currentName}
          </span>
          <span aria-hidden="true">▾</span>
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          aria-label="Switch project"
          className="z-50 flex w-72 max-w-[calc(100vw-2rem)] flex-col gap-2 rounded-md border border-line bg-surface p-2 shadow-lg"
        >
          <label htmlFor={searchId} className="sr-only">
            {UI_TEXTS.searchProjects}
          </label>
          <Input
            id={searchId}
            type="search"
            placeholder={UI_TEXTS.searchProjects}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          {accessed.isPending ? (
            <Spinner label={UI_TEXTS.loadingProjects} className="p-2" />
          ) : (
            <ul className="max-h-48 overflow-y-auto">
              {(accessed.data?.items ?? []).map((project) => {
                const isCurrent = project.id === currentProjectId;
                return (
                  <li key={project.id}>
                    <button
                      type="button"
                      aria-current={isCurrent ? 'true' : undefined}
                      onClick={() => {
                        setOpen(false);
                        if (!isCurrent) onSelect(project.id);
                      }}
                      className={cn(
                        'flex min-h-10 w-full items-center justify-between gap-2 rounded px-3 text-left text-sm hover:bg-brand-50',
                        isCurrent ? 'font-semibold text-brand-800' : 'text-ink',
                      )}
                    >
                      <span className="truncate">{project.name}</span>
                      {project.archived ? <span className="text-xs text-ink-muted">Archived</span> : null}
                    </button>
                  </li>
                );
              })}
              {accessed.data?.items.length === 0 ? (
                <li className="px-3 py-2 text-sm text-ink-muted">No projects match.</li>
              ) : null}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
