import type { UploadKind } from '@casting/domain';
import { useEffect, useEffectEvent } from 'react';
import { toast } from '../../lib/toast/toast';
import { browserResumeStorage, useUploadQueue } from '../../lib/upload';
import type { QueueItem, UploadQueueOptions, UploadTransport } from '../../lib/upload';
import { cn } from '../../ui/cn';
import { FilePicker } from './file-picker';
import { UploadQueueList } from './upload-queue-list';
import type { UploadQueueVariant } from './upload-queue-list';

export interface UploadQueueProps {
  /** From `createMediaUploadTransport(http)` (staff) or `createMediaUploadTransport(http, { noAuth: true })` (apply pages). */
  transport: UploadTransport;
  /**
   * Keeps resume records of different destinations apart, e.g. `candidate:<id>` or `apply:<projectId>`. The
   * transport and scope are fixed for the queue's life: key the component by its destination.
   */
  scope: string;
  finalize?: UploadQueueOptions['finalize'];
  onComplete?(completed: QueueItem[], failed: QueueItem[]): void;
  /**
   * Told when files start and stop being on their way (waiting, uploading or being finalized), so a form can hold
   * back what must wait for them: a submit while a file is still going up would send what was there before it.
   */
  onBusyChange?(busy: boolean): void;
  /** Only one file at a time from the picker unless set. */
  multiple?: boolean;
  kinds?: readonly UploadKind[];
  /** Passed to the picker: its filter and camera (see FilePicker). */
  accept?: string;
  capture?: 'user' | 'environment';
  /** Section variant: at most this many files; the add button hides once reached. */
  maxFiles?: number;
  variant?: UploadQueueVariant;
  isThumbnailReady?(item: QueueItem): boolean;
  label?: string;
  disabled?: boolean;
  className?: string;
  readDuration?(file: File): Promise<number | null>;
}

/**
 * A file picker with its upload queue: what the candidate media panel and the public apply pages use. Failures
 * and the retry limit are told by toast; the rows show each file's state.
 */
export function UploadQueue({
  transport,
  scope,
  finalize,
  onComplete,
  onBusyChange,
  multiple = false,
  kinds,
  accept,
  capture,
  maxFiles,
  variant = 'default',
  isThumbnailReady,
  label,
  disabled,
  className,
  readDuration,
}: UploadQueueProps) {
  const { queue, items } = useUploadQueue({
    transport,
    storage: browserResumeStorage(),
    scope,
    finalize,
    onComplete,
    onMessage: (message, _kind, detail) => toast.error(message, detail ? { description: detail } : undefined),
  });
  const busy = items.some((item) => item.status === 'PENDING' || item.status === 'UPLOADING');
  const tellBusy = useEffectEvent((value: boolean) => onBusyChange?.(value));
  useEffect(() => tellBusy(busy), [busy]);
  const full = maxFiles !== undefined && items.length >= maxFiles;
  return (
    <div className={cn('flex flex-col gap-3', className)}>
      {full ? null : (
        <div>
          <FilePicker
            multiple={multiple}
            kinds={kinds}
            accept={accept}
            capture={capture}
            label={label}
            disabled={disabled}
            readDuration={readDuration}
            onFiles={(files) =>
              queue.add(maxFiles === undefined ? files : files.slice(0, Math.max(0, maxFiles - items.length)))
            }
          />
        </div>
      )}
      <UploadQueueList
        items={items}
        variant={variant}
        isThumbnailReady={isThumbnailReady}
        onRetry={(id) => queue.retry(id)}
        onRemove={(id) => queue.remove(id)}
      />
    </div>
  );
}
