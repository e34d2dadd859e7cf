import type { Folder } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { UI_TEXTS } from '@casting/domain';
import { useHttpClient } from '../../lib/http/http-client-context';
import { roleOptionsQuery } from '../opportunities';
import { projectFoldersQuery } from '../folders';

export interface FolderPickerProps {
  projectId: string;
  chosen: readonly string[];
  onChange(folderIds: string[]): void;
}

/**
 * The folders a client link shares, picked across the project's opportunities ("a set of folders of one or more
 * opportunities"): one group per opportunity, one checkbox per folder. The server checks that every id is a folder
 * of this project (one query) and copies their candidates into the link when it is made.
 */
export function FolderPicker({ projectId, chosen, onChange }: FolderPickerProps) {
  const http = useHttpClient();
  const folders = useQuery(projectFoldersQuery(http, projectId));
  const roles = useQuery(roleOptionsQuery(http, projectId));
  if (folders.isPending || roles.isPending) {
    return (
      <p role="status" className="text-sm text-ink-muted">
        {UI_TEXTS.loadingFolders}
      </p>
    );
  }
  if (folders.isError || roles.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        The folders could not be loaded.
      </p>
    );
  }
  const byRole = new Map<string, Folder[]>();
  for (const folder of folders.data.items) {
    byRole.set(folder.roleId, [...(byRole.get(folder.roleId) ?? []), folder]);
  }
  const groups = roles.data.items.filter((role) => byRole.has(String(role.value)));
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...chosen.filter((item) => item !== id), id] : chosen.filter((item) => item !== id));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold text-ink">Folders to share</legend>
      <p className="text-xs text-ink-muted">
        Everyone in the chosen folders, of any opportunity, as they are when the link is made.
      </p>
      <div className="flex max-h-60 flex-col gap-3 overflow-y-auto rounded-md border border-line p-3">
        {groups.length === 0 ? <p className="text-sm text-ink-muted">No folders yet.</p> : null}
        {groups.map((role) => (
          <fieldset key={String(role.value)} className="flex flex-col gap-1">
            <legend className="text-sm font-medium text-ink-muted">{role.label}</legend>
            {byRole.get(String(role.value))!.map((folder) => (
              <label key={folder.id} className="flex min-h-8 items-center gap-2 text-sm text-ink">
                <input
                  type="checkbox"
                  className="size-4 shrink-0 accent-brand-700"
                  checked={chosen.includes(folder.id)}
                  onChange={(event) => toggle(folder.id, event.target.checked)}
                />
                {folder.name}
              </label>
            ))}
          </fieldset>
        ))}
      </div>
    </fieldset>
  );
}
