import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_ATTACHMENT_TYPES,
  CHAT_ATTACHMENTS_MAX,
  CHAT_MESSAGE_MAX,
  CHAT_MESSAGES,
  extractErrorMessage,
} from '@casting/domain';
import type { ChatDeliveryStatus, ChatMessage } from '@casting/domain';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { toast } from '../../lib/toast/toast';
import { xhrPut } from '../../lib/upload';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { TextArea } from '../../ui/form-controls';
import { Skeleton } from '../../ui/skeleton';
import { StatusBadge } from '../../ui/status-badge';
import type { StatusTone } from '../../ui/status-badge';
import {
  deleteMessage,
  editMessage,
  markRead,
  messagesQuery,
  refreshChat,
  requestAttachmentUpload,
  sendMessage,
  threadQuery,
} from './chat-api';
import { MessageText } from './message-text';

const DELIVERY: Record<ChatDeliveryStatus, [string, StatusTone]> = {
  SENT: [CHAT_MESSAGES.deliverySent, 'neutral'],
  EMAILED: [CHAT_MESSAGES.deliveryEmailed, 'success'],
  FAILED: [CHAT_MESSAGES.deliveryFailed, 'danger'],
};

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const formatTime = (iso: string) => timeFormat.format(new Date(iso));

export interface ThreadViewProps {
  projectId: string;
  threadId: string;
  /** Headings inside the view start at this level (the chat page has an h1 above, the preview an h2). */
  headingLevel?: 2 | 3;
  /** Shows the candidate's name and the participants above the messages. */
  showHeader?: boolean;
  className?: string;
}

/**
 * One conversation: the messages (oldest at the top, older pages on demand), each with its author, time, delivery
 * status and 'edited'/'deleted' marks; the caller's own messages can be edited and deleted; the composer sends text
 * and attachments. Opening the thread marks it read for the caller.
 */
export function ThreadView({
  projectId,
  threadId,
  headingLevel = 2,
  showHeader = true,
  className,
}: ThreadViewProps) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const thread = useQuery(threadQuery(http, projectId, threadId));
  const messages = useInfiniteQuery(messagesQuery(http, projectId, threadId));
  const ordered = useMemo(
    () => (messages.data?.pages.flatMap((page) => page.items) ?? []).slice().reverse(),
    [messages.data],
  );
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  // Reading the thread marks it read: on open, and again when a new message arrives while it is open.
  const unread = thread.data?.unreadCount ?? 0;
  useEffect(() => {
    if (unread === 0) return;
    void markRead(http, threadId, true)
      .then(() => refreshChat(queryClient, projectId))
      .catch(() => undefined);
  }, [http, queryClient, projectId, threadId, unread]);

  // Keeps the newest message in view when one arrives.
  const endRef = useRef<HTMLDivElement>(null);
  const newestId = ordered.at(-1)?.id;
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [newestId]);

  return (
    // Not a named region: inside the candidate preview that region already bears the candidate's name.
    <div className={cn('flex min-h-0 flex-col', className)}>
      <header className={cn('border-b border-line pb-2', !showHeader && 'sr-only')}>
        <Heading id={`thread-${threadId}-heading`} className="text-lg font-semibold text-ink">
          {thread.data?.candidateName ?? CHAT_MESSAGES.pageTitle}
        </Heading>
        {thread.data ? (
          <p className="text-sm text-ink-muted">
            {thread.data.participants
              .map(
                (participant) =>
                  `${participant.name} (${participant.kind === 'AGENT' ? CHAT_MESSAGES.agent : CHAT_MESSAGES.candidate}${
                    participant.emailed ? '' : ', not e-mailed'
                  })`,
              )
              .join(' · ')}
          </p>
        ) : null}
        {thread.data && !thread.data.participants.some((participant) => participant.emailed) ? (
          <p className="mt-1 text-sm text-warning">{CHAT_MESSAGES.noRecipients}</p>
        ) : null}
      </header>

      <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto py-3" aria-live="polite">
        {messages.hasNextPage ? (
          <Button
            variant="ghost"
            className="self-center"
            onClick={() => void messages.fetchNextPage()}
            disabled={messages.isFetchingNextPage}
          >
            {CHAT_MESSAGES.loadOlder}
          </Button>
        ) : null}
        {messages.isPending ? (
          <div role="status" className="flex flex-col gap-2">
            <span className="sr-only">Loading the messages</span>
            <Skeleton className="h-12 w-2/3" />
            <Skeleton className="ml-auto h-12 w-1/2" />
          </div>
        ) : messages.isError ? (
          <p role="alert" className="text-sm text-danger">
            {CHAT_MESSAGES.loadFailed} ({extractErrorMessage(messages.error)})
          </p>
        ) : ordered.length === 0 ? (
          <p className="text-sm text-ink-muted">{CHAT_MESSAGES.noMessages}</p>
        ) : (
          <ol className="flex flex-col gap-3" aria-label="Messages">
            {ordered.map((message) => (
              <MessageItem key={message.id} message={message} projectId={projectId} />
            ))}
          </ol>
        )}
        <div ref={endRef} />
      </div>

      <Composer projectId={projectId} threadId={threadId} />
    </div>
  );
}

function MessageItem({ message, projectId }: { message: ChatMessage; projectId: string }) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(message.text);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const editId = useId();
  const deleted = message.deletedAt !== null;
  const [deliveryLabel, deliveryTone] = DELIVERY[message.deliveryStatus];

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim()) return;
    setBusy(true);
    try {
      await editMessage(http, message.id, draft);
      setEditing(false);
      await refreshChat(queryClient, projectId);
    } catch (error) {
      toast.error(CHAT_MESSAGES.sendFailed, { description: extractErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      await deleteMessage(http, message.id);
      setConfirming(false);
      await refreshChat(queryClient, projectId);
    } catch (error) {
      toast.error(CHAT_MESSAGES.sendFailed, { description: extractErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <li
      className={cn(
        'max-w-[85%] rounded-lg border px-3 py-2 text-sm',
        message.authorKind === 'TEAM'
          ? 'self-end border-brand-100 bg-brand-50'
          : 'self-start border-line bg-surface',
      )}
    >
      <p className="flex flex-wrap items-center gap-x-2 text-xs text-ink-muted">
        <span className="font-medium text-ink">{message.mine ? CHAT_MESSAGES.you : message.authorName}</span>
        {message.authorKind !== 'TEAM' ? (
          <span>{message.authorKind === 'AGENT' ? CHAT_MESSAGES.agent : CHAT_MESSAGES.candidate}</span>
        ) : null}
        <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
        {message.editedAt && !deleted ? <span>({CHAT_MESSAGES.edited})</span> : null}
        {message.authorKind === 'TEAM' && !deleted ? (
          <StatusBadge tone={deliveryTone}>{deliveryLabel}</StatusBadge>
        ) : null}
      </p>
      {deleted ? (
        <p className="text-ink-muted italic">{CHAT_MESSAGES.deleted}</p>
      ) : editing ? (
        <form onSubmit={(event) => void save(event)} className="mt-1 flex flex-col gap-2">
          <label htmlFor={editId} className="sr-only">
            {CHAT_MESSAGES.editMessageLabel}
          </label>
          <TextArea
            id={editId}
            value={draft}
            maxLength={CHAT_MESSAGE_MAX}
            onChange={(event) => setDraft(event.target.value)}
            rows={3}
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={busy || !draft.trim()}>
              {CHAT_MESSAGES.save}
            </Button>
            <Button variant="ghost" onClick={() => setEditing(false)}>
              {CHAT_MESSAGES.cancel}
            </Button>
          </div>
        </form>
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
                  </a>{' '}
                  <span className="text-xs text-ink-muted">
                    ({Math.max(1, Math.round(attachment.size / 1024))} KB)
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
      {message.mine && !deleted && !editing ? (
        <div className="mt-1 flex gap-1">
          <Button
            variant="ghost"
            className="min-h-8 px-2 text-xs"
            onClick={() => {
              setDraft(message.text);
              setEditing(true);
            }}
            aria-label={`${CHAT_MESSAGES.edit}: ${message.text.slice(0, 40)}`}
          >
            {CHAT_MESSAGES.edit}
          </Button>
          <Button
            variant="ghost"
            className="min-h-8 px-2 text-xs"
            onClick={() => setConfirming(true)}
            aria-label={`${CHAT_MESSAGES.delete}: ${message.text.slice(0, 40)}`}
          >
            {CHAT_MESSAGES.delete}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={CHAT_MESSAGES.delete}
        message={CHAT_MESSAGES.deleteConfirm}
        confirmLabel={CHAT_MESSAGES.delete}
        busy={busy}
        onConfirm={() => void remove()}
      />
    </li>
  );
}

interface PendingFile {
  key: string;
  file: File;
}

function Composer({ projectId, threadId }: { projectId: string; threadId: string }) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<PendingFile[]>([]);
  const [progress, setProgress] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const textId = useId();
  const fileId = useId();
  const sending = progress !== null;

  const pick = (list: FileList | null) => {
    if (!list) return;
    const chosen = [...list];
    const refused = chosen.filter(
      (file) =>
        !(CHAT_ATTACHMENT_TYPES as readonly string[]).includes(file.type) ||
        file.size > CHAT_ATTACHMENT_MAX_BYTES,
    );
    if (refused.length > 0) {
      setError(
        refused.some((file) => file.size > CHAT_ATTACHMENT_MAX_BYTES)
          ? CHAT_MESSAGES.attachmentTooLarge(CHAT_ATTACHMENT_MAX_BYTES / 1024 / 1024)
          : CHAT_MESSAGES.attachmentTypeRefused,
      );
    } else {
      setError(null);
    }
    const accepted = chosen.filter((file) => !refused.includes(file));
    setFiles((current) =>
      [
        ...current,
        ...accepted.map((file) => ({ key: `${file.name}-${file.size}-${Math.random()}`, file })),
      ].slice(0, CHAT_ATTACHMENTS_MAX),
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() && files.length === 0) {
      setError(CHAT_MESSAGES.emptyMessage);
      return;
    }
    setError(null);
    try {
      const attachmentIds: string[] = [];
      for (const { file } of files) {
        setProgress(CHAT_MESSAGES.uploading(file.name));
        const grant = await requestAttachmentUpload(http, threadId, {
          fileName: file.name,
          contentType: file.type as (typeof CHAT_ATTACHMENT_TYPES)[number],
          size: file.size,
        });
        await xhrPut(grant.upload.url, file, {
          headers: grant.upload.headers,
          signal: new AbortController().signal,
          contentType: file.type,
        });
        attachmentIds.push(grant.attachmentId);
      }
      setProgress(CHAT_MESSAGES.sending);
      await sendMessage(http, threadId, { text, attachmentIds });
      setText('');
      setFiles([]);
      await refreshChat(queryClient, projectId);
    } catch (caught) {
      setError(`${CHAT_MESSAGES.sendFailed} ${extractErrorMessage(caught)}`);
    } finally {
      setProgress(null);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-2 border-t border-line pt-3">
      <label htmlFor={textId} className="text-sm font-medium text-ink">
        {CHAT_MESSAGES.composerLabel}
      </label>
      <TextArea
        id={textId}
        value={text}
        rows={3}
        maxLength={CHAT_MESSAGE_MAX}
        placeholder={CHAT_MESSAGES.composerPlaceholder}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          // Ctrl/Cmd+Enter sends; Enter alone makes a new line (messages keep their line breaks).
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit(event);
        }}
        aria-describedby={error ? `${textId}-error` : undefined}
      />
      {files.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Files to attach">
          {files.map(({ key, file }) => (
            <li key={key} className="flex items-center gap-1 rounded-md border border-line px-2 py-1 text-xs">
              <span className="max-w-48 truncate">{file.name}</span>
              <button
                type="button"
                className="min-h-6 min-w-6 rounded text-ink-muted hover:bg-canvas"
                aria-label={CHAT_MESSAGES.removeAttachment(file.name)}
                onClick={() => setFiles((current) => current.filter((item) => item.key !== key))}
                disabled={sending}
              >
                <span aria-hidden="true">✕</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p id={`${textId}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {progress ? (
        <p role="status" className="text-sm text-ink-muted">
          {progress}
        </p>
      ) : null}
      <div className="flex items-center justify-between gap-2">
        <div>
          <input
            id={fileId}
            type="file"
            multiple
            className="sr-only"
            accept={CHAT_ATTACHMENT_TYPES.join(',')}
            onChange={(event) => {
              pick(event.target.files);
              event.target.value = '';
            }}
            disabled={sending || files.length >= CHAT_ATTACHMENTS_MAX}
          />
          <label
            htmlFor={fileId}
            className="inline-flex min-h-10 cursor-pointer items-center rounded-md px-3 text-sm font-medium text-ink hover:bg-canvas"
          >
            {CHAT_MESSAGES.attach}
          </label>
        </div>
        <Button type="submit" disabled={sending}>
          {sending ? CHAT_MESSAGES.sending : CHAT_MESSAGES.send}
        </Button>
      </div>
    </form>
  );
}
