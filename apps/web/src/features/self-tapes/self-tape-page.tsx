import { extractErrorMessage, SELF_TAPE_TEXTS, type SelfTapePrivatePage } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useHttpClient } from '../../lib/http/http-client-context';
import { Button } from '../../ui/button';
import { TextArea } from '../../ui/form-controls';
import { createMediaUploadTransport, UploadQueue } from '../media';
import { onViewerClock, timeLeft, viewerTimeZone } from './countdown';
import { ReviewPanel } from './review-panel';
import { selfTapePageQuery, useSelfTapePageAction } from './self-tapes-api';

/** The countdown to the recipient's deadline, on their own clock with its zone named; refreshed every minute. */
function Deadline({ deadline }: { deadline: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  const zone = viewerTimeZone();
  const when = onViewerClock(deadline, zone);
  const left = timeLeft(deadline, now);
  return (
    <p className="text-base font-semibold text-ink">
      {left ? SELF_TAPE_TEXTS.dueIn(left, when, zone) : SELF_TAPE_TEXTS.overdue(when, zone)}
    </p>
  );
}

/** Decline with a reason, or ask for more time with a note: one small form each. */
function NoteForm(props: { label: string; action: string; onSend(text: string): void; required: boolean }) {
  const id = useId();
  const [text, setText] = useState('');
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSend(text.trim());
      }}
    >
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {props.label}
      </label>
      <TextArea id={id} value={text} onChange={(event) => setText(event.target.value)} rows={3} />
      <Button type="submit" variant="secondary" disabled={props.required && text.trim() === ''}>
        {props.action}
      </Button>
    </form>
  );
}

function Takes({ data, token }: { data: SelfTapePrivatePage; token: string }) {
  const http = useHttpClient();
  const action = useSelfTapePageAction(token);
  const listId = useId();
  // The takes of this visit, newest last; a new upload beyond the count asked for replaces the oldest.
  const [keys, setKeys] = useState<string[]>([]);
  // While a take is still going up (or being set as a take), submitting would send the takes from before it.
  const [uploading, setUploading] = useState(false);
  const [grant] = useState(data.uploadGrant);
  const transport = useMemo(
    () => (grant ? createMediaUploadTransport(http, { uploadGrant: grant }) : null),
    [http, grant],
  );
  if (!transport || !data.uploadGrant) return null;
  return (
    <section className="flex flex-col gap-3" aria-label={SELF_TAPE_TEXTS.upload}>
      <UploadQueue
        transport={transport}
        scope={`self-tape:${token.slice(0, 12)}`}
        kinds={data.acceptedKinds}
        multiple={data.takes > 1}
        label={data.uploaded.length > 0 ? SELF_TAPE_TEXTS.replace : SELF_TAPE_TEXTS.upload}
        onBusyChange={setUploading}
        finalize={async (_item, result) => {
          const next = [...keys, result.key].slice(-data.takes);
          await action.mutateAsync({ kind: 'takes', keys: next });
          setKeys(next);
          return result;
        }}
      />
      {data.uploaded.length > 0 ? (
        <>
          <h2 id={listId} className="text-base font-semibold text-ink">
            {SELF_TAPE_TEXTS.takesToSubmit}
          </h2>
          <ul aria-labelledby={listId} className="flex flex-col gap-1 text-sm text-ink">
            {data.uploaded.map((take) => (
              <li key={take.id}>{take.name}</li>
            ))}
          </ul>
        </>
      ) : null}
      <Button
        disabled={data.uploaded.length === 0 || uploading || action.isPending}
        onClick={() => action.mutate({ kind: 'submit' })}
      >
        {SELF_TAPE_TEXTS.submit}
      </Button>
      {action.isError ? (
        <p role="alert" className="text-sm text-danger">
          {extractErrorMessage(action.error)}
        </p>
      ) : null}
    </section>
  );
}

/**
 * The recipient's private page (no account; the secret in the address is the key): the instructions, the deadline
 * counting down on their own clock, the sides, the upload queue of the apply pages for the takes (a new upload
 * replaces a take until submitted), submit, decline with a reason, or ask for more time. Laid out for a phone.
 */
export function SelfTapePage() {
  const { token = '' } = useParams();
  const http = useHttpClient();
  const query = useQuery(selfTapePageQuery(http, token));
  const action = useSelfTapePageAction(token);
  const [panel, setPanel] = useState<'decline' | 'time' | null>(null);
  if (query.isError) {
    return (
      <div className="mx-auto max-w-xl p-4">
        <p role="alert">{SELF_TAPE_TEXTS.notFound}</p>
      </div>
    );
  }
  const data = query.data;
  if (!data) return <div className="mx-auto max-w-xl p-4" aria-busy="true" />;
  const unanswered = data.status === 'SENT' || data.status === 'OPENED';
  // A closed request takes nothing more, and takes handed to the agent wait for their answer: whoever had not
  // answered is told so instead of offered what would be refused.
  const open = unanswered && !data.closed && data.review !== 'PENDING';
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4 p-4">
      <header className="flex flex-col gap-1">
        <p className="text-sm text-ink-muted">
          {data.officeName} · {data.projectName} · {data.roleName}
        </p>
        <h1 className="text-xl font-semibold text-ink">{data.title}</h1>
        <p className="text-sm text-ink-muted">{data.candidateName}</p>
      </header>
      <Deadline deadline={data.deadline} />
      {data.instructions ? (
        <p className="whitespace-pre-wrap text-base text-ink">{data.instructions}</p>
      ) : null}
      {data.slateInstructions ? (
        <p className="whitespace-pre-wrap text-sm text-ink">
          <strong>{SELF_TAPE_TEXTS.slate}: </strong>
          {data.slateInstructions}
        </p>
      ) : null}
      {data.sides.length > 0 ? (
        <section aria-label={SELF_TAPE_TEXTS.sides} className="flex flex-col gap-1">
          <h2 className="text-lg font-semibold text-ink">{SELF_TAPE_TEXTS.sides}</h2>
          {data.sides.map((side) => (
            <a key={side.url} href={side.url} className="text-ink underline">
              {side.name}
            </a>
          ))}
        </section>
      ) : null}
      {data.status === 'SUBMITTED' ? <p role="status">{SELF_TAPE_TEXTS.submitted}</p> : null}
      {data.status === 'DECLINED' ? <p role="status">{SELF_TAPE_TEXTS.declined}</p> : null}
      {unanswered && data.closed ? <p role="status">{SELF_TAPE_TEXTS.requestClosed}</p> : null}
      {data.extension === 'ASKED' ? <p role="status">{SELF_TAPE_TEXTS.asked}</p> : null}
      <ReviewPanel data={data} token={token} />
      {open ? <Takes data={data} token={token} /> : null}
      {open ? (
        <div className="flex flex-col gap-2 border-t border-line pt-4 sm:flex-row">
          <Button variant="secondary" onClick={() => setPanel(panel === 'time' ? null : 'time')}>
            {SELF_TAPE_TEXTS.askForTime}
          </Button>
          <Button variant="secondary" onClick={() => setPanel(panel === 'decline' ? null : 'decline')}>
            {SELF_TAPE_TEXTS.decline}
          </Button>
        </div>
      ) : null}
      {open && panel === 'time' ? (
        <NoteForm
          label={SELF_TAPE_TEXTS.askNote}
          action={SELF_TAPE_TEXTS.askForTime}
          required={false}
          onSend={(note) => action.mutate({ kind: 'extension', note }, { onSuccess: () => setPanel(null) })}
        />
      ) : null}
      {open && panel === 'decline' ? (
        <NoteForm
          label={SELF_TAPE_TEXTS.declineReason}
          action={SELF_TAPE_TEXTS.decline}
          required
          onSend={(reason) => action.mutate({ kind: 'decline', reason }, { onSuccess: () => setPanel(null) })}
        />
      ) : null}
      {action.isError ? (
        <p role="alert" className="text-sm text-danger">
          {extractErrorMessage(action.error)}
        </p>
      ) : null}
    </div>
  );
}
