import { useEffect, useState } from 'react';
import { uploadKindOf } from '@casting/domain';
import { Button } from '../../ui/button';
import { Dialog, DialogFooter } from '../../ui/dialog';
import { MESSAGES } from '@casting/domain';
import { MEDIA_TEXTS } from './media-texts';
import { formatDuration, formatMegabytes, readVideoDuration } from './file-checks';

export interface LargeFileDialogProps {
  /** The files over 600 MB awaiting an answer; the dialog is open while there are any. */
  files: readonly File[];
  onProceed(): void;
  onCancel(): void;
  /** Injected in tests, where the simulated DOM cannot read video metadata. */
  readDuration?(file: File): Promise<number | null>;
}

/**
 * The Large File Upload confirmation (files over 600 MB): each file's size in MB and, for a video, its
 * duration read from the file's own metadata, before the person commits to a long upload.
 */
export function LargeFileDialog({
  files,
  onProceed,
  onCancel,
  readDuration = readVideoDuration,
}: LargeFileDialogProps) {
  const [durations, setDurations] = useState<Map<File, number | null>>(new Map());
  useEffect(() => {
    let live = true;
    for (const file of files) {
      if (uploadKindOf(file.name) !== 'video') continue;
      void readDuration(file).then((seconds) => {
        if (live) setDurations((current) => new Map(current).set(file, seconds));
      });
    }
    return () => {
      live = false;
    };
  }, [files, readDuration]);

  return (
    <Dialog
      open={files.length > 0}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={MEDIA_TEXTS.largeFileTitle}
      description={MEDIA_TEXTS.largeFileIntro}
    >
      <ul className="flex flex-col gap-3">
        {files.map((file) => {
          const isVideo = uploadKindOf(file.name) === 'video';
          const duration = durations.get(file);
          return (
            <li
              key={`${file.name}-${file.size}-${file.lastModified}`}
              className="rounded-md border border-line p-3 text-sm"
            >
              <p className="truncate font-medium text-ink" title={file.name}>
                {file.name}
              </p>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-ink-muted">
                <dt>{MEDIA_TEXTS.largeFileSize}</dt>
                <dd>{formatMegabytes(file.size)}</dd>
                {isVideo ? (
                  <>
                    <dt>{MEDIA_TEXTS.largeFileDuration}</dt>
                    <dd>
                      {duration === undefined
                        ? MEDIA_TEXTS.durationReading
                        : duration === null
                          ? MEDIA_TEXTS.durationUnknown
                          : formatDuration(duration)}
                    </dd>
                  </>
                ) : null}
              </dl>
            </li>
          );
        })}
      </ul>
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel}>
          {MESSAGES.cancel}
        </Button>
        <Button onClick={onProceed}>{MEDIA_TEXTS.largeFileProceed}</Button>
      </DialogFooter>
    </Dialog>
  );
}
