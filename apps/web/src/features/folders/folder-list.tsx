import { extractErrorMessage, MESSAGES, renameFolderSchema, UI_TEXTS } from '@casting/domain';
import type { Folder } from '@casting/domain';
import { useState } from 'react';
import { toast } from '../../lib/toast/toast';
import { toastError } from '../../lib/http/toast-error';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { PermissionGate } from '../../ui/permission-gate';
import { SkeletonList } from '../../ui/skeleton';
import { EditableLabel } from '../../ui/editable-label';
import { useCreateFolder, useDeleteFolder, useFolders, useRenameFolder } from './folders-api';

/** 'Folder name is required' and the API's length limit, checked before sending. */
export function folderNameError(name: string): string | null {
  return renameFolderSchema.shape.name.safeParse(name).error?.issues[0]?.message ?? null;
}

export interface FolderListProps {
  projectId: string;
  roleId: string;
  /** The opportunity's name, for headings and accessible names. */
  roleName: string;
}

/** The folders of one opportunity: system folders as they are, custom ones renamable and deletable. */
export function FolderList({ projectId, roleId, roleName }: FolderListProps) {
  const { data, error, isPending, isError } = useFolders(projectId, roleId);
  const create = useCreateFolder(projectId, roleId);
  const rename = useRenameFolder(projectId, roleId);
  const remove = useDeleteFolder(projectId);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Folder | null>(null);

  const createFolder = async (name: string) => {
    await create.mutateAsync(name);
    setAdding(false);
    toast.success(`Folder “${name}” created`);
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(`Folder “${deleting.name}” deleted`),
      onError: toastError,
      onSettled: () => setDeleting(null),
    });
  };

  if (isPending) return <SkeletonList rows={3} label={UI_TEXTS.loadingFoldersLabel} />;
  if (isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        The folders could not be loaded: {extractErrorMessage(error)}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <ul
        aria-label={`Folders of ${roleName}`}
        className="divide-y divide-line rounded-md border border-line"
      >
        {data.items.map((folder) => (
          <li key={folder.id} className="flex min-h-11 items-center justify-between gap-3 px-3 py-1.5">
            {folder.isSystem ? (
              <span className="flex items-center gap-2 text-sm text-ink">
                {folder.name}
                <span className="rounded-full bg-canvas px-2 py-0.5 text-xs text-ink-muted ring-1 ring-line">
                  System
                </span>
              </span>
            ) : (
              <PermissionGate
                permission="CREATE_FOLDER"
                fallback={<span className="text-sm text-ink">{folder.name}</span>}
              >
                <EditableLabel
                  value={folder.name}
                  inputLabel="Folder name"
                  editLabel={`Rename folder ${folder.name}`}
                  validate={folderNameError}
                  onSave={async (name) => {
                    await rename.mutateAsync({ folderId: folder.id, name });
                  }}
                />
              </PermissionGate>
            )}
            {folder.isSystem ? null : (
              <PermissionGate permission="CREATE_FOLDER">
                <Button
                  variant="ghost"
                  aria-label={`Delete folder ${folder.name}`}
                  onClick={() => setDeleting(folder)}
                >
                  Delete
                </Button>
              </PermissionGate>
            )}
          </li>
        ))}
        {adding ? (
          <li className="px-3 py-1.5">
            <EditableLabel
              value=""
              autoFocus
              inputLabel="New folder name"
              editLabel="Name the new folder"
              validate={folderNameError}
              onSave={createFolder}
              onCancel={() => setAdding(false)}
            />
          </li>
        ) : null}
      </ul>
      <PermissionGate permission="CREATE_FOLDER">
        <div>
          <Button variant="secondary" disabled={adding} onClick={() => setAdding(true)}>
            Add folder
          </Button>
        </div>
      </PermissionGate>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={UI_TEXTS.deleteContent}
        message={MESSAGES.confirmDeleteContent}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
