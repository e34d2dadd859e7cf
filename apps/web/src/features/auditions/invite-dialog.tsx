import {
  AUDITION_MODES,
  AUDITION_RECIPIENTS,
  AUDITION_TEXTS,
  extractErrorMessage,
  formatZonedMoment,
  type AuditionMode,
  type AuditionRecipients,
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
import { viewerTimeZone } from './auditions-api';
import { sessionsQuery, useInvite } from './team-api';

const T = AUDITION_TEXTS;
const modeOptions = AUDITION_MODES.map((value) => ({ value, label: T.modes[value] }));
const recipientOptions = AUDITION_RECIPIENTS.map((value) => ({ value, label: T.recipientsOptions[value] }));

/** Who gives the times (the office, or each candidate on their page) and who the invitation goes to. */
export function ModeFields(props: {
  mode: AuditionMode;
  setMode(mode: AuditionMode): void;
  recipients: AuditionRecipients;
  setRecipients(recipients: AuditionRecipients): void;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={`${id}-mode`} className="text-sm font-medium">
        {T.mode}
      </label>
      <Select
        id={`${id}-mode`}
        value={props.mode}
        onValueChange={(value) => props.setMode(value as AuditionMode)}
        options={modeOptions}
      />
      <label htmlFor={`${id}-to`} className="text-sm font-medium">
        {T.recipientsLabel}
      </label>
      <Select
        id={`${id}-to`}
        value={props.recipients}
        onValueChange={(value) => props.setRecipients(value as AuditionRecipients)}
        options={recipientOptions}
      />
    </>
  );
}

/**
 * Invite the chosen candidates to one of the project's sessions as one action: the office fills the open slots in
 * running order (the rest wait on the waitlist) or each candidate picks a slot on their page; then the schedule opens.
 */
export function InviteToAuditionDialog(props: {
  open: boolean;
  onOpenChange(open: boolean): void;
  projectId: string;
  /** The people (applicant ids) of the chosen rows. */
  applicantIds: readonly string[];
  /** The folder open in the workspace, if any: the office may invite everyone in it instead. */
  folder?: { id: string; name: string } | null;
}) {
  const id = useId();
  const http = useHttpClient();
  const navigate = useNavigate();
  const sessions = useQuery(sessionsQuery(http, props.projectId));
  const invite = useInvite(props.projectId);
  const zone = viewerTimeZone();
  const items = sessions.data?.items ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const sessionId = picked ?? items[0]?.id ?? null;
  const [mode, setMode] = useState<AuditionMode>('OFFICE_ASSIGNS');
  const [recipients, setRecipients] = useState<AuditionRecipients>('AGENTS');
  const folder = props.folder ?? null;
  const [whom, setWhom] = useState<'CHOSEN' | 'FOLDER'>(props.applicantIds.length > 0 ? 'CHOSEN' : 'FOLDER');
  const wholeFolder = whom === 'FOLDER' && folder !== null;
  const who = wholeFolder
    ? { applicantIds: [], folderId: folder.id }
    : { applicantIds: [...props.applicantIds], folderId: null };
  const options = items.map((session) => ({
    value: session.id,
    label: `${session.name} · ${formatZonedMoment(new Date(session.startsAt), zone)}`,
  }));
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange} title={T.inviteTitle} width={560}>
      <form
        className="flex flex-col gap-3 pt-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (!sessionId) return;
          invite.mutate(
            { sessionId, ...who, mode, recipients, autoAssign: true },
            {
              onSuccess: (result) => {
                toast.success(T.invited(result.invited, result.alreadyInvited, result.mailed));
                props.onOpenChange(false);
                void navigate(paths.project.auditionSchedule(props.projectId, sessionId));
              },
            },
          );
        }}
      >
        {folder ? (
          <fieldset className="flex flex-col gap-1 text-sm">
            <legend className="font-medium">{T.inviteWhom}</legend>
            {props.applicantIds.length > 0 ? (
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-whom`}
                  checked={whom === 'CHOSEN'}
                  onChange={() => setWhom('CHOSEN')}
                />
                {T.inviteChosen(props.applicantIds.length)}
              </label>
            ) : null}
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-whom`}
                checked={whom === 'FOLDER'}
                onChange={() => setWhom('FOLDER')}
              />
              {T.inviteFolder(folder.name)}
            </label>
          </fieldset>
        ) : (
          <p className="text-sm">{T.inviteCount(props.applicantIds.length)}</p>
        )}
        {sessions.isSuccess && items.length === 0 ? <p>{T.noSessionToInvite}</p> : null}
        {items.length > 0 ? (
          <>
            <label htmlFor={`${id}-session`} className="text-sm font-medium">
              {T.session}
            </label>
            <Select
              id={`${id}-session`}
              value={sessionId ?? undefined}
              onValueChange={setPicked}
              options={options}
            />
          </>
        ) : null}
        <ModeFields mode={mode} setMode={setMode} recipients={recipients} setRecipients={setRecipients} />
        {invite.isError ? (
          <p role="alert" className="text-sm text-danger">
            {extractErrorMessage(invite.error)}
          </p>
        ) : null}
        <DialogFooter>
          <Button
            type="submit"
            disabled={invite.isPending || !sessionId || (!wholeFolder && props.applicantIds.length === 0)}
          >
            {T.sendInvitations}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

/**
 * "Invite to audition" for the rows picked in the candidates list (or, with none picked, the folder open there),
 * with its dialog.
 */
export function InviteToAuditionButton(props: {
  projectId: string;
  applicantIds: readonly string[];
  folder?: { id: string; name: string } | null;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" className="min-h-9 w-fit px-3" onClick={() => setOpen(true)}>
        {props.applicantIds.length > 0 ? T.inviteSelected : T.inviteFolderButton}
      </Button>
      {open ? (
        <InviteToAuditionDialog
          open
          onOpenChange={setOpen}
          projectId={props.projectId}
          applicantIds={props.applicantIds}
          folder={props.folder ?? null}
        />
      ) : null}
    </>
  );
}
