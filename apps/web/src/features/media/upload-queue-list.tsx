import { useEffect, useRef } from 'react';
import { MESSAGES } from '@casting/domain';
import { cn } from '../../ui/cn';
import { Spinner } from '../../ui/spinner';
import type { QueueItem } from '../../lib/upload';
import { MEDIA_TEXTS } from './media-texts';

export type UploadQueueVariant = 'default' | 'section';

export interface UploadQueueListProps {
  items: readonly QueueItem[];
  onRetry(id: string): void;
  onRemove(id: string): void;
  /**
   * default: a spinner beside the percent while uploading. section (a candidate's media section): a completed
   * non-video item shows 'Processing...' until its thumbnail has loaded.
   */
  variant?: UploadQueueVariant;
  /** section variant: whether a completed item's thumbnail is there to show. */
  isThumbnailReady?(item: QueueItem): boolean;
  className?: string;
}

/**
 * The queue's rows: Pending, a percent while uploading, Failed with the reason and a retry button, Refused (the API
 * refused the file itself) with the reason and a remove button, and the finished state. On a phone the name takes
 * the first line (truncated) and the state and buttons wrap to the next, so a row never overflows its card.
 */
export function UploadQueueList({
  items,
  onRetry,
  onRemove,
  variant = 'default',
  isThumbnailReady,
  className,
}: UploadQueueListProps) {
  if (items.length === 0) return null;
  return (
    <ul aria-label={MEDIA_TEXTS.uploads} className={cn('flex flex-col gap-2', className)}>
      {items.map((item) => (
        <li
          key={item.id}
          className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-line bg-surface px-3 py-2 text-sm"
        >
          <span data-part="name" className="flex min-w-0 basis-full items-center gap-2 sm:flex-1 sm:basis-0">
            {item.type === 'image' ? <QueueThumbnail file={item.file} name={item.name} /> : null}
            <span className="min-w-0 flex-1 truncate text-ink" title={item.name}>
              {item.name}
            </span>
          </span>
          <span className="ml-auto flex shrink-0 items-center gap-2">
            <ItemState item={item} variant={variant} thumbnailLoaded={isThumbnailReady?.(item) ?? false} />
            {item.status === 'FAILED' && !item.refused ? (
              <button
                type="button"
                onClick={() => onRetry(item.id)}
                aria-label={MEDIA_TEXTS.retry(item.name)}
                className="rounded-md px-2 py-1 font-medium text-brand-700 hover:bg-brand-50"
              >
                Retry
              </button>
            ) : null}
            {item.status === 'FAILED' && item.refused ? (
              <button
                type="button"
                onClick={() => onRemove(item.id)}
                aria-label={MEDIA_TEXTS.remove(item.name)}
                className="rounded-md px-2 py-1 font-medium text-brand-700 hover:bg-brand-50"
              >
                {MEDIA_TEXTS.removeButton}
              </button>
            ) : (
              <RemoveIcon name={item.name} onRemove={() => onRemove(item.id)} />
            )}
          </span>
          {item.status === 'FAILED' && item.error ? (
            <p className="basis-full break-words text-xs text-danger">{item.error}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function RemoveIcon({ name, onRemove }: { name: string; onRemove(): void }) {
  return (
    <button
      type="button"
      onClick={onRemove}
      aria-label={MEDIA_TEXTS.remove(name)}
      className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-ink-muted hover:bg-canvas hover:text-ink"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="size-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <path d="M5 5l10 10M15 5L5 15" strokeLinecap="round" />
      </svg>
    </button>
  );
}

/** A chosen photo's own bytes as a small preview; its object URL is let go when the row goes. */
function QueueThumbnail({ file, name }: { file: File; name: string }) {
  const image = useRef<HTMLImageElement>(null);
  // The URL is made and let go with the row: set straight on the element, so no second render is needed.
  useEffect(() => {
    const made = URL.createObjectURL(file);
    if (image.current) image.current.src = made;
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return <img ref={image} alt={name} className="size-8 shrink-0 rounded bg-canvas object-cover" />;
}

function ItemState({
  item,
  variant,
  thumbnailLoaded,
}: {
  item: QueueItem;
  variant: UploadQueueVariant;
  thumbnailLoaded: boolean;
}) {
  switch (item.status) {
    case 'PENDING':
      return <span className="text-ink-muted">{MEDIA_TEXTS.pending}</span>;
    case 'UPLOADING':
      return (
        <span className="flex items-center gap-2">
          {variant === 'default' ? (
            <Spinner label={MEDIA_TEXTS.uploadingPercent(item.name, item.progress)} />
          ) : null}
          <progress
            max={100}
            value={item.progress}
            aria-label={MEDIA_TEXTS.uploadingPercent(item.name, item.progress)}
            className="h-1.5 w-16 sm:w-24"
          />
          <span className="w-10 text-right tabular-nums text-ink" aria-hidden="true">
            {item.progress}%
          </span>
        </span>
      );
    case 'FAILED':
      return <span className="text-danger">{item.refused ? MEDIA_TEXTS.refused : MEDIA_TEXTS.failed}</span>;
    case 'COMPLETED':
      if (variant === 'section' && item.type !== 'video' && !thumbnailLoaded) {
        return <span className="text-ink-muted">{MESSAGES.processing}</span>;
      }
      return <span className="text-success">{MEDIA_TEXTS.completed}</span>;
  }
}
