import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  AUDITION_KIND_LABELS,
  AUDITION_STATUS_LABELS,
  AUDITION_TEXTS,
  extractErrorMessage,
  formatZonedMoment,
  type PrivateAudition,
} from '@casting/domain';
import { useHttpClient } from '../../lib/http/http-client-context';
import { Button } from '../../ui/button';
import { calendarHref, privateInvitationQuery, useAnswerInvitation, viewerTimeZone } from './auditions-api';

/** The address's project and secret (`/auditions/{projectId}?token=`), read where the public entry has no router. */
function addressOf(location: Pick<Location, 'pathname' | 'search'>) {
  const projectId = /^\/auditions\/([^/]+)\/?$/.exec(location.pathname)?.[1] ?? null;
  const token = new URLSearchParams(location.search).get('token');
  return { projectId: projectId ? decodeURIComponent(projectId) : null, token };
}

/** The invitation page a talent or an agent opens from their e-mail, on a phone as on a desk. */
export function PrivateInvitationRoute() {
  const { projectId, token } = addressOf(window.location);
  if (!projectId || !token) {
    return (
      <div className="mx-auto max-w-xl p-4">
        <p role="alert">{AUDITION_TEXTS.incompleteLink}</p>
      </div>
    );
  }
  return <PrivateInvitationPage projectId={projectId} token={token} />;
}

export function PrivateInvitationPage({ projectId, token }: { projectId: string; token: string }) {
  const http = useHttpClient();
  const query = useQuery(privateInvitationQuery(http, projectId, token));
  const zone = viewerTimeZone();
  if (query.isPending) return <div className="mx-auto max-w-xl p-4" aria-busy="true" />;
  if (query.isError) {
    return (
      <div className="mx-auto max-w-xl p-4">
        <p role="alert">{extractErrorMessage(query.error)}</p>
      </div>
    );
  }
  const view = query.data;
  const when = (iso: string) => formatZonedMoment(new Date(iso), zone);
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 p-4 text-ink">
      <h1 className="text-xl font-semibold">{AUDITION_TEXTS.privateTitle(view.projectName)}</h1>
      <p>
        {AUDITION_KIND_LABELS[view.kind]}: {view.sessionName} ({view.candidateName})
      </p>
      <p className="text-sm">{AUDITION_TEXTS.shownIn(zone)}</p>
      <section aria-label={AUDITION_TEXTS.yourSlot} className="flex flex-col gap-1">
        <h2 className="font-semibold">{AUDITION_TEXTS.yourSlot}</h2>
        <p>{view.slot ? when(view.slot.startsAt) : AUDITION_TEXTS.noSlotYet}</p>
        {view.place ? <p>{view.place}</p> : null}
        {view.videoLink ? (
          <a className="underline" href={view.videoLink}>
            {view.videoLink}
          </a>
        ) : null}
        {view.notes ? <p className="whitespace-pre-wrap">{view.notes}</p> : null}
        <p>{AUDITION_STATUS_LABELS[view.status]}</p>
        <a className="underline" href={calendarHref(projectId, token)} download>
          {AUDITION_TEXTS.downloadCalendar}
        </a>
      </section>
      <Answers view={view} projectId={projectId} token={token} when={when} />
    </div>
  );
}

function Answers({
  view,
  projectId,
  token,
  when,
}: {
  view: PrivateAudition;
  projectId: string;
  token: string;
  when: (iso: string) => string;
}) {
  const answer = useAnswerInvitation(projectId, token);
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState('');
  const reasonId = useId();
  const messageId = useId();
  const open = view.status === 'INVITED' || view.status === 'CONFIRMED' || view.status === 'CHANGE_REQUESTED';
  if (!open) return <p>{view.status === 'DECLINED' ? AUDITION_TEXTS.declined : AUDITION_TEXTS.cancelled}</p>;
  const error = answer.error ? extractErrorMessage(answer.error) : null;
  return (
    <div className="flex flex-col gap-4">
      {error ? <p role="alert">{error}</p> : null}
      {view.slot && view.status !== 'CONFIRMED' ? (
        <Button onClick={() => answer.mutate({ action: 'CONFIRM' })}>{AUDITION_TEXTS.confirm}</Button>
      ) : null}
      {view.status === 'CONFIRMED' ? <p>{AUDITION_TEXTS.confirmed}</p> : null}
      {view.status === 'CHANGE_REQUESTED' ? <p>{AUDITION_TEXTS.changeAsked}</p> : null}
      {view.openSlots.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label={AUDITION_TEXTS.pick}>
          {view.openSlots.map((slot) => (
            <li key={slot.id} className="flex flex-wrap items-center justify-between gap-2">
              <span>{when(slot.startsAt)}</span>
              {view.mode === 'CANDIDATE_PICKS' ? (
                <Button
                  variant="secondary"
                  onClick={() => answer.mutate({ action: 'PICK', slotId: slot.id })}
                >
                  {`${AUDITION_TEXTS.pick}: ${when(slot.startsAt)}`}
                </Button>
              ) : (
                <Button
                  variant="secondary"
                  disabled={!message.trim()}
                  onClick={() => answer.mutate({ action: 'REQUEST_CHANGE', slotId: slot.id, message })}
                >
                  {`${AUDITION_TEXTS.askAnother}: ${when(slot.startsAt)}`}
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <label htmlFor={messageId} className="flex flex-col gap-1">
        {AUDITION_TEXTS.askMessage}
        <textarea
          id={messageId}
          className="rounded border border-line p-2"
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
      </label>
      <Button
        variant="secondary"
        disabled={!message.trim()}
        onClick={() => answer.mutate({ action: 'REQUEST_CHANGE', slotId: null, message })}
      >
        {AUDITION_TEXTS.askAnother}
      </Button>
      <label htmlFor={reasonId} className="flex flex-col gap-1">
        {AUDITION_TEXTS.declineReason}
        <textarea
          id={reasonId}
          className="rounded border border-line p-2"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </label>
      <Button
        variant="danger"
        disabled={!reason.trim()}
        onClick={() => answer.mutate({ action: 'DECLINE', reason })}
      >
        {AUDITION_TEXTS.decline}
      </Button>
    </div>
  );
}
