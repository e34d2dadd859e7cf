import { MEDIA_PROCESSING_STATUSES } from '@casting/domain';
import { z } from 'zod';

/**
 * The shapes of the media calls as the web app reads them (spec sections 3 and 7). The API side (issue 11,
 * branch wt-mapi) owns the contracts in packages/domain; until they land these stand in, written from the
 * spec's call names and field names, and lenient about extra fields. When the domain contracts exist, this
 * file re-exports them instead.
 */

export const mediaKindSchema = z.enum(['image', 'video', 'document']);
export type MediaKind = z.infer<typeof mediaKindSchema>;

/** A candidate's stored media item as the viewer and the panel need it. */
export const mediaItemSchema = z.object({
  id: z.string(),
  applicantId: z.string().optional(),
  name: z.string(),
  type: mediaKindSchema,
  contentType: z.string().nullish(),
  size: z.number().nullish(),
  /** The original, always viewable and downloadable even when a conversion failed. */
  url: z.string(),
  thumbnailUrl: z.string().nullish(),
  /** The web-playable (video) or display-size (image) rendition once processing is done. */
  convertedUrl: z.string().nullish(),
  /** Video poster frame, when processing made one. */
  posterUrl: z.string().nullish(),
  status: z.enum(MEDIA_PROCESSING_STATUSES),
  failureReason: z.string().nullish(),
  isPrimary: z.boolean().default(false),
  durationSeconds: z.number().nullish(),
  createdAt: z.string().optional(),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

export const mediaListSchema = z.object({ items: z.array(mediaItemSchema) });

export const signedUrlSchema = z.object({ url: z.string(), key: z.string() });
export const signedUrlListSchema = z.object({ urls: z.array(signedUrlSchema).min(1) });

export const multipartStartSchema = z.object({ UploadId: z.string(), Key: z.string() });
export const signedPartsSchema = z.object({
  parts: z.array(z.object({ PartNumber: z.number().int(), signedUrl: z.string() })),
});
export const listPartsSchema = z.object({
  parts: z.array(z.object({ PartNumber: z.number().int(), ETag: z.string() })),
});
export const uploadResultSchema = z.object({
  key: z.string(),
  url: z.string().nullish(),
  thumbnailUrl: z.string().nullish(),
  convertedUrl: z.string().nullish(),
  mediaId: z.string().nullish(),
});

/** /downloads/{id}: a zip the download-zip job made, or is still making. */
export const downloadStatuses = ['PENDING', 'READY', 'FAILED', 'EXPIRED'] as const;
export const downloadSchema = z.object({
  id: z.string(),
  status: z.enum(downloadStatuses),
  fileName: z.string().nullish(),
  size: z.number().nullish(),
  url: z.string().nullish(),
  expiresAt: z.string().nullish(),
  candidateCount: z.number().nullish(),
});
export type Download = z.infer<typeof downloadSchema>;
