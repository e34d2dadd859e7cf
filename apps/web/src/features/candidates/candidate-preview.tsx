import { can, extractErrorMessage, UI_TEXTS } from '@casting/domain';
import type { ApplicantListItem, ProjectActor, VoteType } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { isTyping } from '../../lib/keyboard/is-typing';
import { useHttpClient } from '../../lib/http/http-client-context';
import type { Shortcut } from '../../lib/shortcuts/page-shortcuts';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Kbd } from '../../ui/kbd';
import { Skeleton } from '../../ui/skeleton';
import { CandidateAuditionSessions } from '../auditions';
import { CandidateChat } from '../chat';
import { CandidateMedia } from '../media';
import { PreviewNotes, teamTapePanel } from '../notes';
import { CandidateRosterStatus, RosterStatusBadge } from '../roster';
import { CandidateSelfie } from '../selfie';
import { CandidateRating } from '../ratings';
import { ApplicationRecord, MinorBadge, UnconfirmedBadge } from './candidate-consent';
import { CandidateRepresentation } from './candidate-representation';
import { Profile, Section } from './candidate-profile';
import { ClientFeedbackSection } from './client-feedback-summary';
import { TagBadge, Votes } from './candidate-list';
import { candidateDetailQuery } from './candidates-api';
import { ownsArrows } from './grid-keys';

/** The keys of the preview; listed in the '?' dialog while the page is open. */
export const PREVIEW_SHORTCUTS: readonly Shortcut[] = [
  { keys: ['J'], what: 'Next candidate (or ↓ / →)' },
  { keys: ['K'], what: 'Previous candidate (or ↑ / ←)' },
  { keys: ['Y'], what: 'Vote yes on the open candidate' },
  { keys: ['N'], what: 'Vote no on the open candidate' },
  { keys: ['M'], what: 'Vote maybe on the open candidate' },
  { keys: ['Esc'], what: 'Close the candidate preview' },
];

const VOTE_KEYS: Record<string, VoteType> = { y: 'UP_VOTE', n: 'DOWN_VOTE', m: 'MAYBE' };

export interface CandidatePreviewProps {
  projectId: string;
  row: ApplicantListItem;
  position: { index: number; loaded: number; more: boolean };
  onNext(): void;
  onPrevious(): void;
  onClose(): void;
  /** The votes this person may cast on this row (by the matrix or the submitter folder table). */
  allowedVotes: readonly VoteType[];
  onVote(vote: VoteType): void;
  /** Actions on the open candidate beside the votes (the talent submitter's "Send to casting"). */
  actions?: ReactNode;
  /** What this person may do with the candidate's media (the matrix, or the submitter folder table). */
  /** The viewer's role in the project: the project roster's status shows to those who may read it. */
  actor?: ProjectActor | null;
  media: {
    canUpload: boolean;
    canDelete: boolean;
    canManageVisibility: boolean;
    /** Report media issue and the zip download are for the casting team. */
    teamTools: boolean;
    userEmail?: string;
    /**
     * Whether the conversation with the candidate may show: the chat actors, and a talent submitter, for whom it shows
     * only when the candidate is their agency's client (decision 0146).
     */
    chat?: boolean;
    /** The selfie beside the primary photo: read (CANDIDATE_SELFIE), or manage where the folder allows it too. */
    selfie?: 'read' | 'manage' | null;
  };
}

/**
 * The open candidate beside the list (a full-screen sheet on a phone): the full profile, tags, the team's votes
 * and the person's other submissions in the project. Next and previous walk the list; the votes have keys, so a
 * reviewer can go through a folder with the keyboard alone.
 */
export function CandidatePreview(props: CandidatePreviewProps) {
  const { projectId, row, position, onNext, onPrevious, onClose, allowedVotes, onVote, media, actor } = props;
  const http = useHttpClient();
  const detail = useQuery(candidateDetailQuery(http, projectId, row.applicantId));
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The keys act on the page, not inside a text box or an open dialog.
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.metaKey || event.ctrlKey || event.altKey || isTyping(event.target)) return;
      // An open layer above the preview (a dialog, the media viewer, a menu or a list box) takes the keys, Escape
      // included: Escape closes that layer only, never the preview under it.
      if (document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]'))
        return;
      // The handle of a row being dragged by keyboard owns the arrow keys.
      if (
        event.target instanceof HTMLElement &&
        event.target.getAttribute('aria-roledescription') === 'sortable'
      )
        return;
      const current = latest.current;
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      if (key.startsWith('Arrow') && ownsArrows(event.target)) return;
      if (key === 'j' || key === 'ArrowDown' || key === 'ArrowRight') {
        event.preventDefault();
        current.onNext();
      } else if (key === 'k' || key === 'ArrowUp' || key === 'ArrowLeft') {
        event.preventDefault();
        current.onPrevious();
      } else if (key === 'Escape') {
        current.onClose();
      } else if (VOTE_KEYS[key] && current.allowedVotes.includes(VOTE_KEYS[key])) {
        event.preventDefault();
        current.onVote(VOTE_KEYS[key]);
      }
    };
    // Listened for before anything else sees the key (the window's capture phase): a layer that closes on Escape
    // is still open here, whereas by the document's bubble phase it may already be gone.
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);

  const submission = detail.data?.submissions.find((item) => item.id === row.id);
  const others = detail.data?.submissions.filter((item) => item.id !== row.id) ?? [];
  // The list row carries the vote just cast (shown before the server answers); the detail follows on its refetch.
  const myVote = row.myVote;
  return (
    <section
      aria-labelledby="candidate-preview-heading"
      className="fixed inset-0 z-40 flex flex-col overflow-y-auto bg-surface sm:left-auto sm:w-[28rem] sm:border-l sm:border-line sm:shadow-xl xl:sticky xl:top-0 xl:z-auto xl:max-h-[calc(100dvh-8rem)] xl:w-auto xl:rounded-lg xl:border xl:shadow-none"
    >
      <div className="sticky top-0 z-10 flex items-center justify-between gap-2 border-b border-line bg-surface px-4 py-2">
        <p className="text-sm text-ink-muted" aria-live="polite">
          {position.index + 1} of {position.loaded}
          {position.more ? '+' : ''}
        </p>
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            onClick={onPrevious}
            disabled={position.index === 0}
            aria-keyshortcuts="K ArrowUp"
          >
            Previous <Kbd>K</Kbd>
          </Button>
          <Button
            variant="ghost"
            onClick={onNext}
            disabled={position.index >= position.loaded - 1 && !position.more}
            aria-keyshortcuts="J ArrowDown"
          >
            Next <Kbd>J</Kbd>
          </Button>
          <Button variant="ghost" onClick={onClose} aria-label="Close the preview">
            <span aria-hidden="true">✕</span>
          </Button>
        </div>
      </div>
      <div className="flex flex-col gap-5 p-4">
        <header className="flex flex-wrap items-center gap-3">
          <Avatar name={row.name} imageUrl={row.photoUrl} className="size-16 text-lg" />
          {media.selfie ? (
            <CandidateSelfie
              projectId={projectId}
              applicantId={row.applicantId}
              name={row.name}
              canManage={media.selfie === 'manage'}
            />
          ) : null}
          <div className="min-w-0">
            <h2
              id="candidate-preview-heading"
              ref={headingRef}
              tabIndex={-1}
              className="text-xl font-semibold break-words text-ink"
            >
              {row.name}
            </h2>
            <p className="text-sm text-ink-muted">
              {[
                row.age !== null ? `${row.age} years` : null,
                detail.data?.gender?.name,
                detail.data?.location,
              ]
                .filter(Boolean)
                .join(' · ') || UI_TEXTS.noDetailsYet}
            </p>
            <RosterStatusBadge roster={row.roster} className="mt-1" />
            {row.minor ? <MinorBadge className="mt-1 inline-block" /> : null}
            {row.emailUnconfirmed ? <UnconfirmedBadge className="mt-1 inline-block" /> : null}
          </div>
        </header>

        {allowedVotes.length > 0 ? (
          <div role="group" aria-label={UI_TEXTS.yourVote} className="flex flex-wrap gap-2">
            {(
              [
                ['UP_VOTE', 'Yes', 'Y'],
                ['MAYBE', 'Maybe', 'M'],
                ['DOWN_VOTE', 'No', 'N'],
              ] as const
            )
              .filter(([vote]) => allowedVotes.includes(vote))
              .map(([vote, label, key]) => (
                <Button
                  key={vote}
                  variant="secondary"
                  aria-pressed={myVote === vote}
                  aria-keyshortcuts={key}
                  onClick={() => onVote(vote)}
                  className={cn(myVote === vote && 'border-brand-600 bg-brand-50 text-brand-800')}
                >
                  {label} <Kbd>{key}</Kbd>
                </Button>
              ))}
          </div>
        ) : null}
        {props.actions ? <div className="flex flex-wrap gap-2">{props.actions}</div> : null}
        {can(actor, 'VIEW_FEEDBACK') ? <CandidateRating projectId={projectId} submissionId={row.id} /> : null}

        <CandidateMedia
          projectId={projectId}
          applicantId={row.applicantId}
          candidateName={row.name}
          canUpload={media.canUpload}
          canDelete={media.canDelete}
          canManageVisibility={media.canManageVisibility}
          canReport={media.teamTools}
          canDownload={media.teamTools}
          userEmail={media.userEmail}
          onPreviousCandidate={onPrevious}
          onNextCandidate={onNext}
          tapePanel={teamTapePanel(projectId, row, actor)}
        />

        <Section title="Team votes">
          <div className="flex flex-col gap-2">
            <Votes votes={row.votes} myVote={myVote} className="flex" />
            {submission && submission.votes.length > 0 ? (
              <ul className="flex flex-col gap-1 text-sm text-ink">
                {submission.votes.map((vote) => (
                  <li key={vote.userId}>
                    {vote.name}: {FEEDBACK_WORDS[vote.feedback]}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </Section>
        <ClientFeedbackSection feedback={submission?.clientFeedback} />
        <PreviewNotes projectId={projectId} row={row} actor={actor} />

        <CandidateRosterStatus projectId={projectId} applicantId={row.applicantId} actor={actor ?? null} />
        <CandidateAuditionSessions projectId={projectId} applicantId={row.applicantId} actor={actor} />

        {/* The casting team and submitters see who represents the candidate; a client review does not. */}
        {actor && actor !== 'CLIENT' ? (
          <CandidateRepresentation
            projectId={projectId}
            applicantId={row.applicantId}
            canManage={can(actor, 'MANAGE_APPLICANTS')}
          />
        ) : null}

        {media.chat ? (
          <CandidateChat
            projectId={projectId}
            applicantId={row.applicantId}
            frame={(content) => <Section title="Chat">{content}</Section>}
          />
        ) : null}

        <Section title="Tags">
          {row.tags.length === 0 ? (
            <p className="text-sm text-ink-muted">No tags yet.</p>
          ) : (
            <ul className="flex flex-wrap gap-1">
              {row.tags.map((tag) => (
                <li key={tag.id}>
                  <TagBadge>{tag.name}</TagBadge>
                </li>
              ))}
            </ul>
          )}
        </Section>

        {detail.isPending ? (
          <div role="status" className="flex flex-col gap-2">
            <span className="sr-only">Loading the profile</span>
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : detail.isError ? (
          <p role="alert" className="text-sm text-danger">
            The profile could not be loaded: {extractErrorMessage(detail.error)}
          </p>
        ) : (
          <>
            <Profile detail={detail.data} />
            <ApplicationRecord application={detail.data.application} />
            <Section title="Other opportunities">
              {others.length === 0 ? (
                <p className="text-sm text-ink-muted">
                  Not submitted to other opportunities of this project.
                </p>
              ) : (
                <ul className="flex flex-col gap-2 text-sm">
                  {others.map((other) => (
                    <li key={other.id} className="rounded-md border border-line p-2">
                      <p className="font-medium text-ink">{other.roleName}</p>
                      <p className="text-ink-muted">
                        {other.folders.map((folder) => folder.name).join(', ') || 'In no folder'}
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </Section>
          </>
        )}
      </div>
    </section>
  );
}

const FEEDBACK_WORDS = { YES: 'Yes', NO: 'No', MAYBE: 'Maybe' } as const;
