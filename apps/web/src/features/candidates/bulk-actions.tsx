import { extractErrorMessage, MESSAGES, UI_TEXTS } from '@casting/domain';
import type { CopyMoveType, Folder, Option } from '@casting/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast/toast';
import { emailSelectionPath } from '../email';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Dialog, DialogFooter } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { CheckOption, NativeSelect } from './candidate-filters';
import type { CandidateAction } from './candidate-permissions';
import { useCreateTag, useDeleteCandidates, useFolderMembership, useTagChange } from './candidates-api';
import { CopyMoveDialog } from './copy-move-dialog';
import { useHideToggle } from './hide-toggle';
import { SendToCasting } from './agency-review';

type Open =
  | { kind: 'copyMove'; type: CopyMoveType }
  | { kind: 'folder' }
  | { kind: 'tags' }
  | { kind: 'delete' }
  | null;

export interface BulkActionsProps {
  projectId: string;
  rowIds: string[];
  /** Whether the person may do an action here (matrix, or the submitter folder table). */
  may(action: CandidateAction): boolean;
  opportunities: readonly Option[];
  /** The chosen opportunity's folders: 'Add to folder' needs them. */
  folders: readonly Folder[] | null;
  /** The folder the list shows: 'Remove from folder' takes the rows out of it. */
  folder: Folder | null;
  submitterFolders: boolean;
  /** Copies may go to other projects (the casting team; never from the submitter folders). */
  otherProjects: boolean;
  tags: readonly Option[];
  /** The talent submitter's "Send to casting", in the folders where candidates wait for the agency. */
  sendToCasting?: boolean;
  /** Every picked row is hidden: the toolbar offers Unhide instead of Hide. */
  hidden?: boolean;
  onDone(): void;
  onClear(): void;
}

const plural = (count: number) => `${count} ${count === 1 ? 'candidate' : 'candidates'}`;

/** Reports an API refusal in words (the API checks the same rules the buttons were shown by). */
function refused(what: string) {
  return (error: unknown) => toast.error(what, { description: extractErrorMessage(error) });
}

/**
 * What can be done to the picked rows, each button only for those allowed (Unhide instead of Hide when every one is
 * hidden). Remove-from-folder and hide are undone from their toast; delete asks first.
 */
export function BulkActions(props: BulkActionsProps) {
  const { projectId, rowIds, may, folder, folders, onDone } = props;
  const [open, setOpen] = useState<Open>(null);
  const removeFromFolder = useFolderMembership(projectId, 'remove');
  const addToFolder = useFolderMembership(projectId, 'add');
  const remove = useDeleteCandidates(projectId);
  const count = rowIds.length;
  const navigate = useNavigate();

  const hiding = useHideToggle(projectId);
  const hide = () => hiding.run(rowIds, props.hidden ? 'UNHIDE' : 'HIDE', onDone);

  const takeOutOfFolder = () => {
    if (!folder) return;
    const ids = rowIds;
    const body = { applicantIds: ids, folderId: folder.id };
    removeFromFolder.mutate(body, {
      onSuccess: () => {
        onDone();
        toast.success(`${plural(ids.length)} removed from “${folder.name}”`, {
          action: {
            label: 'Undo',
            onClick: () =>
              addToFolder.mutate(body, { onError: refused('The candidates could not be put back') }),
          },
        });
      },
      onError: refused('The candidates could not be removed from the folder'),
    });
  };

  const buttons: [CandidateAction, string, () => void, boolean?][] = [
    ['COPY', 'Copy', () => setOpen({ kind: 'copyMove', type: 'COPY' })],
    ['MOVE', 'Move', () => setOpen({ kind: 'copyMove', type: 'MOVE' })],
    ['IMPORT', 'Add to opportunity', () => setOpen({ kind: 'copyMove', type: 'IMPORT' })],
    [
      'FOLDER_ADD_REMOVE',
      'Add to folder',
      () => setOpen({ kind: 'folder' }),
      folders !== null && folders.length > 0,
    ],
    ['FOLDER_ADD_REMOVE', 'Remove from folder', takeOutOfFolder, folder !== null],
    ['HIDE', props.hidden ? 'Unhide' : 'Hide', hide],
    ['TAGS', 'Tags', () => setOpen({ kind: 'tags' })],
    ['SEND_EMAIL', UI_TEXTS.sendEmail, () => void navigate(emailSelectionPath(projectId, rowIds))],
    ['DELETE', 'Delete', () => setOpen({ kind: 'delete' })],
  ];
  const shown = buttons.filter(([action, , , available = true]) => available && may(action));

  return (
    <div
      role="toolbar"
      aria-label="Actions for the selected candidates"
      className="sticky top-0 z-20 flex flex-wrap items-center gap-2 rounded-lg border border-brand-600 bg-brand-50 p-2"
    >
      <p className="px-2 text-sm font-medium text-brand-800" aria-live="polite">
        {plural(count)} selected
      </p>
      {shown.map(([action, label, run]) => (
        <Button
          key={label}
          variant={action === 'DELETE' ? 'danger' : 'secondary'}
          className="min-h-9 px-3"
          onClick={run}
          disabled={hiding.pending || removeFromFolder.isPending}
        >
          {label}
        </Button>
      ))}
      {props.sendToCasting ? <SendToCasting projectId={projectId} rowIds={rowIds} onSent={onDone} /> : null}
      {shown.length === 0 && !props.sendToCasting ? (
        <p className="text-sm text-ink-muted">No actions are available for these candidates here.</p>
      ) : null}
      <Button variant="ghost" className="ml-auto min-h-9 px-3" onClick={props.onClear}>
        Clear selection
      </Button>

      {open?.kind === 'copyMove' ? (
        <CopyMoveDialog
          projectId={projectId}
          otherProjects={props.otherProjects}
          type={open.type}
          rowIds={rowIds}
          opportunities={props.opportunities}
          submitterFolders={props.submitterFolders}
          onClose={(done) => {
            setOpen(null);
            if (done) onDone();
          }}
        />
      ) : null}
      {open?.kind === 'folder' && folders ? (
        <AddToFolderDialog
          projectId={projectId}
          rowIds={rowIds}
          folders={folders.filter((candidate) => candidate.id !== folder?.id)}
          onClose={(done) => {
            setOpen(null);
            if (done) onDone();
          }}
        />
      ) : null}
      {open?.kind === 'tags' ? (
        <TagsDialog
          projectId={projectId}
          rowIds={rowIds}
          tags={props.tags}
          onClose={(done) => {
            setOpen(null);
            if (done) onDone();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={open?.kind === 'delete'}
        onOpenChange={(next) => (next ? undefined : setOpen(null))}
        title={`Delete ${plural(count)}`}
        message={MESSAGES.confirmDeleteContent}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(rowIds, {
            onSuccess: () => {
              toast.success(`${plural(count)} deleted`);
              setOpen(null);
              onDone();
            },
            onError: (error) => {
              setOpen(null);
              refused('The candidates could not be deleted')(error);
            },
          })
        }
      />
    </div>
  );
}

/** Folders a candidate can be put in by hand: every folder but the views (All submissions) and Hidden. */
const NOT_BY_HAND = ['ALL_SUBMISSIONS', 'TS_ALL_SUBMISSIONS', 'HIDDEN', 'TS_HIDDEN'];

function AddToFolderDialog({
  projectId,
  rowIds,
  folders,
  onClose,
}: {
  projectId: string;
  rowIds: string[];
  folders: readonly Folder[];
  onClose(done: boolean): void;
}) {
  const choices = folders.filter((folder) => !NOT_BY_HAND.includes(folder.systemAlias ?? ''));
  const [folderId, setFolderId] = useState('');
  const [error, setError] = useState<string>();
  const add = useFolderMembership(projectId, 'add');
  const submit = () => {
    const folder = choices.find((item) => item.id === folderId);
    if (!folder) return setError('Choose a folder.');
    add.mutate(
      { applicantIds: rowIds, folderId },
      {
        onSuccess: () => {
          toast.success(`${plural(rowIds.length)} added to “${folder.name}”`);
          onClose(true);
        },
        onError: refused('The candidates could not be added to the folder'),
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose(false))} title="Add to folder">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Field label="Folder" required error={error}>
          {(props) => (
            <NativeSelect {...props} value={folderId} onChange={(event) => setFolderId(event.target.value)}>
              <option value="">Choose a folder</option>
              {choices.map((folder) => (
                <option key={folder.id} value={folder.id}>
                  {folder.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <DialogFooter>
          <Button variant="secondary" onClick={() => onClose(false)}>
            {MESSAGES.cancel}
          </Button>
          <Button type="submit" disabled={add.isPending}>
            Add to folder
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

function TagsDialog({
  projectId,
  rowIds,
  tags,
  onClose,
}: {
  projectId: string;
  rowIds: string[];
  tags: readonly Option[];
  onClose(done: boolean): void;
}) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const add = useTagChange(projectId, 'add');
  const remove = useTagChange(projectId, 'remove');
  const create = useCreateTag(projectId);
  const busy = add.isPending || remove.isPending || create.isPending;

  const apply = (change: 'add' | 'remove') => {
    if (chosen.length === 0) return setError('Choose at least one tag.');
    const mutation = change === 'add' ? add : remove;
    mutation.mutate(
      { applicantIds: rowIds, tagIds: chosen },
      {
        onSuccess: () => {
          toast.success(
            change === 'add'
              ? `Tags added to ${plural(rowIds.length)}`
              : `Tags removed from ${plural(rowIds.length)}`,
          );
          onClose(true);
        },
        onError: refused(change === 'add' ? 'The tags could not be added' : 'The tags could not be removed'),
      },
    );
  };

  const createTag = () => {
    const trimmed = name.trim();
    if (!trimmed) return;
    create.mutate(trimmed, {
      onSuccess: (tag) => {
        setChosen((current) => [...current, tag.value]);
        setName('');
      },
      onError: refused('The tag could not be created'),
    });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose(false))}
      title="Tags"
      description={`Add tags to or remove them from ${plural(rowIds.length)}.`}
    >
      <div className="flex flex-col gap-4">
        <fieldset className="flex flex-col">
          <legend className="mb-1 text-sm font-medium text-ink">Project tags</legend>
          {tags.length === 0 ? <p className="text-sm text-ink-muted">{UI_TEXTS.noTagsYet}</p> : null}
          {tags.map((tag) => (
            <CheckOption
              key={tag.value}
              label={tag.label}
              checked={chosen.includes(tag.value)}
              onChange={(event) =>
                setChosen((current) =>
                  event.target.checked ? [...current, tag.value] : current.filter((id) => id !== tag.value),
                )
              }
            />
          ))}
          {error ? <p className="text-sm text-danger">{error}</p> : null}
        </fieldset>
        <div className="flex items-end gap-2">
          <div className="flex-1">
            <Field label="New tag">
              {(props) => (
                <Input
                  {...props}
                  value={name}
                  maxLength={100}
                  onChange={(event) => setName(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      createTag();
                    }
                  }}
                />
              )}
            </Field>
          </div>
          <Button variant="secondary" onClick={createTag} disabled={busy || name.trim() === ''}>
            Create tag
          </Button>
        </div>
        <DialogFooter>
          <Button variant="secondary" onClick={() => apply('remove')} disabled={busy}>
            Remove tags
          </Button>
          <Button onClick={() => apply('add')} disabled={busy}>
            Add tags
          </Button>
        </DialogFooter>
      </div>
    </Dialog>
  );
}
