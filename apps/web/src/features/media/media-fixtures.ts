import type { MediaItem } from './media-contract';

/** Test ids: the API's ids are UUIDs, so a short name maps to a fixed UUID ('m1' -> ...0000m1 in hex). */
export function testUuid(name: string): string {
  const hex = Array.from(name, (char) => char.charCodeAt(0).toString(16).padStart(2, '0')).join('');
  return `00000000-0000-4000-8000-${hex.padStart(12, '0').slice(-12)}`;
}

/** A processed media item as the API answers it, for tests. */
export function buildMediaItem(
  patch: Partial<MediaItem> & Pick<MediaItem, 'id' | 'name' | 'kind'>,
): MediaItem {
  const fileType =
    patch.kind === 'image' ? 'image/jpeg' : patch.kind === 'video' ? 'video/mp4' : 'application/octet-stream';
  return {
    applicantId: '00000000-0000-4000-8000-0000000000a1',
    projectId: '00000000-0000-4000-8000-0000000000b1',
    fileType,
    size: 1000,
    status: 'PROCESSED',
    failureReason: null,
    visibility: 'ALL',
    isPrimaryPhoto: false,
    isSelfie: false,
    durationSeconds: null,
    width: null,
    height: null,
    url: `/files/${patch.id}`,
    downloadUrl: `/files/${patch.id}?download=1`,
    thumbnailUrl: null,
    convertedUrl: null,
    posterUrl: null,
    icon: null,
    createdAt: '2026-11-22T10:00:00.000Z',
    ...patch,
    id: testUuid(patch.id),
  };
}
