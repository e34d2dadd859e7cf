import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { UI_TEXTS } from '@casting/domain';
import { useHttpClient } from '../../lib/http/http-client-context';
import { Input } from '../../ui/input';
import { projectsQuery, rolesQuery } from './import-api';

export interface Target {
  type: 'ROSTER' | 'OPPORTUNITY';
  projectId: string;
  roleId: string;
}

export const nativeSelect =
  'min-h-10 w-full rounded-md border border-line bg-surface px-3 text-sm text-ink disabled:text-ink-muted';

/** The office roster, or a project (searched by name) and opportunity; only projects the caller can open are listed. */
export function TargetPicker({ value, onChange }: { value: Target; onChange(target: Target): void }) {
  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 text-sm font-medium text-ink">Import into</legend>
        {(
          [
            ['ROSTER', 'The office roster'],
            ['OPPORTUNITY', 'An opportunity of a project'],
          ] as const
        ).map(([type, label]) => (
          <label key={type} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="import-target"
              checked={value.type === type}
              onChange={() => onChange({ type, projectId: '', roleId: '' })}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {value.type === 'OPPORTUNITY' ? <OpportunityPicker value={value} onChange={onChange} /> : null}
    </div>
  );
}

function OpportunityPicker({ value, onChange }: { value: Target; onChange(target: Target): void }) {
  const http = useHttpClient();
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search);
  const projects = useQuery(projectsQuery(http, q));
  const roles = useQuery(rolesQuery(http, value.projectId));
  const projectItems = projects.data?.items ?? [];
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <div className="flex flex-col gap-1">
        <label htmlFor="import-project-search" className="text-sm font-medium text-ink">
          {UI_TEXTS.findProject}
        </label>
        <Input
          id="import-project-search"
          type="search"
          value={search}
          placeholder="Type 3 letters of its name"
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="import-project" className="text-sm font-medium text-ink">
          Project
        </label>
        <select
          id="import-project"
          className={nativeSelect}
          value={value.projectId}
          onChange={(event) => onChange({ ...value, projectId: event.target.value, roleId: '' })}
        >
          <option value="">{projects.isPending ? 'Loading projects…' : UI_TEXTS.chooseProject}</option>
          {projectItems.map((project) => (
            <option key={project.id} value={project.id}>
              {project.name}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="import-role" className="text-sm font-medium text-ink">
          Opportunity
        </label>
        <select
          id="import-role"
          className={nativeSelect}
          value={value.roleId}
          disabled={value.projectId === ''}
          onChange={(event) => onChange({ ...value, roleId: event.target.value })}
        >
          <option value="">
            {value.projectId === ''
              ? UI_TEXTS.chooseProjectFirst
              : roles.isPending
                ? 'Loading…'
                : UI_TEXTS.chooseOpportunity}
          </option>
          {(roles.data?.items ?? []).map((role) => (
            <option key={role.value} value={role.value}>
              {role.label}
            </option>
          ))}
        </select>
        {value.projectId !== '' && roles.data?.items.length === 0 ? (
          <p className="text-sm text-ink-muted">
            This project has no opportunity yet. Add one on its Roles page first.
          </p>
        ) : null}
      </div>
    </div>
  );
}
