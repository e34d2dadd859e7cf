import { z } from 'zod';
import { clientLinkSettingsSchema, createdClientLinkSchema } from './client-review';
import { cursorQuery, keysetPageFields, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from './pagination';

/**
 * Presentations: a curated package of one opportunity's candidates for a client, in the order the director sets,
 * with the media chosen per candidate and a layout. Shared through a client link (a snapshot of the order, the
 * chosen media and the layout) and printed as a PDF by a job.
 */

/** `cards`: a grid of photo, name and key sizes; `pages`: one page per candidate. */
export const PRESENTATION_LAYOUTS = ['cards', 'pages'] as const;
export type PresentationLayout = (typeof PRESENTATION_LAYOUTS)[number];
export const presentationLayoutSchema = z.enum(PRESENTATION_LAYOUTS);

/** At most this many candidates in one presentation (as a client link holds). */
export const PRESENTATION_MAX_CANDIDATES = 500;

export const PRESENTATION_PDF_STATUSES = ['QUEUED', 'RUNNING', 'READY', 'FAILED'] as const;
export type PresentationPdfStatus = (typeof PRESENTATION_PDF_STATUSES)[number];

const title = z.string().trim().min(1, { error: 'Title is required' }).max(100);
const uuid = z.uuid();

export const createPresentationSchema = z.object({
  title,
  /** The opportunity every candidate belongs to. */
  roleId: uuid,
  /** The candidates (submission ids of that opportunity), in the order they start in. */
  submissionIds: z.array(uuid).min(1).max(PRESENTATION_MAX_CANDIDATES),
  layout: presentationLayoutSchema.default('cards'),
});
export type CreatePresentation = z.infer<typeof createPresentationSchema>;

export const patchPresentationSchema = z.object({
  title: title.optional(),
  layout: presentationLayoutSchema.optional(),
});
export type PatchPresentation = z.infer<typeof patchPresentationSchema>;

/** Moves one candidate so it ends at `position` (0 first); the others keep their order. */
export const movePresentationItemSchema = z.object({ position: z.number().int().min(0) });

/** The media shown for one candidate: null is "what the link shares", a list is only those items. */
export const choosePresentationMediaSchema = z.object({ mediaIds: z.array(uuid).max(100).nullable() });

export const presentationPdfSchema = z.object({
  status: z.enum(PRESENTATION_PDF_STATUSES).nullable(),
  /** 0 to 100 while the job runs. */
  progress: z.number(),
  requestedAt: z.string().nullable(),
});
export type PresentationPdf = z.infer<typeof presentationPdfSchema>;

export const presentationSummarySchema = z.object({
  id: z.string(),
  projectId: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  title: z.string(),
  layout: presentationLayoutSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string().nullable(),
  pdf: presentationPdfSchema,
});
export type PresentationSummary = z.infer<typeof presentationSummarySchema>;

export const presentationMediaSchema = z.object({
  id: z.string(),
  kind: z.enum(['image', 'video', 'document']),
  name: z.string(),
  thumbnailUrl: z.string().nullable(),
  chosen: z.boolean(),
});
export type PresentationMedia = z.infer<typeof presentationMediaSchema>;

export const presentationItemSchema = z.object({
  submissionId: z.string(),
  applicantId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  playingAge: z.string().nullable(),
  height: z.string().nullable(),
  /** True when the media were chosen; false shows whatever the link shares. */
  mediaChosen: z.boolean(),
  media: z.array(presentationMediaSchema),
});
export type PresentationItem = z.infer<typeof presentationItemSchema>;

export const presentationSchema = presentationSummarySchema.extend({
  items: z.array(presentationItemSchema),
});
export type Presentation = z.infer<typeof presentationSchema>;

export const presentationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
  ...cursorQuery,
});
export const presentationListSchema = z.object({
  items: z.array(presentationSummarySchema),
  limit: z.number(),
  ...keysetPageFields,
});
export type PresentationList = z.infer<typeof presentationListSchema>;

/** Sharing makes a client link: its title (the presentation's by default), message, settings and expiry. */
export const sharePresentationSchema = z.object({
  title: title.optional(),
  message: z.string().max(2000).default(''),
  settings: clientLinkSettingsSchema.default(clientLinkSettingsSchema.parse({})),
  expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
});
export type SharePresentation = z.infer<typeof sharePresentationSchema>;
export const sharedPresentationSchema = createdClientLinkSchema;

/** The team's download of the finished PDF: a short-lived signed address. */
export const presentationPdfFileSchema = z.object({ url: z.string() });
