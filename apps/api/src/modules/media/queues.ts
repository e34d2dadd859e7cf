import type { MediaKind, MediaVisibility } from '@casting/domain';

/** The media module's background queues. */
export const MEDIA_PROCESS_QUEUE = 'media-process';
export const MEDIA_ZIP_QUEUE = 'media-zip';

/** Convert one media item (thumbnails, display image, MP4, poster, preview). */
export interface ProcessJob {
  mediaId: string;
}

/** Build one download bundle's zip and mail its link. */
export interface ZipJob {
  bundleId: string;
  /** What the asker may see (items.ts visibleTo); absent in jobs queued before it was recorded. */
  visibility?: MediaVisibility[];
  /** The asker may not have originals (items.ts getsOriginals): the zip holds the converted copies instead. */
  convertedOnly?: boolean;
  /** Only these kinds (a client review link zips only the kinds it shows); absent: every kind. */
  kinds?: MediaKind[];
}
