import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_ATTACHMENT_TYPES,
  CHAT_ATTACHMENTS_MAX,
  CHAT_MESSAGES,
  type ChatAttachmentGrant,
  type ChatAttachmentRequest,
} from '@casting/domain';
import { useId } from 'react';
import { xhrPut } from '../../lib/upload';

/** A file chosen for the next message, with a key that tells two files of the same name apart. */
export interface PendingFile {
  key: string;
  file: File;
}

/**
 * Files picked for a message, checked against the attachment rules (type and size) as they are picked: the accepted
 * ones join those already chosen (up to the allowed number), and the refusal says why the others cannot go.
 */
export function pickAttachments(
  current: readonly PendingFile[],
  list: FileList | null,
): { files: PendingFile[]; refusal: string | null } {
  const chosen = list ? [...list] : [];
  const tooLarge = (file: File) => file.size > CHAT_ATTACHMENT_MAX_BYTES;
  const refused = chosen.filter(
    (file) => !(CHAT_ATTACHMENT_TYPES as readonly string[]).includes(file.type) || tooLarge(file),
  );
  const refusal =
    refused.length === 0
      ? null
      : refused.some(tooLarge)
        ? CHAT_MESSAGES.attachmentTooLarge(CHAT_ATTACHMENT_MAX_BYTES / 1024 / 1024)
        : CHAT_MESSAGES.attachmentTypeRefused;
  const accepted = chosen.filter((file) => !refused.includes(file));
  const files = [
    ...current,
    ...accepted.map((file) => ({ key: `${file.name}-${file.size}-${Math.random()}`, file })),
  ].slice(0, CHAT_ATTACHMENTS_MAX);
  return { files, refusal };
}

/**
 * Uploads each file through the signed PUT its grant names, one after the other, saying which is on its way, and
 * answers the attachment ids to send with the message.
 */
export async function uploadAttachments(
  files: readonly PendingFile[],
  grant: (request: ChatAttachmentRequest) => Promise<ChatAttachmentGrant>,
  onProgress: (text: string) => void,
): Promise<string[]> {
  const ids: string[] = [];
  for (const { file } of files) {
    onProgress(CHAT_MESSAGES.uploading(file.name));
    const granted = await grant({
      fileName: file.name,
      contentType: file.type as (typeof CHAT_ATTACHMENT_TYPES)[number],
      size: file.size,
    });
    await xhrPut(granted.upload.url, file, {
      headers: granted.upload.headers,
      signal: new AbortController().signal,
      contentType: file.type,
    });
    ids.push(granted.attachmentId);
  }
  return ids;
}

/** The chosen files as chips, each with its remove button. */
export function AttachmentChips({
  files,
  onRemove,
  disabled,
}: {
  files: readonly PendingFile[];
  onRemove(key: string): void;
  disabled: boolean;
}) {
  if (files.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={CHAT_MESSAGES.filesToAttach}>
      {files.map(({ key, file }) => (
        <li key={key} className="flex items-center gap-1 rounded-md border border-line px-2 py-1 text-xs">
          <span className="max-w-48 truncate">{file.name}</span>
          <button
            type="button"
            className="min-h-6 min-w-6 rounded text-ink-muted hover:bg-canvas"
            aria-label={CHAT_MESSAGES.removeAttachment(file.name)}
            onClick={() => onRemove(key)}
            disabled={disabled}
          >
            <span aria-hidden="true">✕</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** "Attach files": a file input behind its label, offering the accepted types. */
export function AttachButton({
  onPick,
  disabled,
}: {
  onPick(list: FileList | null): void;
  disabled: boolean;
}) {
  const fileId = useId();
  return (
    <div>
      <input
        id={fileId}
        type="file"
        multiple
        className="sr-only"
        accept={CHAT_ATTACHMENT_TYPES.join(',')}
        onChange={(event) => {
          onPick(event.target.files);
          event.target.value = '';
        }}
        disabled={disabled}
      />
      <label
        htmlFor={fileId}
        className="inline-flex min-h-10 cursor-pointer items-center rounded-md px-3 text-sm font-medium text-ink hover:bg-canvas"
      >
        {CHAT_MESSAGES.attach}
      </label>
    </div>
  );
}
