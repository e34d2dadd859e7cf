import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_ATTACHMENT_TYPES,
  CHAT_ATTACHMENTS_MAX,
  CHAT_MESSAGE_MAX,
  CHAT_MESSAGES,
  extractErrorMessage,
} from '@casting/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { xhrPut } from '../../lib/upload';
import { Button } from '../../ui/button';
import { TextArea } from '../../ui/form-controls';
import { requestAttachmentUpload, refreshChat, sendMessage } from './chat-api';

interface PendingFile {
  key: string;
  file: File;
}

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
