import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { UI_TEXTS } from '@casting/domain';
import type { CreatedShareLink } from '@casting/domain';
import { useHttpClient } from '../../lib/http/http-client-context';
import { Button } from '../../ui/button';
import { absoluteLink, CreateLinkDialog, ShareLinkCard } from '../links';
import { projectQuery } from '../projects';
import { RoleDialog, rolesQuery } from '../opportunities';
import { TeamDialog, teamMembersQuery } from '../team';

/** Step 2: the project's opportunities, added with the ordinary opportunity dialog. */
export function OpportunitiesStep({ projectId }: { projectId: string }) {
  const http = useHttpClient();
  const roles = useQuery(rolesQuery(http, projectId));
  const [open, setOpen] = useState(false);
  const items = roles.data?.items ?? [];
  return (
    <section aria-labelledby="wizard-roles" className="flex flex-col gap-3">
      <h2 id="wizard-roles" className="text-lg font-semibold">
        Opportunities
      </h2>
      <p className="text-sm text-ink-muted">
        The roles people apply for. Add at least one; you can add more later.
      </p>
      {items.length > 0 ? (
        <ul className="flex flex-col divide-y divide-line rounded-md border border-line">
          {items.map((role) => (
            <li key={role.id} className="px-3 py-2 text-sm font-medium">
              {role.name}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm">No opportunity yet.</p>
      )}
      <div>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {UI_TEXTS.addOpportunity}
        </Button>
      </div>
      <RoleDialog projectId={projectId} role={null} open={open} onOpenChange={setOpen} />
    </section>
  );
}

/** Step 3: the team, invited with the ordinary team dialog (optional: a director may cast alone). */
export function TeamStep({ projectId }: { projectId: string }) {
  const http = useHttpClient();
  const team = useQuery(teamMembersQuery(http, projectId));
  // The dialog offers what the caller's own standing allows (an editor continuing the owner's draft, a super admin).
  const project = useQuery(projectQuery(http, projectId));
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="wizard-team" className="flex flex-col gap-3">
      <h2 id="wizard-team" className="text-lg font-semibold">
        Team
      </h2>
      <p className="text-sm text-ink-muted">Invite the people who cast with you. You can skip this step.</p>
      <ul className="flex flex-col divide-y divide-line rounded-md border border-line">
        {(team.data?.items ?? []).map((member) => (
          <li key={member.id} className="flex flex-wrap justify-between gap-2 px-3 py-2 text-sm">
            <span>{member.user?.fullName ?? member.email}</span>
            <span className="text-ink-muted">{member.scope.replace('_', ' ').toLowerCase()}</span>
          </li>
        ))}
      </ul>
      <div>
        <Button variant="secondary" disabled={!project.data} onClick={() => setOpen(true)}>
          {UI_TEXTS.inviteTeamMembers}
        </Button>
      </div>
      <TeamDialog
        open={open}
        onOpenChange={setOpen}
        projectId={projectId}
        actor="PO"
        viewerScope="PROJECT_OWNER"
      />
    </section>
  );
}

/** Step 4: a first submission link, made with the ordinary link dialog (optional). */
export function LinkStep({ projectId }: { projectId: string }) {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<{ links: CreatedShareLink[]; title: string } | null>(null);
  return (
    <section aria-labelledby="wizard-link" className="flex flex-col gap-3">
      <h2 id="wizard-link" className="text-lg font-semibold">
        First submission link
      </h2>
      <p className="text-sm text-ink-muted">
        A link talent and agents use to submit. You can skip this step and make links later.
      </p>
      <p role="status" className="text-sm empty:hidden">
        {created ? 'Link created. Finish to open the project.' : ''}
      </p>
      {/* The link made here is shown as on the links page: its address, Copy Link and its QR code. */}
      {created?.links.map((link) => (
        <ShareLinkCard key={link.id} url={absoluteLink(link.link)} title={created.title} />
      ))}
      <div>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {UI_TEXTS.createLink}
        </Button>
      </div>
      <CreateLinkDialog
        projectId={projectId}
        open={open}
        onOpenChange={setOpen}
        onCreated={(links, title) => setCreated({ links, title })}
      />
    </section>
  );
}
