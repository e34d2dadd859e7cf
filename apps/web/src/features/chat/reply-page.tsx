import { CHAT_ATTACHMENTS_MAX, CHAT_MESSAGE_MAX, CHAT_MESSAGES, extractErrorMessage } from '@casting/domain';
import type { ChatAttachmentRequest, ChatReplyView } from '@casting/domain';
import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';
import { HttpError } from '../../lib/http/http-error';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { TextArea } from '../../ui/form-controls';
import {
  AttachButton,
  AttachmentChips,
  pickAttachments,
  uploadAttachments,
  type PendingFile,
} from './attachment-picker';
import { MessageText } from './message-text';

/** The page is public: no bearer token, and so no refresh on 401. */
const PUBLIC = { noAuth: true } as const;
const viewSchema = () => import('./reply-contracts').then((module) => module.chatReplyViewSchema);
const looksLikeToken = (token: string) => /^[A-Za-z0-9_-]{16,64}$/.test(token);

function loadView(http: HttpClient, threadId: string, token: string, signal?: AbortSignal) {
  return http.request(`/conversation-management/replies/${encodeURIComponent(threadId)}`, viewSchema(), {
    ...PUBLIC,
    signal,
    query: { token },
  });
}

function postReply(http: HttpClient, threadId: string, token: string, text: string, attachmentIds: string[]) {
  return http.request(`/conversation-management/replies/${encodeURIComponent(threadId)}`, viewSchema(), {
    ...PUBLIC,
    method: 'POST',
    body: { token, text, attachmentIds },
  });
}

/** A signed upload for one file of the reply, asked for with the link's secret. */
function requestReplyAttachment(
  http: HttpClient,
  threadId: string,
  token: string,
  file: ChatAttachmentRequest,
) {
  return http.request(
    `/conversation-management/replies/${encodeURIComponent(threadId)}/attachments`,
    import('./reply-contracts').then((module) => module.chatAttachmentGrantSchema),
    { ...PUBLIC, method: 'POST', body: { token, ...file } },
  );
}

type Problem = 'invalid' | 'expired' | 'failed';

function problemOf(error: unknown): Problem {
  if (error instanceof HttpError && error.status === 410) return 'expired';
  if (error instanceof HttpError && (error.status === 404 || error.status === 400)) return 'invalid';
  return 'failed';
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/**
 * /chat/reply/:threadId?token=: the page a candidate or agent opens from the team's e-mail. It shows the recent
 * messages meant for them and takes their reply, which appears in the team's conversation. No account is needed:
 * the private link is the credential.
 */
export function ChatReplyPage() {
  const http = useHttpClient();
  const { threadId = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [view, setView] = useState<ChatReplyView | null>(null);
  const [problem, setProblem] = useState<Problem | null>(
    looksLikeToken(token) && threadId ? null : 'invalid',
  );
  const [text, setText] = useState('');
  const [files, setFiles] = useState<PendingFile[]>([]);
  const [progress, setProgress] = useState<string | null>(null);
  const sending = progress !== null;
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const textId = useId();

  useEffect(() => {
    if (!looksLikeToken(token) || !threadId) return undefined;
    const controller = new AbortController();
    loadView(http, threadId, token, controller.signal)
      .then(setView)
      .catch((caught: unknown) => {
        if (!controller.signal.aborted) setProblem(problemOf(caught));
      });
    return () => controller.abort();
  }, [http, threadId, token]);

  const pick = (list: FileList | null) => {
    const picked = pickAttachments(files, list);
    setFiles(picked.files);
    setError(picked.refusal);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() && files.length === 0) {
      setError(CHAT_MESSAGES.emptyMessage);
      return;
    }
    setError(null);
    setStatus(null);
    try {
      const attachmentIds = await uploadAttachments(
        files,
        (request) => requestReplyAttachment(http, threadId, token, request),
        setProgress,
      );
      setProgress(CHAT_MESSAGES.sending);
      setView(await postReply(http, threadId, token, text, attachmentIds));
      setText('');
      setFiles([]);
      setStatus(CHAT_MESSAGES.replySent);
    } catch (caught) {
      const kind = problemOf(caught);
      if (kind === 'failed') setError(`${CHAT_MESSAGES.sendFailed} ${extractErrorMessage(caught)}`);
      else setProblem(kind);
    } finally {
      setProgress(null);
    }
  };

  if (problem === 'invalid' || problem === 'expired' || (problem === 'failed' && !view)) {
    return (
      <div className="mx-auto flex w-full max-w-2xl flex-col items-center gap-3 px-4 py-16 text-center">
        <h1 className="text-2xl font-semibold text-ink">{CHAT_MESSAGES.pageTitle}</h1>
        <p role="alert" className="max-w-md text-base text-ink-muted">
          {problem === 'expired'
            ? CHAT_MESSAGES.replyLinkExpired
            : problem === 'invalid'
              ? CHAT_MESSAGES.replyLinkInvalid
              : CHAT_MESSAGES.loadFailed}
        </p>
      </div>
    );
  }
  if (!view) {
    return (
      <div className="px-4 py-16 text-center">
        <p role="status" className="text-ink-muted">
          Loading the conversation…
        </p>
      </div>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6 sm:py-10">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold break-words text-ink">
          {CHAT_MESSAGES.replyTitle(view.projectName)}
        </h1>
        <p className="text-sm text-ink-muted">{CHAT_MESSAGES.replyIntro}</p>
        <p className="text-xs text-ink-muted">
          {CHAT_MESSAGES.replyExpiresOn(dayFormat.format(new Date(view.expiresAt)))}
        </p>
      </header>
      <ol className="flex flex-col gap-3" aria-label="Messages">
        {view.messages.map((message) => (
          <li
            key={message.id}
            className={cn(
              'max-w-[85%] rounded-lg border px-3 py-2 text-sm',
              message.mine ? 'self-end border-brand-100 bg-brand-50' : 'self-start border-line bg-surface',
            )}
          >
            <p className="flex flex-wrap gap-x-2 text-xs text-ink-muted">
              <span className="font-medium text-ink">
                {message.mine ? CHAT_MESSAGES.you : message.authorName}
              </span>
              <time dateTime={message.createdAt}>{timeFormat.format(new Date(message.createdAt))}</time>
              {message.editedAt && !message.deletedAt ? <span>({CHAT_MESSAGES.edited})</span> : null}
            </p>
            {message.deletedAt ? (
              <p className="text-ink-muted italic">{CHAT_MESSAGES.deleted}</p>
            ) : (
              <>
                {message.text ? <MessageText text={message.text} /> : null}
                {message.attachments.length > 0 ? (
                  <ul className="mt-1 flex flex-col gap-1" aria-label="Attachments">
                    {message.attachments.map((attachment) => (
                      <li key={attachment.id}>
                        <a
                          href={attachment.url}
                          className="text-brand-700 underline"
                          target="_blank"
                          rel="noopener noreferrer"
                        >
                          {attachment.fileName}
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </>
            )}
          </li>
        ))}
      </ol>
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-2">
        <label htmlFor={textId} className="text-sm font-medium text-ink">
          {CHAT_MESSAGES.replyLabel}
        </label>
        <TextArea
          id={textId}
          rows={4}
          value={text}
          maxLength={CHAT_MESSAGE_MAX}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={error ? `${textId}-error` : undefined}
        />
        <AttachmentChips
          files={files}
          disabled={sending}
          onRemove={(key) => setFiles((current) => current.filter((item) => item.key !== key))}
        />
        {error ? (
          <p id={`${textId}-error`} role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
        {status ? (
          <p role="status" className="text-sm text-success">
            {status}
          </p>
        ) : null}
        {progress ? (
          <p role="status" className="text-sm text-ink-muted">
            {progress}
          </p>
        ) : null}
        <div className="flex items-center justify-between gap-2">
          <AttachButton onPick={pick} disabled={sending || files.length >= CHAT_ATTACHMENTS_MAX} />
          <Button type="submit" disabled={sending}>
            {sending ? CHAT_MESSAGES.sending : CHAT_MESSAGES.replySend}
          </Button>
        </div>
      </form>
    </div>
  );
}
