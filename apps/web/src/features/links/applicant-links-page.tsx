import { can, extractErrorMessage, MESSAGES } from '@casting/domain';
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
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { SkeletonList } from '../../ui/skeleton';
import { StatusBadge } from '../../ui/status-badge';
import { ProjectHeader, ProjectWorkspace, useProjectIdParam } from '../projects';
import { CreateLinkDialog } from './create-link-dialog';
import { ForReviewPanel } from './for-review-panel';
import { cloneForm, DEFAULT_SETTINGS } from './link-form-state';
import type { LinkFormState } from './link-form-state';
import { shareLinksQuery, useUpdateLinkGroup } from './links-api';
import type { ShareLink } from './links-api';
import { ShareLinkCard } from './share-link-card';

/** /projects/:id/applicant-links: every submission link of the project, newest first. */
export function ApplicantLinksPage() {
  const projectId = useProjectIdParam();
  return (
    <ProjectWorkspace projectId={projectId}>
      {(project) => <LinksWorkspace project={project} />}
    </ProjectWorkspace>
  );
}

/** Dates show in UTC as YYYY-MM-DD (spec section 9). */
const day = (iso: string) => iso.slice(0, 10);

type LinkState = 'open' | 'closed' | 'expired';
const STATE: Record<ShareLink['status'], LinkState> = { OPEN: 'open', CLOSED: 'closed', EXPIRED: 'expired' };
const stateOf = (link: ShareLink): LinkState => STATE[link.status];

/** The address talent open: the API gives the path or the full address; a path is on this site. */
export function absoluteLink(link: string): string {
  return new URL(link, window.location.origin).toString();
}

function settingsSummary(link: ShareLink): string {
  const s = link.settings;
  const parts = [
    s.underReview ? 'Agency review' : null,
    s.allowChangeRep ? 'Change Agency' : null,
    s.allowNoRep ? 'No Agency' : null,
    s.allowAddRep ? 'Add Representation' : null,
    s.includeTalent ? 'Include Candidate' : null,
    s.excludeAgent ? 'Exclude Agent' : null,
    s.displayProjectDetails ? 'Project details' : null,
    s.displayOpportunityDetails ? 'Opportunity details' : null,
  ].filter(Boolean);
  return parts.join(' · ') || 'No options';
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
  const items = links.data?.pages.flatMap((page) => page.items) ?? [];
  // The links API answers whoever may submit talent (SA, PO, PE, TE, TS).
  const allowed = can(project.projectActor, 'SUBMIT_TALENT');
  const submitter = project.projectActor === 'TS';
  const { user } = useAuth();
  // A talent submitter's links carry their own agency, filled in for them; one who is not a verified agent
  // cannot choose agencies at all (spec section 5).
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
          <Button onClick={() => setCreating({ cloneOf: null })}>Create link</Button>
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
            action={<Button onClick={() => setCreating({ cloneOf: null })}>Create link</Button>}
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
        title="Close link"
        message="Talent who open this link will see that it is closed. Submissions already made stay."
        confirmLabel="Close link"
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

function LinkRow({
  link,
  onShare,
  onClone,
  onClose,
  onExpiry,
}: {
  link: ShareLink;
  onShare(): void;
  /** Null where cloning is not offered (a talent submitter). */
  onClone: (() => void) | null;
  onClose(): void;
  onExpiry(): void;
}) {
  const state = stateOf(link);
  const representation =
    link.agency?.name ?? (link.agent ? `${link.agent.name}, ${link.agent.agencyName}` : 'Any talent');
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-base font-semibold break-words text-ink">{link.title}</h3>
          <p className="text-sm text-ink-muted">Created {day(link.createdAt)}</p>
        </div>
        <StatusBadge tone={state === 'open' ? 'success' : 'neutral'}>
          {state === 'open'
            ? link.expiresAt
              ? `Open until ${day(link.expiresAt)}`
              : 'Open'
            : state === 'closed'
              ? 'Closed'
              : 'Expired'}
        </StatusBadge>
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-ink-muted">Opportunities</dt>
          <dd className="text-ink">
            {link.opportunities.map((opportunity) => opportunity.name).join(', ') || '—'}
          </dd>
        </div>
        <div>
          <dt className="text-ink-muted">Representation</dt>
          <dd className="text-ink">{representation}</dd>
        </div>
        <div>
          <dt className="text-ink-muted">Settings</dt>
          <dd className="text-ink">{settingsSummary(link)}</dd>
        </div>
        <div>
          <dt className="text-ink-muted">Submissions</dt>
          <dd className="text-ink">{link.submissionCount}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onShare} aria-label={`Share ${link.title}`}>
          Share
        </Button>
        {onClone ? (
          <Button variant="secondary" onClick={onClone} aria-label={`Clone ${link.title}`}>
            Clone
          </Button>
        ) : null}
        {state === 'open' ? (
          <>
            <Button variant="secondary" onClick={onExpiry} aria-label={`Set expiry of ${link.title}`}>
              Set expiry
            </Button>
            <Button variant="secondary" onClick={onClose} aria-label={`Close ${link.title}`}>
              Close link
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}

function ExpiryDialog({
  link,
  busy,
  onCancel,
  onSave,
}: {
  link: ShareLink | null;
  busy: boolean;
  onCancel(): void;
  onSave(expiresAt: string | null): void;
}) {
  const [date, setDate] = useState('');
  const today = new Date().toISOString().slice(0, 10);
  const invalid = date !== '' && date <= today;
  return (
    <Dialog
      open={link !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title="Set expiry date"
      description="The link stops taking submissions at the start of this day (UTC)."
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (invalid) return;
          onSave(date ? `${date}T00:00:00.000Z` : null);
        }}
      >
        <Field label="Expiry date" error={invalid ? 'Choose a date after today.' : undefined}>
          {(props) => (
            <Input
              type="date"
              min={today}
              value={date}
              onChange={(event) => setDate(event.target.value)}
              {...props}
            />
          )}
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy || invalid}>
            {date ? 'Save expiry' : 'Remove expiry'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
