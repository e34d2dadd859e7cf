import { z } from 'zod';
import { linkTokenSchema } from './link-token';
import { MEDIA_STATUSES } from './media';

/**
 * The candidate selfie (decisions 0460 to 0463): one current, unretouched phone photo of a candidate, a media item
 * marked as the selfie, asked for by the team and sent by the talent from their private page.
 */

/** The current selfie: the photo's processing status, its view URLs and when it was sent. */
export const selfieSchema = z.object({
  id: z.uuid(),
  status: z.enum(MEDIA_STATUSES),
  /** The original (for the talent and the team; a phone's HEIC shows through `convertedUrl`). */
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  /** The display-size JPEG/WebP, once processed. */
  convertedUrl: z.string().nullable(),
  /** When the talent sent it. */
  takenAt: z.string(),
});
export type Selfie = z.infer<typeof selfieSchema>;

/** The open request: when it was made and by whom (null when that account is gone). */
export const selfieRequestSchema = z.object({
  requestedAt: z.string(),
  requestedBy: z.string().nullable(),
});
export type SelfieRequest = z.infer<typeof selfieRequestSchema>;

/** `GET /projects/{id}/candidates/{applicantId}/selfie`, and the answer of asking and of removing. */
export const candidateSelfieSchema = z.object({
  selfie: selfieSchema.nullable(),
  request: selfieRequestSchema.nullable(),
});
export type CandidateSelfie = z.infer<typeof candidateSelfieSchema>;

/**
 * The talent's private page: their selfie, whether the team asked for one, and the upload grant the page uploads
 * the photo under (it names no applicant, so the upload waits for `PUT .../standalone/selfie`).
 */
export const privateSelfieSchema = z.object({
  selfie: selfieSchema.nullable(),
  requestedAt: z.string().nullable(),
  uploadGrant: z.string(),
});
export type PrivateSelfie = z.infer<typeof privateSelfieSchema>;

/** The talent makes a finished upload (its `Key`) their selfie; the private link's token is the credential. */
export const privateSelfieSetSchema = z.object({
  accessToken: linkTokenSchema,
  key: z.string().min(1).max(512),
});
export type PrivateSelfieSet = z.infer<typeof privateSelfieSetSchema>;
