import { can, extractErrorMessage, LINK_MESSAGES, MESSAGES, UI_TEXTS } from '@casting/domain';
import type { ProjectDetail } from '@casting/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuth } from '../../lib/auth/auth-provider';
import { useHttpClient } from '../../lib/http/http-client-context';
import { toastError } from '../../lib/http/toast-error';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Dialog } from '../../ui/dialog';
import { EmptyState } from '../../ui/empty-state';
import { SkeletonList } from '../../ui/skeleton';
import { ProjectHeader, ProjectWorkspace, useProjectIdParam } from '../projects';
import { CreateLinkDialog } from './create-link-dialog';
import { ForReviewPanel } from './for-review-panel';
import { cloneForm, DEFAULT_SETTINGS } from './link-form-state';
import type { LinkFormState } from './link-form-state';
import { shareLinksQuery, useUpdateLinkGroup } from './links-api';
import type { ShareLink } from './links-api';
import { ShareLinkCard } from './share-link-card';
import { ExpiryDialog } from './expiry-dialog';
import { GenerateLinksDialog } from './generate-links-dialog';
import { day, LinkRow } from './link-row';

/** /projects/:id/applicant-links: every submission link of the project, newest first. */
export function ApplicantLinksPage() {
  const projectId = useProjectIdParam();
  return (
    <ProjectWorkspace projectId={projectId}>
      {(project) => <LinksWorkspace project={project} />}
    </ProjectWorkspace>
  );
}

/** The address talent open: the API gives the path or the full address; a path is on this site. */
export function absoluteLink(link: string): string {
  return new URL(link, window.location.origin).toString();
}

/** A link's dialog form, as a clone starts from it. */
function formOf(link: ShareLink): LinkFormState {
  return {
    title: link.title,
    agencies: link.agency ? [{ id: link.agency.id, name: link.agency.name, agents: [] }] : [],
    agents: link.agent
      ? [{ id: link.agent.id, name: link.agent.name, agencyId: null, agencyName: link.agent.agencyName }]
      : [],
    isRepresentative: link.isRepresentative,
    roleIds: link.opportunities.map((opportunity) => opportunity.id),
    defaultRoleId: link.opportunities.length > 1 ? link.defaultRoleId : null,
    settings: { ...DEFAULT_SETTINGS, ...link.settings },
  };
}

function LinksWorkspace({ project }: { project: ProjectDetail }) {
  const http = useHttpClient();
  const links = useInfiniteQuery(shareLinksQuery(http, project.id));
  const update = useUpdateLinkGroup(project.id);
  const [creating, setCreating] = useState<{ cloneOf: LinkFormState | null } | null>(null);
  const [sharing, setSharing] = useState<ShareLink | null>(null);
  const [closing, setClosing] = useState<ShareLink | null>(null);
  const [expiring, setExpiring] = useState<ShareLink | null>(null);
  const [editing, setEditing] = useState<ShareLink | null>(null);
  const [generating, setGenerating] = useState(false);
  // Generating links for referral users is the casting team's (SA PO PE TE), not a talent submitter's.
  const mayGenerate = can(project.projectActor, 'SELECT_LINK_REFERRAL_USERS');
  const items = links.data?.pages.flatMap((page) => page.items) ?? [];
  // The links API answers whoever may submit talent (SA, PO, PE, TE, TS).
  const allowed = can(project.projectActor, 'SUBMIT_TALENT');
  const submitter = project.projectActor === 'TS';
  const { user } = useAuth();
  // A talent submitter's links carry their own agency, filled in for them; one who is not a verified agent
  // cannot choose agencies at all.
  const ownAgency =
    submitter && user?.agent?.isVerified
      ? { id: user.agent.agencyId, name: 'your agency', agents: [] }
      : null;

  if (!allowed) {
    return (
      <div className="mx-auto flex max-w-5xl flex-col gap-6">
        <ProjectHeader project={project} />
        <p role="alert" className="text-sm text-danger">
          Your role in this project does not include submission links.
        </p>
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <ProjectHeader project={project} />
      {can(project.projectActor, 'SEND_UNDER_REVIEW') ? <ForReviewPanel projectId={project.id} /> : null}
      <section aria-labelledby="links-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="links-heading" className="text-lg font-semibold text-ink">
            Candidate submission links
          </h2>
          <div className="flex flex-wrap gap-2">
            {mayGenerate ? (
              <Button variant="secondary" onClick={() => setGenerating(true)}>
                {UI_TEXTS.generateLinks}
              </Button>
            ) : null}
            <Button onClick={() => setCreating({ cloneOf: null })}>{UI_TEXTS.createLink}</Button>
          </div>
        </div>
        {links.isPending ? (
          <SkeletonList label="Loading links" rows={3} />
        ) : links.isError ? (
          <p role="alert" className="text-sm text-danger">
            {MESSAGES.errorLoadingData(extractErrorMessage(links.error))}
          </p>
        ) : items.length === 0 ? (
          <EmptyState
            title="No submission links yet."
            description="Create a link, share it with talent or agencies, and their submissions arrive in the opportunity you choose."
            action={<Button onClick={() => setCreating({ cloneOf: null })}>{UI_TEXTS.createLink}</Button>}
          />
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Submission links">
            {items.map((link) => (
              <LinkRow
                key={link.id}
                link={link}
                onShare={() => setSharing(link)}
                // Copying (cloning) a link is the casting team's: a talent submitter only makes new ones.
                onClone={
                  submitter
                    ? null
                    : () =>
                        setCreating({
                          cloneOf: cloneForm(
                            formOf(link),
                            items.map((item) => item.title),
                          ),
                        })
                }
                onClose={() => setClosing(link)}
                onExpiry={() => setExpiring(link)}
                onEdit={() => setEditing(link)}
                onReopen={() =>
                  update.mutate(
                    { groupId: link.groupId, change: { closed: false } },
                    {
                      onSuccess: () => toast.success(LINK_MESSAGES.linkReopened(link.title)),
                      onError: toastError,
                    },
                  )
                }
                busy={update.isPending}
              />
            ))}
          </ul>
        )}
        {links.hasNextPage ? (
          <Button
            variant="secondary"
            disabled={links.isFetchingNextPage}
            onClick={() => void links.fetchNextPage()}
          >
            {links.isFetchingNextPage ? 'Loading…' : 'Show more links'}
          </Button>
        ) : null}
      </section>

      <CreateLinkDialog
        projectId={project.id}
        open={creating !== null}
        onOpenChange={(open) => {
          if (!open) setCreating(null);
        }}
        cloneOf={creating?.cloneOf ?? null}
        submitter={submitter}
        submitterAgency={ownAgency}
      />
      <GenerateLinksDialog projectId={project.id} open={generating} onOpenChange={setGenerating} />
      <CreateLinkDialog
        projectId={project.id}
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        edit={editing ? { linkId: editing.id, groupId: editing.groupId, form: formOf(editing) } : null}
        submitter={submitter}
        submitterAgency={ownAgency}
      />
      <Dialog
        open={sharing !== null}
        onOpenChange={(open) => {
          if (!open) setSharing(null);
        }}
        title={sharing ? `Share ${sharing.title}` : 'Share link'}
        width={560}
      >
        {sharing ? <ShareLinkCard url={absoluteLink(sharing.link)} title={sharing.title} /> : null}
      </Dialog>
      <ConfirmDialog
        open={closing !== null}
        onOpenChange={(open) => {
          if (!open) setClosing(null);
        }}
        title={UI_TEXTS.closeLink}
        message="Talent who open this link will see that it is closed. Submissions already made stay."
        confirmLabel={UI_TEXTS.closeLink}
        busy={update.isPending}
        onConfirm={() => {
          if (!closing) return;
          update.mutate(
            { groupId: closing.groupId, change: { closed: true } },
            {
              onSuccess: () => toast.success(`“${closing.title}” is closed`),
              onError: toastError,
              onSettled: () => setClosing(null),
            },
          );
        }}
      />
      <ExpiryDialog
        link={expiring}
        busy={update.isPending}
        onCancel={() => setExpiring(null)}
        onSave={(expiresAt) => {
          if (!expiring) return;
          update.mutate(
            { groupId: expiring.groupId, change: { expiresAt } },
            {
              onSuccess: () =>
                toast.success(
                  expiresAt ? `“${expiring.title}” expires on ${day(expiresAt)}` : 'Expiry removed',
                ),
              onError: toastError,
              onSettled: () => setExpiring(null),
            },
          );
        }}
      />
    </div>
  );
}
