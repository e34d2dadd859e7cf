import { ROSTER_STATUS_LABELS } from '@casting/domain';
import type { RosterPerson } from '@casting/domain';
import { Link, useNavigate } from 'react-router';
import { toastError } from '../../lib/http/toast-error';
import { paths } from '../../lib/routing/paths';
import { Button } from '../../ui/button';
import { useOpenChatThread } from './roster-api';
import { dateTime, Section } from './person-section';

const VOTE_WORDS: Record<string, string> = { UP_VOTE: 'Yes', DOWN_VOTE: 'No', MAYBE: 'Maybe' };

type Application = RosterPerson['applications'][number];
const CLIENT_VOTE_WORDS: Record<string, string> = { YES: 'Yes', NO: 'No', MAYBE: 'Maybe' };

/** The comments left on the person's submissions in one project (client review feedback), read-only here. */
function ApplicationComments({ application }: { application: Application }) {
  if (application.comments.length === 0) return null;
  return (
    <div className="mt-2 flex flex-col gap-1">
      <p className="font-medium text-ink">Comments</p>
      <ul className="flex flex-col gap-1">
        {application.comments.map((comment) => (
          <li key={`${comment.submissionId}-${comment.authorName}-${comment.at}`} className="text-ink">
            <span className="whitespace-pre-wrap">“{comment.comment}”</span>
            <span className="text-ink-muted">
              {' '}
              · {comment.authorName} on {comment.roleName}
              {comment.vote ? ` (${CLIENT_VOTE_WORDS[comment.vote]})` : ''} ·{' '}
              {dateTime.format(new Date(comment.at))}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The project's chat with the person: a link to the thread, or "Start a chat" that opens one (the chat module makes
 * a thread on first use). Everyone who sees an application here may chat in its project (SA PO PE TE).
 */
function ChatLink({ application }: { application: Application }) {
  const open = useOpenChatThread();
  const navigate = useNavigate();
  if (application.chatThreadId) {
    return (
      <p className="mt-2">
        <Link
          to={paths.project.chat(application.projectId, { threadId: application.chatThreadId })}
          className="text-brand-700 underline"
        >
          Open the chat in {application.projectName}
        </Link>
      </p>
    );
  }
  return (
    <div className="mt-2">
      <Button
        variant="secondary"
        disabled={open.isPending}
        onClick={() =>
          open.mutate(application, {
            onSuccess: (thread) =>
              void navigate(paths.project.chat(application.projectId, { threadId: thread.id })),
            onError: toastError,
          })
        }
      >
        Start a chat in {application.projectName}
      </Button>
    </div>
  );
}

/**
 * The person's applications in the projects the caller reviews: each submission with its roster status and votes,
 * the media, the comments and the project's chat; applications elsewhere are only counted.
 */
export function PersonApplications({ person }: { person: RosterPerson }) {
  return (
    <Section title="Applications">
      {person.applications.length === 0 ? (
        <p className="text-sm text-ink-muted">No applications in projects you review.</p>
      ) : null}
      <ul className="flex flex-col gap-3">
        {person.applications.map((application) => (
          <li key={application.applicantId} className="rounded-md border border-line p-3 text-sm">
            <p className="font-medium text-ink">{application.projectName}</p>
            {application.projectTags.length > 0 ? (
              <p className="text-ink-muted">
                Tags: {application.projectTags.map((tag) => tag.name).join(', ')}
              </p>
            ) : null}
            <ul className="mt-2 flex flex-col gap-1">
              {application.submissions.map((submission) => (
                <li key={submission.id}>
                  <span className="text-ink">{submission.roleName}</span>
                  <span className="text-ink-muted">
                    {' '}
                    · submitted {submission.submittedAt.slice(0, 10)}
                    {submission.rosterStatus ? ` · ${ROSTER_STATUS_LABELS[submission.rosterStatus]}` : ''}
                    {submission.votes.length > 0
                      ? ` · votes: ${submission.votes.map((vote) => `${vote.userName} ${VOTE_WORDS[vote.vote] ?? vote.vote}`).join(', ')}`
                      : ''}
                  </span>
                </li>
              ))}
            </ul>
            {application.media.length > 0 ? (
              <p className="mt-1 text-ink-muted">
                Media: {application.media.map((media) => media.name).join(', ')}
              </p>
            ) : null}
            <ApplicationComments application={application} />
            <ChatLink application={application} />
          </li>
        ))}
      </ul>
      {person.hiddenApplications > 0 ? (
        <p className="text-sm text-ink-muted">
          {person.hiddenApplications === 1
            ? '1 more application in a project you are not on.'
            : `${person.hiddenApplications} more applications in projects you are not on.`}
        </p>
      ) : null}
    </Section>
  );
}
