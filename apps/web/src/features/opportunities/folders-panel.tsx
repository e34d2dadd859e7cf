import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { FolderList } from '../folders';
import { roleOptionsQuery } from './opportunities-api';
import { RoleSelect } from './role-select';

/** Folders of one opportunity at a time, chosen with the opportunity selector. */
export function FoldersPanel({ projectId }: { projectId: string }) {
  const http = useHttpClient();
  const { data } = useQuery(roleOptionsQuery(http, projectId));
  const [chosen, setChosen] = useState<string | null>(null);
  const selectId = useId();
  const options = data?.items ?? [];
  // A deleted or not yet chosen opportunity falls back to the first one.
  const current = options.find((option) => option.value === chosen) ?? options[0];

  return (
    <section
      aria-labelledby="folders-heading"
      className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4"
    >
      <h2 id="folders-heading" className="text-lg font-semibold text-ink">
        Folders
      </h2>
      <div className="flex flex-col gap-1 sm:max-w-md">
        <label htmlFor={selectId} className="text-sm font-medium text-ink">
          Opportunity
        </label>
        <RoleSelect id={selectId} options={options} value={current?.value} onValueChange={setChosen} />
      </div>
      {current ? (
        <FolderList
          key={current.value}
          projectId={projectId}
          roleId={current.value}
          roleName={current.label}
        />
      ) : null}
    </section>
  );
}
