import {
  AUDITION_TEXTS,
  extractErrorMessage,
  overlappingSessions,
  sessionRange,
  type AuditionSession,
} from '@casting/domain';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/routing/paths';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { Dialog, DialogFooter } from '../../ui/dialog';
import {
  draftInput,
  emptyDraft,
  OverlapWarning,
  SessionFields,
  useSessionDraft,
  type SessionDraft,
} from './session-fields';
import { useCreateSession } from './team-api';

const T = AUDITION_TEXTS;

/**
 * The project's sessions this draft would run beside, worked out from the list on the page before anything is
 * saved (the API answers the same after saving; two rooms may run at once, so it never blocks).
 */
export function overlapsOf(
  draft: SessionDraft,
  sessions: readonly AuditionSession[],
): { id: string; name: string }[] {
  if (!draft.day || !draft.start || !draft.end) return [];
  try {
    const range = sessionRange({
      date: draft.day,
      start: draft.start,
      end: draft.end,
      timeZone: draft.timeZone,
    });
    const ranges = sessions.map((session) => ({
      ...session,
      startsAt: new Date(session.startsAt),
      endsAt: new Date(session.endsAt),
    }));
    return overlappingSessions(range, ranges);
  } catch {
    return [];
  }
}

/** "New session": the session's fields, the overlapping sessions shown as they are typed, then its schedule. */
export function NewSessionDialog(props: {
  open: boolean;
  onOpenChange(open: boolean): void;
  projectId: string;
  sessions: readonly AuditionSession[];
}) {
  const { draft, set } = useSessionDraft(emptyDraft());
  const create = useCreateSession(props.projectId);
  const navigate = useNavigate();
  const input = draftInput(draft);
  const overlaps = overlapsOf(draft, props.sessions);
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange} title={T.newSession} width={640}>
      <form
        className="flex flex-col gap-3 pt-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (!input) return;
          create.mutate(input, {
            onSuccess: (saved) => {
              toast.success(T.sessionCreated(saved.session.name));
              props.onOpenChange(false);
              void navigate(paths.project.auditionSchedule(props.projectId, saved.session.id));
            },
          });
        }}
      >
        <SessionFields projectId={props.projectId} draft={draft} set={set} />
        <OverlapWarning overlaps={overlaps} />
        {create.isError ? (
          <p role="alert" className="text-sm text-danger">
            {extractErrorMessage(create.error)}
          </p>
        ) : null}
        <DialogFooter>
          <Button type="submit" disabled={create.isPending || !input || !draft.name.trim() || !draft.day}>
            {T.createSession}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
