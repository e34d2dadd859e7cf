import { z } from 'zod';
import { UPLOAD_SMALL_FILE_THRESHOLD_BYTES } from '../constants';

/**
 * Media: uploads through signed URLs (single PUT under 10 MiB, multipart above), the media items of an
 * applicant with their processing status, reports of media issues, and zip downloads.
 *
 * Upload calls take either the caller's bearer token (project staff with CANDIDATE_MEDIA) or an upload grant from a
 * public apply page, in the `x-upload-grant` header or the body field `uploadGrant`. Object keys are always the
 * server's: `fileKey` is only the client's file name.
 */

export const MEDIA_KINDS = ['image', 'video', 'document'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** Processing statuses of a media item. */
export const MEDIA_STATUSES = ['PENDING', 'IN_PROGRESS', 'PROCESSED', 'FAILED'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

/**
 * Who sees an item; SA, PO, PE and TE may change it (MANAGE_MEDIA_VISIBILITY). TEAM: the project team only; ALL: also
 * the people a candidate is shared with (client links). New uploads are ALL.
 */
export const MEDIA_VISIBILITIES = ['ALL', 'TEAM'] as const;
export type MediaVisibility = (typeof MEDIA_VISIBILITIES)[number];

/** The header an apply page sends its upload grant in (or the body field `uploadGrant`). */
export const UPLOAD_GRANT_HEADER = 'x-upload-grant';

/** Ours: the largest file one upload may carry (S3 allows 5 TiB; 5 GiB keeps a zip of a few candidates sane). */
export const MEDIA_MAX_UPLOAD_BYTES = 5 * 1024 * 1024 * 1024;
/** A signed upload URL lives this long; a resumed upload asks for fresh part URLs. */
export const UPLOAD_URL_TTL_SECONDS = 3600;
/** A signed view URL lives this long; the viewer asks again when it runs out. */
export const VIEW_URL_TTL_SECONDS = 900;
/** Download links (zip) expire after this many days. */
export const DOWNLOAD_EXPIRY_DAYS = 7;

/**
 * A file's kind as the names of files handed to clients say it, so that a producer's downloads folder sorts and reads
 * the same for every candidate: "Ana Silva - Lead - Video 1.mp4".
 */
export const MEDIA_KIND_FILE_LABELS: Record<MediaKind, string> = {
  image: 'Photo',
  video: 'Video',
  document: 'Document',
};

export const MEDIA_MESSAGES = {
  singleTooLarge: `Files of ${UPLOAD_SMALL_FILE_THRESHOLD_BYTES} bytes or more use a multipart upload.`,
  tooLarge: 'The file is larger than uploads allow.',
  sizeMismatch: 'The uploaded file does not have the size that was declared.',
  chunksMismatch: 'The number of parts does not match the declared size.',
  /** A file whose bytes are no accepted type; `seen` says what they really are, when their signature tells. */
  refusedContent: (fileName: string, seen: string | null) =>
    `“${fileName}” ${seen ? `is really ${seen}` : 'matches no photo, video or document format we know'}, so it ` +
    'cannot be accepted. Remove it, then upload a photo (JPEG, PNG, HEIC), a video (MP4, MOV) or a document (PDF).',
  uploadNotFound: 'This upload does not exist or has already been finished.',
  notUploaded: 'The file has not been uploaded yet.',
  grantInvalid: 'This upload link is not valid. Please reload the page.',
  grantExpired: 'This upload link has expired. Please reload the page.',
  grantWrongProject: 'This upload link is for another project.',
  applicantRequired: 'Choose the candidate these files belong to.',
  notInProject: 'This candidate is not in this project.',
  mediaNotFound: 'This media item does not exist.',
  notAnImage: 'Only a photo can be the primary photo.',
  notFailed: 'This conversion is still under way. Only a failed or stalled conversion can be retried.',
  noMediaChosen: 'Choose at least one candidate.',
  downloadNotFound: 'This download does not exist or is not yours.',
  downloadExpired: 'This download link has expired. Please ask for a new one.',
  downloadLinkSent: 'Download link sent to your email',
  deleted: 'Content deleted',
} as const;

const fileName = z.string().trim().min(1).max(255);
const contentType = z
  .string()
  .trim()
  .max(127)
  .regex(/^[\w.+-]+\/[\w.+-]+$/, 'Use a content type such as image/jpeg.');
const size = z.number().int().min(1).max(MEDIA_MAX_UPLOAD_BYTES, MEDIA_MESSAGES.tooLarge);
const id = z.uuid();
const uploadGrant = z.string().max(2048).optional();
/** S3 object keys as the server made them. */
const objectKey = z.string().min(1).max(512);

/** Who the upload is for: staff name the project (and usually the applicant); a grant names the project itself. */
const target = {
  projectId: id.optional(),
  applicantId: id.optional(),
  uploadGrant,
};

export const signedUrlRequestSchema = z.object({
  ...target,
  imagesParams: z
    .array(
      z.object({
        /** The client's file name, shown to reviewers and used in zips; never the object key. */
        fileKey: fileName,
        contentType,
        size: size.max(UPLOAD_SMALL_FILE_THRESHOLD_BYTES - 1, MEDIA_MESSAGES.singleTooLarge),
      }),
    )
    .min(1)
    .max(20),
});
export type SignedUrlRequest = z.infer<typeof signedUrlRequestSchema>;

export const signedUrlResponseSchema = z.object({
  urls: z.array(
    z.object({
      fileKey: z.string(),
      /** The object key to name in `upload-complete`. */
      key: z.string(),
      url: z.string(),
      method: z.literal('PUT'),
      /** Send these headers as they are (Content-Type is signed). */
      headers: z.record(z.string(), z.string()),
    }),
  ),
});
export type SignedUrlResponse = z.infer<typeof signedUrlResponseSchema>;

export const multipartStartSchema = z.object({
  ...target,
  fileName,
  contentType,
  size,
});
export type MultipartStart = z.infer<typeof multipartStartSchema>;

export const multipartStartResponseSchema = z.object({
  UploadId: z.string(),
  Key: z.string(),
  /** The part size the server expects (5 MiB); every part but the last has exactly this size. */
  PartSize: z.number(),
  ChunksNumber: z.number(),
});

export const multipartSignedUrlsSchema = z.object({
  UploadId: z.string().min(1).max(1024),
  Key: objectKey,
  ChunksNumber: z.number().int().min(1).max(10_000),
  /** Only these part numbers (a resumed upload asks for the parts list-parts does not name); default all. */
  PartNumbers: z.array(z.number().int().min(1).max(10_000)).max(10_000).optional(),
  uploadGrant,
});
export type MultipartSignedUrls = z.infer<typeof multipartSignedUrlsSchema>;

export const multipartSignedUrlsResponseSchema = z.object({
  parts: z.array(z.object({ PartNumber: z.number(), signedUrl: z.string() })),
});

export const multipartListPartsSchema = z.object({
  UploadId: z.string().min(1).max(1024),
  Key: objectKey,
  uploadGrant,
});
export const multipartListPartsResponseSchema = z.object({
  parts: z.array(z.object({ PartNumber: z.number(), ETag: z.string(), Size: z.number() })),
  PartSize: z.number(),
  ChunksNumber: z.number(),
});

export const multipartCompleteSchema = z.object({
  UploadId: z.string().min(1).max(1024),
  Key: objectKey,
  Parts: z
    .array(z.object({ ETag: z.string().min(1).max(200), PartNumber: z.number().int().min(1).max(10_000) }))
    .min(1)
    .max(10_000),
  uploadGrant,
});
export type MultipartComplete = z.infer<typeof multipartCompleteSchema>;

/** After a single PUT: the server checks size and content, and attaches the file when the applicant is known. */
export const uploadCompleteSchema = z.object({ Key: objectKey, uploadGrant });

/** The upload result (url, thumbnailUrl, convertedUrl) plus what the server now knows. */
export const uploadResultSchema = z.object({
  Key: z.string(),
  kind: z.enum(MEDIA_KINDS),
  contentType: z.string(),
  size: z.number(),
  /** The media item, when the upload was for a known applicant; null until `attachUploads` for an apply page. */
  mediaId: z.uuid().nullable(),
  status: z.enum(MEDIA_STATUSES).nullable(),
  url: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  convertedUrl: z.string().nullable(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/**
 * The public upload failure report: a body of a few kilobytes at most (the error, at most 2,000 characters, and a
 * little context; larger is refused with 413), and reports are kept `keepDays` days, then purged (decision 0164).
 */
export const UPLOAD_FAILURE_LIMITS = { bodyBytes: 8 * 1024, keepDays: 30 } as const;

export const uploadFailedSchema = z.object({
  error: z.string().trim().min(1).max(2000),
  context: z.record(z.string(), z.unknown()).optional(),
  projectId: id.optional(),
  uploadGrant,
});

/**
 * POST /media-management/display-failed: a browser could not show a media item (the viewer's display image, a
 * thumbnail, or the file itself after its retries). Logged for the operator; nothing is stored.
 */
export const MEDIA_DISPLAY_PROBLEMS = ['display-image', 'thumbnail', 'file'] as const;
export const displayFailedSchema = z.object({ mediaId: id, problem: z.enum(MEDIA_DISPLAY_PROBLEMS) });
export type MediaDisplayProblem = (typeof MEDIA_DISPLAY_PROBLEMS)[number];

/**
 * Upload failures as staff read them (the admin scripts page of a project, super admins): newest first, keyset paged
 * (`cursor` is the previous page's `nextCursor`), no total. `source` says who reported it: a signed-in staff member
 * (`reporter` their name and e-mail) or an apply page (no account).
 */
export const UPLOAD_FAILURE_PAGE_LIMIT = 25;
export const uploadFailureListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(UPLOAD_FAILURE_PAGE_LIMIT),
});
export const uploadFailureSchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  error: z.string(),
  context: z.record(z.string(), z.unknown()),
  source: z.enum(['STAFF', 'APPLY_PAGE']),
  reporter: z.object({ name: z.string(), email: z.string() }).nullable(),
});
export type UploadFailure = z.infer<typeof uploadFailureSchema>;
export const uploadFailureListSchema = z.object({
  items: z.array(uploadFailureSchema),
  nextCursor: z.string().nullable(),
});
export type UploadFailureList = z.infer<typeof uploadFailureListSchema>;

/** Texts of the upload failures section. */
export const UPLOAD_FAILURE_TEXTS = {
  title: 'Upload failures',
  description:
    'Uploads that failed in a browser for this project, as the browser reported them, newest first.',
  empty: 'No upload failures have been reported for this project.',
  loadMore: 'Load more',
  staff: 'Team member',
  applyPage: 'Apply page',
  when: 'When',
  error: 'Error',
  reportedBy: 'Reported by',
  file: 'File',
} as const;

export const mediaItemSchema = z.object({
  id: z.uuid(),
  applicantId: z.uuid(),
  projectId: z.uuid(),
  name: z.string(),
  kind: z.enum(MEDIA_KINDS),
  /** The sniffed type of the original. */
  fileType: z.string(),
  size: z.number(),
  status: z.enum(MEDIA_STATUSES),
  failureReason: z.string().nullable(),
  visibility: z.enum(MEDIA_VISIBILITIES),
  isPrimaryPhoto: z.boolean(),
  /** The candidate's current selfie (decision 0460): shown apart, beside the primary photo. */
  isSelfie: z.boolean(),
  durationSeconds: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** The original, always viewable (also when conversion FAILED). */
  url: z.string(),
  downloadUrl: z.string(),
  thumbnailUrl: z.string().nullable(),
  /** Display size image, web-playable MP4, or the document preview. */
  convertedUrl: z.string().nullable(),
  posterUrl: z.string().nullable(),
  /** For documents without a preview: the viewer icon by extension, or the default icon. */
  icon: z.string().nullable(),
  createdAt: z.string(),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

export const mediaListQuerySchema = z.object({ projectId: id });
export const mediaListSchema = z.object({ items: z.array(mediaItemSchema) });
export const mediaProjectBodySchema = z.object({ projectId: id });
export const mediaVisibilitySchema = z.object({
  projectId: id,
  visibility: z.enum(MEDIA_VISIBILITIES),
});

// The report body (applicantId, applicantMediaId, channel, description) is `reportMediaIssueSchema` in
// validation/applicants.ts, shared with the web form.
export const messageResultSchema = z.object({ message: z.string() });

/** `POST /applicants/download-zip` and the team dialog's send-download-link call. */
export const downloadZipSchema = z.object({
  projectId: id,
  email: z.email().max(254).optional(),
  folderId: id.optional(),
  clientLink: z.string().max(200).optional(),
  applicantIds: z.array(id).max(1000).optional(),
});
export type DownloadZipRequest = z.infer<typeof downloadZipSchema>;

export const DOWNLOAD_STATUSES = ['PENDING', 'READY', 'FAILED', 'EXPIRED'] as const;
export const downloadSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  status: z.enum(DOWNLOAD_STATUSES),
  fileCount: z.number(),
  size: z.number().nullable(),
  expiresAt: z.string(),
  /** A short-lived signed URL of the zip, when READY. */
  url: z.string().nullable(),
  // No failure reason: the link's holder may be outside the team, and a zip job's error names storage internals.
  // The reason stays on the bundle's row for operators; the page says the download failed and what to do.
});
export type Download = z.infer<typeof downloadSchema>;
export const downloadCreatedSchema = z.object({ id: z.uuid(), message: z.string() });
