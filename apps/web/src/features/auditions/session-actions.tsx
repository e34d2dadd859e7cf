import { AUDITION_TEXTS, extractErrorMessage, type AuditionSession } from '@casting/domain';
import { useState } from 'react';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EditSessionDialog } from './edit-session-dialog';
import { useDeleteSession } from './team-api';

const T = AUDITION_TEXTS;

/** "Edit" and "Delete" of one session, for those who manage the roster; deleting asks first. */
export function SessionActions(props: {
  projectId: string;
  session: AuditionSession;
  /** After the session is gone (the schedule page leaves for the list). */
  onDeleted?(): void;
}) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteSession(props.projectId);
  const { session } = props;
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" aria-label={T.editSessionOf(session.name)} onClick={() => setEditing(true)}>
        {T.editSession}
      </Button>
      <Button
        variant="secondary"
        aria-label={T.deleteSessionOf(session.name)}
        onClick={() => setDeleting(true)}
      >
        {T.deleteSession}
      </Button>
      {editing ? (
        <EditSessionDialog open onOpenChange={setEditing} projectId={props.projectId} session={session} />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => (open ? undefined : setDeleting(false))}
          title={T.deleteSessionOf(session.name)}
          message={T.deleteSessionMessage(session.name)}
          confirmLabel={T.deleteSession}
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate(session.id, {
              onSuccess: () => {
                toast.success(T.sessionDeleted(session.name));
                setDeleting(false);
                props.onDeleted?.();
              },
            })
          }
        />
      ) : null}
      {remove.isError ? <p role="alert">{extractErrorMessage(remove.error)}</p> : null}
    </div>
  );
}
