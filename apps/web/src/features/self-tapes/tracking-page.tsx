import { can, extractErrorMessage, SELF_TAPE_TEXTS, type SelfTapeRecipient } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { paths } from '../../lib/routing/paths';
import { useHttpClient } from '../../lib/http/http-client-context';
import { Button } from '../../ui/button';
import { ProjectWorkspace } from '../projects';
import { CloseAndRelease } from './close-release';
import { onViewerClock, viewerTimeZone } from './countdown';
import { selfTapeTrackingQuery, useAnswerExtension, useLiveSelfTapes } from './self-tapes-api';

/** Granting more time from the tracking page gives two more days from the recipient's own deadline. */
const GRANT_HOURS = 48;

function RecipientRow(props: {
  recipient: SelfTapeRecipient;
  projectId: string;
  requestId: string;
  manage: boolean;
}) {
  const { recipient } = props;
  const answer = useAnswerExtension(props.projectId, props.requestId);
  const zone = viewerTimeZone();
  return (
    <li className="flex flex-col gap-1 border-b border-line py-2">
      <p className="font-medium text-ink">
        {recipient.candidateName}
        {recipient.kind === 'AGENT' ? ` · ${recipient.email}` : ''}
      </p>
      <p className="text-sm text-ink">
        {SELF_TAPE_TEXTS.statuses[recipient.status]}
        {recipient.late ? ` · ${SELF_TAPE_TEXTS.lateMark}` : ''}
        {recipient.submittedAt ? ` · ${onViewerClock(recipient.submittedAt, zone)} (${zone})` : ''}
        {recipient.extension ? ` · ${SELF_TAPE_TEXTS.extensionStates[recipient.extension]}` : ''}
      </p>
      {recipient.declineReason ? <p className="text-sm text-ink-muted">{recipient.declineReason}</p> : null}
      {recipient.extensionNote ? <p className="text-sm text-ink-muted">{recipient.extensionNote}</p> : null}
      {props.manage && recipient.extension === 'ASKED' ? (
        <div className="flex gap-2">
          <Button
            variant="secondary"
            disabled={answer.isPending}
            onClick={() =>
              answer.mutate({
                recipientId: recipient.id,
                grant: true,
                deadline: new Date(
                  new Date(recipient.deadline).getTime() + GRANT_HOURS * 3_600_000,
                ).toISOString(),
              })
            }
          >
            {SELF_TAPE_TEXTS.grant}
          </Button>
          <Button
            variant="ghost"
            disabled={answer.isPending}
            onClick={() => answer.mutate({ recipientId: recipient.id, grant: false })}
          >
            {SELF_TAPE_TEXTS.refuse}
          </Button>
        </div>
      ) : null}
      {answer.isError ? (
        <p role="alert" className="text-sm text-danger">
          {extractErrorMessage(answer.error)}
        </p>
      ) : null}
    </li>
  );
}

/**
 * A request's tracking page: totals and each recipient's state, refetched live as tapes arrive. Reviewers follow it;
 * only those who may request self-tapes answer for more time, close the request and send its release notice.
 */
export function SelfTapeTrackingPage() {
  const { id: projectId = '' } = useParams();
  return (
    <ProjectWorkspace projectId={projectId}>
      {(project) => (
        <Tracking projectId={project.id} manage={can(project.projectActor, 'REQUEST_SELF_TAPES')} />
      )}
    </ProjectWorkspace>
  );
}

function Tracking({ projectId, manage }: { projectId: string; manage: boolean }) {
  const { requestId = '' } = useParams();
  const http = useHttpClient();
  const query = useQuery(selfTapeTrackingQuery(http, projectId, requestId));
  useLiveSelfTapes(projectId, requestId);
  const data = query.data;
  const zone = viewerTimeZone();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 p-4">
      <h1 className="text-xl font-semibold text-ink">
        {SELF_TAPE_TEXTS.tracking}
        {data ? `: ${data.request.title}` : ''}
      </h1>
      {query.isError ? <p role="alert">{extractErrorMessage(query.error)}</p> : null}
      {data ? (
        <>
          <p className="text-sm text-ink">
            {SELF_TAPE_TEXTS.deadline}: {onViewerClock(data.request.deadline, zone)} ({zone})
          </p>
          {!data.request.progress.done ? (
            <p role="status">
              {SELF_TAPE_TEXTS.sending(data.request.progress.handled, data.request.progress.total)}
            </p>
          ) : null}
          <p className="text-sm text-ink" aria-live="polite">
            {SELF_TAPE_TEXTS.totals(data.totals)}
          </p>
          <Link
            className="self-start text-sm text-ink underline"
            to={paths.project.candidates(projectId, {
              roleId: data.request.roleId,
              selfTapes: 'SUBMITTED',
              selfTapeRequestId: requestId,
            })}
          >
            {SELF_TAPE_TEXTS.receivedView}
          </Link>
          <CloseAndRelease projectId={projectId} data={data} manage={manage} />
          <ul aria-label={SELF_TAPE_TEXTS.recipients} className="flex flex-col">
            {data.items.map((recipient) => (
              <RecipientRow
                key={recipient.id}
                recipient={recipient}
                projectId={projectId}
                requestId={requestId}
                manage={manage}
              />
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
