import {
  AUDITION_TEXTS,
  extractErrorMessage,
  type AuditionSession,
  type AuditionSessionInput,
} from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useHttpClient } from '../../lib/http/http-client-context';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { Dialog, DialogFooter } from '../../ui/dialog';
import {
  draftInput,
  OverlapWarning,
  SessionFields,
  useSessionDraft,
  type SessionDraft,
} from './session-fields';
import { overlapsOf } from './new-session-dialog';
import { sessionsQuery, useUpdateSession } from './team-api';

const T = AUDITION_TEXTS;

/** The session as the form edits it (breaks written back as "HH:MM-HH:MM, ..."). */
export function draftOfSession(session: AuditionSession): SessionDraft {
  return {
    kind: session.kind,
    name: session.name,
    roleIds: [...session.roleIds],
    day: session.day,
    start: session.start,
    end: session.end,
    timeZone: session.timeZone,
    place: session.place ?? '',
    videoLink: session.videoLink ?? '',
    slotMinutes: session.slotMinutes,
    breaks: session.breaks.map((item) => `${item.start}-${item.end}`).join(', '),
    perSlot: session.perSlot,
    staff: session.staff ?? '',
    notes: session.notes ?? '',
  };
}

/**
 * Only the fields the office changed: the API refuses a change of the hours once someone holds a slot, so a rename
 * of a session with people booked must not carry its (unchanged) hours along.
 */
export function changedFields(
  before: AuditionSessionInput,
  after: AuditionSessionInput,
): Partial<AuditionSessionInput> {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof AuditionSessionInput)[]) {
    if (JSON.stringify(after[key]) !== JSON.stringify(before[key])) patch[key] = after[key];
  }
  return patch as Partial<AuditionSessionInput>;
}

/**
 * "Edit session": the session's fields as they are, and the project's other sessions the new hours would run beside
 * (shown before saving, never blocking); saving sends what changed.
 */
export function EditSessionDialog(props: {
  open: boolean;
  onOpenChange(open: boolean): void;
  projectId: string;
  session: AuditionSession;
}) {
  const original = draftOfSession(props.session);
  const { draft, set } = useSessionDraft(original);
  const update = useUpdateSession(props.projectId, props.session.id);
  const input = draftInput(draft);
  const before = draftInput(original);
  const patch = input && before ? changedFields(before, input) : null;
  const http = useHttpClient();
  const others = useQuery(sessionsQuery(http, props.projectId)).data?.items ?? [];
  const overlaps = overlapsOf(
    draft,
    others.filter((session) => session.id !== props.session.id),
  );
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={T.editSessionOf(props.session.name)}
      width={640}
    >
      <form
        className="flex flex-col gap-3 pt-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (!patch) return;
          update.mutate(patch, {
            onSuccess: (saved) => {
              toast.success(T.sessionSaved(saved.session.name));
              props.onOpenChange(false);
            },
          });
        }}
      >
        <p className="text-sm">{T.hoursFixed}</p>
        <SessionFields projectId={props.projectId} draft={draft} set={set} />
        <OverlapWarning overlaps={overlaps} />
        {update.isError ? (
          <p role="alert" className="text-sm text-danger">
            {extractErrorMessage(update.error)}
          </p>
        ) : null}
        <DialogFooter>
          <Button
            type="submit"
            disabled={update.isPending || !patch || Object.keys(patch).length === 0 || !draft.name.trim()}
          >
            {T.saveSession}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
