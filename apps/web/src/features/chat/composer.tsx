import { CHAT_ATTACHMENTS_MAX, CHAT_MESSAGE_MAX, CHAT_MESSAGES, extractErrorMessage } from '@casting/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { Button } from '../../ui/button';
import { TextArea } from '../../ui/form-controls';
import {
  AttachButton,
  AttachmentChips,
  pickAttachments,
  uploadAttachments,
  type PendingFile,
} from './attachment-picker';
import { requestAttachmentUpload, refreshChat, sendMessage } from './chat-api';

/**
 * The message box: text and up to the allowed number of attachments (type and size checked when picked). Sending
 * uploads each file first, then posts the message with their ids.
 */
export function Composer({ projectId, threadId }: { projectId: string; threadId: string }) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<PendingFile[]>([]);
  const [progress, setProgress] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const textId = useId();
  const sending = progress !== null;

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
    try {
      const attachmentIds = await uploadAttachments(
        files,
        (request) => requestAttachmentUpload(http, threadId, request),
        setProgress,
      );
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
      {progress ? (
        <p role="status" className="text-sm text-ink-muted">
          {progress}
        </p>
      ) : null}
      <div className="flex items-center justify-between gap-2">
        <AttachButton onPick={pick} disabled={sending || files.length >= CHAT_ATTACHMENTS_MAX} />
        <Button type="submit" disabled={sending}>
          {sending ? CHAT_MESSAGES.sending : CHAT_MESSAGES.send}
        </Button>
      </div>
    </form>
  );
}
