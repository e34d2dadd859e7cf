import { CHAT_MESSAGE_MAX, CHAT_MESSAGES, extractErrorMessage } from '@casting/domain';
import type { ChatDeliveryStatus, ChatMessage } from '@casting/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { TextArea } from '../../ui/form-controls';
import { StatusBadge } from '../../ui/status-badge';
import type { StatusTone } from '../../ui/status-badge';
import { deleteMessage, editMessage, refreshChat } from './chat-api';
import { MessageText } from './message-text';

const DELIVERY: Record<ChatDeliveryStatus, [string, StatusTone]> = {
  SENT: [CHAT_MESSAGES.deliverySent, 'neutral'],
  EMAILED: [CHAT_MESSAGES.deliveryEmailed, 'success'],
  FAILED: [CHAT_MESSAGES.deliveryFailed, 'danger'],
};

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const formatTime = (iso: string) => timeFormat.format(new Date(iso));

/**
 * One message: its author, time, delivery status and 'edited'/'deleted' marks, its text and attachments. The
 * caller's own messages can be edited in place and deleted after a confirmation.
 */
export function MessageItem({ message, projectId }: { message: ChatMessage; projectId: string }) {
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
