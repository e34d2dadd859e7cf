import { UI_TEXTS, PUBLIC_TEXTS, PAGE_TITLES } from '@casting/domain';
import { Button } from '../../ui/button';
import { StatusBadge } from '../../ui/status-badge';
import type { ShareLink } from './links-api';

/** Dates show in UTC as YYYY-MM-DD. */
export const day = (iso: string) => iso.slice(0, 10);

type LinkState = 'open' | 'closed' | 'expired';
const STATE: Record<ShareLink['status'], LinkState> = { OPEN: 'open', CLOSED: 'closed', EXPIRED: 'expired' };
const stateOf = (link: ShareLink): LinkState => STATE[link.status];

function settingsSummary(link: ShareLink): string {
  const s = link.settings;
  const parts = [
    s.underReview ? UI_TEXTS.agencyReview : null,
    s.allowChangeRep ? UI_TEXTS.changeAgency : null,
    s.allowNoRep ? UI_TEXTS.noAgency : null,
    s.allowAddRep ? PUBLIC_TEXTS.addRepresentation : null,
    s.includeTalent ? UI_TEXTS.includeCandidate : null,
    s.excludeAgent ? UI_TEXTS.excludeAgent : null,
    s.displayProjectDetails ? PAGE_TITLES.projectDetails : null,
    s.displayOpportunityDetails ? 'Opportunity details' : null,
  ].filter(Boolean);
  return parts.join(' · ') || 'No options';
}

/** One link of the links page: what it targets and how, and what may be done with it. */
export function LinkRow({
  link,
  onShare,
  onClone,
  onClose,
  onExpiry,
  onEdit,
  onReopen,
  busy,
}: {
  link: ShareLink;
  onShare(): void;
  /** Null where cloning is not offered (a talent submitter). */
  onClone: (() => void) | null;
  onClose(): void;
  onExpiry(): void;
  onEdit(): void;
  onReopen(): void;
  busy: boolean;
}) {
  const state = stateOf(link);
  const representation =
    link.agency?.name ?? (link.agent ? `${link.agent.name}, ${link.agent.agencyName}` : 'Any talent');
  const referral = link.referralUser ? ` · for ${link.referralUser.name}` : '';
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-base font-semibold break-words text-ink">{link.title}</h3>
          <p className="text-sm text-ink-muted">
            Created {day(link.createdAt)}
            {referral}
          </p>
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
        <Button variant="secondary" onClick={onEdit} aria-label={`Edit ${link.title}`}>
          Edit
        </Button>
        {/* A closed link is reopened; an open or expired one gets a new expiry date or none (which reopens it). */}
        {state === 'closed' ? (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={onReopen}
            aria-label={`${UI_TEXTS.reopenLink}: ${link.title}`}
          >
            {UI_TEXTS.reopenLink}
          </Button>
        ) : (
          <Button
            variant="secondary"
            onClick={onExpiry}
            aria-label={`${link.expiresAt ? UI_TEXTS.changeExpiry : UI_TEXTS.setExpiry}: ${link.title}`}
          >
            {link.expiresAt ? UI_TEXTS.changeExpiry : UI_TEXTS.setExpiry}
          </Button>
        )}
        {state === 'open' ? (
          <Button variant="secondary" onClick={onClose} aria-label={`${UI_TEXTS.closeLink}: ${link.title}`}>
            {UI_TEXTS.closeLink}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
