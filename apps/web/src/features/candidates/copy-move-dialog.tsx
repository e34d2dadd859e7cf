import {
  copyMoveFolderChoices,
  copyMoveRequestSchema,
  extractErrorMessage,
  MESSAGES,
  UI_TEXTS,
} from '@casting/domain';
import type { CopyMoveType, Option } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { Dialog, DialogFooter } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { CheckOption, NativeSelect } from './candidate-filters';
import { accessedProjectsQuery } from '../projects';
import { roleOptionsQuery } from '../opportunities';
import { candidateFoldersQuery, useCopyMove } from './candidates-api';

const TITLES: Record<CopyMoveType, string> = {
  COPY: 'Copy candidates to an opportunity',
  MOVE: 'Move candidates to an opportunity',
  IMPORT: 'Add candidates to an opportunity',
};

const SUBMIT: Record<CopyMoveType, string> = { COPY: 'Copy', MOVE: 'Move', IMPORT: 'Add' };

const OPTIONS = [
  ['copyFeedbacks', 'Copy feedback (votes)'],
  ['copyComments', 'Copy comments'],
  ['copyMedia', 'Copy media'],
  ['copyTags', 'Copy tags'],
] as const;
type OptionKey = (typeof OPTIONS)[number][0];

export interface CopyMoveDialogProps {
  projectId: string;
  /** A copy may also go to an opportunity of another project the person works on. */
  otherProjects: boolean;
  type: CopyMoveType;
  rowIds: string[];
  opportunities: readonly Option[];
  /** Folders of the submitter set for a talent submitter. */
  submitterFolders: boolean;
  onClose(done: boolean): void;
}

/**
 * The copy / move / add dialog: a destination opportunity and, for copy and move, at least one of its
 * folders (never Hidden, All submissions or Invited; New submissions only when adding), and what to bring along.
 */
export function CopyMoveDialog({
  projectId,
  otherProjects,
  type,
  rowIds,
  opportunities,
  submitterFolders,
  onClose,
}: CopyMoveDialogProps) {
  const http = useHttpClient();
  const [destination, setDestination] = useState(projectId);
  const crossProject = destination !== projectId;
  const projects = useQuery({
    ...accessedProjectsQuery(http, '', projectId),
    enabled: otherProjects && type === 'COPY',
  });
  const elsewhere = (projects.data?.items ?? []).filter(
    (project) => project.id !== projectId && !project.archived,
  );
  const otherRoles = useQuery({ ...roleOptionsQuery(http, destination), enabled: crossProject });
  const roleChoices = crossProject ? (otherRoles.data?.items ?? []) : opportunities;
  const [roleId, setRoleId] = useState('');
  const [folderIds, setFolderIds] = useState<string[]>([]);
  const [options, setOptions] = useState<Record<OptionKey, boolean>>({
    copyFeedbacks: false,
    copyComments: false,
    copyMedia: false,
    copyTags: true,
  });
  const [errors, setErrors] = useState<{ roleId?: string; folderIds?: string }>({});
  const folders = useQuery({
    ...candidateFoldersQuery(http, destination, roleId, crossProject ? false : submitterFolders),
    enabled: roleId !== '',
  });
  const choices = copyMoveFolderChoices(folders.data?.items ?? [], type);
  const copyMove = useCopyMove(projectId);

  const submit = () => {
    const body = {
      type,
      applicantIds: rowIds,
      roleId: roleId || null,
      folderIds,
      ...options,
      ...(crossProject ? { projectId: destination } : {}),
    };
    const parsed = copyMoveRequestSchema.safeParse(body);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'roleId' || field === 'folderIds') next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    copyMove.mutate(
      { ...body, crossProject },
      {
        onSuccess: () => {
          toast.success(MESSAGES.copyMoveSucceeded(type));
          onClose(true);
        },
        onError: (error) =>
          toast.error(
            type === 'IMPORT' ? MESSAGES.failedToImportApplicant : MESSAGES.failedToCopyOrMoveApplicant,
            {
              description: extractErrorMessage(error),
            },
          ),
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose(false))}
      title={TITLES[type]}
      description={`${rowIds.length} ${rowIds.length === 1 ? 'candidate' : 'candidates'} selected.`}
      width={560}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        className="flex flex-col gap-4"
      >
        {otherProjects && type === 'COPY' && elsewhere.length > 0 ? (
          <Field label="Project">
            {(props) => (
              <NativeSelect
                {...props}
                value={destination}
                onChange={(event) => {
                  setDestination(event.target.value);
                  setRoleId('');
                  setFolderIds([]);
                  setErrors({});
                }}
              >
                <option value={projectId}>This project</option>
                {elsewhere.map((project) => (
                  <option key={project.id} value={project.id}>
                    {project.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        ) : null}
        <Field label="Opportunity" required error={errors.roleId}>
          {(props) => (
            <NativeSelect
              {...props}
              value={roleId}
              onChange={(event) => {
                setRoleId(event.target.value);
                setFolderIds([]);
                setErrors({});
              }}
            >
              <option value="">{UI_TEXTS.chooseOpportunity}</option>
              {roleChoices.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        {roleId ? (
          <fieldset
            className="flex flex-col gap-1"
            aria-describedby={errors.folderIds ? 'copy-folders-error' : undefined}
          >
            <legend className="mb-1 text-sm font-medium text-ink">
              {type === 'IMPORT' ? 'Folders (optional)' : 'Folders'}
            </legend>
            {folders.isPending ? <p className="text-sm text-ink-muted">{UI_TEXTS.loadingFolders}</p> : null}
            {choices.map((folder) => (
              <CheckOption
                key={folder.id}
                label={folder.name}
                checked={folderIds.includes(folder.id)}
                onChange={(event) =>
                  setFolderIds((current) =>
                    event.target.checked ? [...current, folder.id] : current.filter((id) => id !== folder.id),
                  )
                }
              />
            ))}
            {errors.folderIds ? (
              <p id="copy-folders-error" className="text-sm text-danger">
                {errors.folderIds}
              </p>
            ) : null}
          </fieldset>
        ) : null}
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-medium text-ink">Bring along</legend>
          {OPTIONS.map(([key, label]) => (
            <CheckOption
              key={key}
              label={label}
              checked={options[key]}
              onChange={(event) => setOptions((current) => ({ ...current, [key]: event.target.checked }))}
            />
          ))}
        </fieldset>
        <DialogFooter>
          <Button variant="secondary" onClick={() => onClose(false)} disabled={copyMove.isPending}>
            {MESSAGES.cancel}
          </Button>
          <Button type="submit" disabled={copyMove.isPending}>
            {SUBMIT[type]}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
