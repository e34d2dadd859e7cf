import type { ProjectActor, ProjectScope } from '@casting/domain';
import { useState } from 'react';
import { UI_TEXTS } from '@casting/domain';
import { Button } from '../../ui/button';
import { PermissionGate } from '../../ui/permission-gate';
import { TeamDialog } from './team-dialog';

export interface TeamButtonProps {
  projectId: string;
  actor: ProjectActor | null;
  viewerScope: ProjectScope | null;
}

/** Opens the team dialog, for actors allowed to invite team members (all five project roles). */
export function TeamButton({ projectId, actor, viewerScope }: TeamButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <PermissionGate permission="INVITE_TEAM_MEMBERS" actor={actor}>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {UI_TEXTS.inviteTeamMembers}
      </Button>
      <TeamDialog
        open={open}
        onOpenChange={setOpen}
        projectId={projectId}
        actor={actor}
        viewerScope={viewerScope}
      />
    </PermissionGate>
  );
}
