import {
  AUDITION_TEXTS,
  extractErrorMessage,
  type AuditionMode,
  type AuditionRecipients,
  type AuditionSession,
} from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useHttpClient } from '../../lib/http/http-client-context';
import { paths } from '../../lib/routing/paths';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { Dialog, DialogFooter } from '../../ui/dialog';
import { Select } from '../../ui/select';
import { projectFoldersQuery } from '../folders';
import { ModeFields } from './invite-dialog';
import { draftInput, emptyDraft, SessionFields, useSessionDraft } from './session-fields';
import { useFillCallback } from './team-api';

const T = AUDITION_TEXTS;
const ratingOptions = [1, 2, 3, 4, 5].map((value) => ({ value: String(value), label: String(value) }));
const NO_FOLDER = 'none';

/**
 * "Fill a callback from ratings": a new session (a callback by default, on the source's place and length) and the
 * invitations of everyone rated at least the chosen mark, of everyone filed in the chosen folder of the session's
 * opportunities, and of those ticked by hand, sent as one action; then its schedule opens.
 */
export function CallbackDialog(props: {
  open: boolean;
  onOpenChange(open: boolean): void;
  projectId: string;
  source: AuditionSession;
  /** The source session's candidates, any of whom may be added by hand whatever their rating. */
  candidates: readonly { applicantId: string; name: string }[];
}) {
  const { source } = props;
  const id = useId();
  const { draft, set } = useSessionDraft({
    ...emptyDraft('CALLBACK', T.callbackName(source.name)),
    roleIds: source.roleIds,
    timeZone: source.timeZone,
    place: source.place ?? '',
    videoLink: source.videoLink ?? '',
    slotMinutes: source.slotMinutes,
    perSlot: source.perSlot,
  });
  const [minRating, setMinRating] = useState('4');
  const [chosen, setChosen] = useState<readonly string[]>([]);
  const [folderId, setFolderId] = useState(NO_FOLDER);
  const folders = useQuery(projectFoldersQuery(useHttpClient(), props.projectId));
  const folderOptions = [
    { value: NO_FOLDER, label: T.noFolder },
    ...(folders.data?.items ?? [])
      .filter((folder) => source.roleIds.includes(folder.roleId))
      .map((folder) => ({ value: folder.id, label: folder.name })),
  ];
  const [mode, setMode] = useState<AuditionMode>('OFFICE_ASSIGNS');
  const [recipients, setRecipients] = useState<AuditionRecipients>('AGENTS');
  const fill = useFillCallback(props.projectId, source.id);
  const navigate = useNavigate();
  const input = draftInput(draft);
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange} title={T.callback} width={640}>
      <form
        className="flex flex-col gap-3 pt-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (!input) return;
          fill.mutate(
            {
              session: input,
              minRating: Number(minRating),
              applicantIds: [...chosen],
              folderId: folderId === NO_FOLDER ? null : folderId,
              mode,
              recipients,
            },
            {
              onSuccess: (result) => {
                toast.success(T.invited(result.invited, result.alreadyInvited, result.mailed));
                props.onOpenChange(false);
                void navigate(paths.project.auditionSchedule(props.projectId, result.schedule.session.id));
              },
            },
          );
        }}
      >
        <label htmlFor={`${id}-min`} className="text-sm font-medium">
          {T.minRating}
        </label>
        <Select id={`${id}-min`} value={minRating} onValueChange={setMinRating} options={ratingOptions} />
        <label htmlFor={`${id}-folder`} className="text-sm font-medium">
          {T.fromFolder}
        </label>
        <Select id={`${id}-folder`} value={folderId} onValueChange={setFolderId} options={folderOptions} />
        {props.candidates.length > 0 ? (
          <fieldset className="flex flex-col gap-1 text-sm">
            <legend className="font-medium">{T.alsoInvite}</legend>
            {props.candidates.map((candidate) => (
              <label key={candidate.applicantId} className="flex min-h-9 items-center gap-2">
                <input
                  type="checkbox"
                  checked={chosen.includes(candidate.applicantId)}
                  onChange={(event) =>
                    setChosen((list) =>
                      event.target.checked
                        ? [...list, candidate.applicantId]
                        : list.filter((item) => item !== candidate.applicantId),
                    )
                  }
                />
                {candidate.name}
              </label>
            ))}
          </fieldset>
        ) : null}
        <ModeFields mode={mode} setMode={setMode} recipients={recipients} setRecipients={setRecipients} />
        <SessionFields projectId={props.projectId} draft={draft} set={set} />
        {fill.isError ? (
          <p role="alert" className="text-sm text-danger">
            {extractErrorMessage(fill.error)}
          </p>
        ) : null}
        <DialogFooter>
          <Button type="submit" disabled={fill.isPending || !input || !draft.name.trim() || !draft.day}>
            {T.createCallback}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
