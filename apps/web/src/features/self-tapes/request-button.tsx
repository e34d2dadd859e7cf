import { SELF_TAPE_TEXTS } from '@casting/domain';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { SelfTapeRequestDialog } from './request-dialog';

/** "Request self-tapes" for the rows picked in the candidates list of one opportunity, with its dialog. */
export function RequestSelfTapesButton(props: {
  projectId: string;
  roleId: string;
  submissionIds: readonly string[];
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" className="min-h-9 w-fit px-3" onClick={() => setOpen(true)}>
        {SELF_TAPE_TEXTS.request}
      </Button>
      {open ? (
        <SelfTapeRequestDialog
          open
          onOpenChange={setOpen}
          projectId={props.projectId}
          roleId={props.roleId}
          submissionIds={props.submissionIds}
        />
      ) : null}
    </>
  );
}
