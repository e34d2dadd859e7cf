import { useId, useRef, useState } from 'react';
import type { UploadKind } from '@casting/domain';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { acceptAttribute, checkTypes, isLargeFile } from './file-checks';
import { LargeFileDialog } from './large-file-dialog';
import { MEDIA_TEXTS } from './media-texts';

export interface FilePickerProps {
  /** Receives the files that passed the type check and, for files over 600 MB, the confirmation. */
  onFiles(files: File[]): void;
  /** Only one file unless set. */
  multiple?: boolean;
  kinds?: readonly UploadKind[];
  /** The picker's filter when it is not the accepted extensions of `kinds` (`image/*` for a camera photo). */
  accept?: string;
  /** Opens the phone's camera (`user`: the front one) instead of the file list, where the browser can. */
  capture?: 'user' | 'environment';
  label?: string;
  disabled?: boolean;
  className?: string;
  readDuration?(file: File): Promise<number | null>;
}

/**
 * A button that opens the system file picker, limited to the accepted types. Files of another type are refused
 * with 'Unsupported file type(s): {names}.'; files over 600 MB wait for the Large File Upload confirmation
 * (proceed adds them, cancel drops only them).
 */
export function FilePicker({
  onFiles,
  multiple = false,
  kinds,
  accept,
  capture,
  label = MEDIA_TEXTS.addFiles,
  disabled = false,
  className,
  readDuration,
}: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [awaiting, setAwaiting] = useState<File[]>([]);

  const choose = (chosen: File[]) => {
    const { accepted, refusedMessage } = checkTypes(multiple ? chosen : chosen.slice(0, 1), kinds);
    if (refusedMessage) toast.error(refusedMessage);
    const large = accepted.filter(isLargeFile);
    const ordinary = accepted.filter((file) => !isLargeFile(file));
    if (ordinary.length > 0) onFiles(ordinary);
    if (large.length > 0) setAwaiting(large);
  };

  return (
    <>
      <input
        ref={input}
        id={inputId}
        type="file"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        accept={accept ?? acceptAttribute(kinds)}
        capture={capture}
        multiple={multiple}
        data-testid="file-picker-input"
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          // Cleared so that choosing the same file again (to resume it) fires change again.
          event.currentTarget.value = '';
          if (files.length > 0) choose(files);
        }}
      />
      <Button
        variant="secondary"
        disabled={disabled}
        className={cn(className)}
        onClick={() => input.current?.click()}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        >
          <path d="M10 14V4M6 8l4-4 4 4M4 16h12" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {label}
      </Button>
      <LargeFileDialog
        files={awaiting}
        readDuration={readDuration}
        onCancel={() => setAwaiting([])}
        onProceed={() => {
          const files = awaiting;
          setAwaiting([]);
          onFiles(files);
        }}
      />
    </>
  );
}
