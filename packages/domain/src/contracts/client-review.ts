import { z } from 'zod';
import { emailSchema } from '../validation/fields';
import { DOWNLOAD_EXPIRY_DAYS } from './media';
import { opportunityBreakdownSchema } from './opportunities';
import { cursorQuery, keysetPageFields, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from './pagination';

/**
 * Client review links. A casting director sends a set of candidates (a selection, a folder or folders of
 * one or more opportunities) to producers, directors or agencies who have no account. The link's secret is the only
 * credential: 144 random bits, stored as a SHA-256 digest, shown once to its creator. Viewers who identify (name,
 * e-mail, a code by e-mail) vote yes/no/maybe and comment; the team sees every viewer's feedback live.
 */

export const CLIENT_REVIEW_MESSAGES = {
  linkNotFound: 'This review link does not exist. Check the address you were sent.',
  linkRevoked: 'This review link has been turned off by the casting team.',
  linkExpired: 'This review link has expired. Ask the casting team for a new one.',
  identificationRequired: 'Please tell us who you are to continue.',
  viewerSessionInvalid: 'Your review session has ended. Please identify yourself again.',
  codeSent: 'We sent a 6-digit code to your e-mail.',
  codeInvalid: 'This code is not valid. Check the e-mail we sent you and try again.',
  codeExpired: 'This code has expired. Ask for a new one.',
  noCandidatesChosen: 'Choose at least one candidate, folder or opportunity to share.',
  nobodyToShare: 'There is nobody to share: the chosen candidates are hidden or the folders are empty.',
  tooManyCandidates: (max: number) => `A review link can hold at most ${max} candidates.`,
  candidatesNotInProject: 'One or more candidates are not in this project.',
  foldersNotInProject: 'One or more folders are not in this project.',
  opportunitiesNotInProject: 'One or more opportunities are not in this project.',
  candidateNotInLink: 'This candidate is not part of this review link.',
  expiryInPast: 'Choose an expiry date in the future.',
  downloadNotAllowed: 'Downloads are not allowed on this review link.',
  nothingToDownload: 'This review link shares no media that can be downloaded.',
  downloadDialogTitle: 'Download applicant videos',
  downloadDialogBody: (subject: string) =>
    `We will e-mail you a link to a zip of ${subject} media. The link works for ${DOWNLOAD_EXPIRY_DAYS} days.`,
  downloadRecipient: 'Sent to',
  downloadRecipientHint: 'The link goes to the address you identified with.',
  downloadNeedsIdentity: 'Tell us who you are first: the download link is e-mailed to you.',
  downloadFailed: 'The download could not be requested. Check your connection and try again.',
  shareTitle: 'Share with a client',
  feedbackEmpty: 'Vote or write a comment.',
  /**
   * Written over every video a review link plays, so that a recording of the screen names who made it: the viewer's
   * e-mail (or name) once identified, else the link's own title marked confidential.
   */
  videoWatermark: (
    viewer: { email?: string | null; name?: string | null } | null,
    linkTitle: string | null,
  ) => viewer?.email || viewer?.name || `Confidential: ${linkTitle ?? 'casting review'}`,
  feedbackSaved: 'Feedback saved',
  linkRevokedDone: 'Review link revoked',
  revokeLink: 'Revoke link',
  revokeLinkTitle: (title: string) => `Revoke “${title}”?`,
  revokeLinkQuestion:
    'Its viewers can no longer open it, and the zips they downloaded through it stop working. This cannot be undone.',
  newAddress: 'New address',
  newAddressTitle: (title: string) => `A new address for “${title}”?`,
  newAddressQuestion:
    'The current address stops working at once, and so do the zips downloaded through it. The candidates, votes and ' +
    'comments stay. Send the new address to everyone who should keep reviewing.',
  newAddressDone: 'The link has a new address. Copy it now: it is shown only once.',
  newAddressOfRevoked: 'A revoked link cannot get a new address. Make a new link instead.',
  addressShownOnce: 'Send this address to your client. It is shown only now: copy it before closing.',
  exportQueued: 'The export is being prepared. We will e-mail you a download link.',
  exportNotFound: 'This export does not exist or has expired.',
  exportStarted: (title: string, candidates: number, email: string, until: string) =>
    `Exporting the feedback on “${title}” (${candidates} ${candidates === 1 ? 'candidate' : 'candidates'}, every ` +
    `viewer’s vote and comment) as a PDF presentation and a CSV spreadsheet. The download links go by e-mail to ` +
    `${email} in a few minutes and work until ${until}.`,
  exportFailed: (reason: string) =>
    `The feedback could not be exported: ${reason} Nothing was sent. Try again; if it fails again, reload the page ` +
    `and check your connection.`,
  projectNotShared: 'This project page is not published.',
} as const;

/** At most this many candidates in one link: a review page is read on a phone, not a whole casting call. */
export const CLIENT_LINK_MAX_CANDIDATES = 500;
/** Codes last this long, and this many wrong tries burn one. */
export const CLIENT_VIEWER_CODE_TTL_MINUTES = 15;
export const CLIENT_VIEWER_CODE_MAX_ATTEMPTS = 5;
/** A viewer session lasts this long (or until the link is revoked or expires). */
export const CLIENT_VIEWER_SESSION_DAYS = 30;
/** Headers of the portal mode: the link's secret and the viewer's session travel as headers, never cookies. */
export const CLIENT_LINK_HEADER = 'x-client-link';
export const CLIENT_VIEWER_HEADER = 'x-client-viewer';

export const CLIENT_VOTES = ['YES', 'NO', 'MAYBE'] as const;
export type ClientVote = (typeof CLIENT_VOTES)[number];
export const CLIENT_LINK_STATUSES = ['ACTIVE', 'EXPIRED', 'REVOKED'] as const;
export type ClientLinkStatus = (typeof CLIENT_LINK_STATUSES)[number];

/** The secret as it appears in addresses: 24 base64url characters (18 bytes). */
export const clientLinkSecretSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{24}$/, { error: CLIENT_REVIEW_MESSAGES.linkNotFound });

/** What a viewer may see; everything personal is off unless the creator turns it on. */
export const clientLinkSettingsSchema = z.object({
  showPhotos: z.boolean().default(true),
  showVideos: z.boolean().default(true),
  showDocuments: z.boolean().default(false),
  showContactDetails: z.boolean().default(false),
  showRepresentation: z.boolean().default(false),
  showTeamFeedback: z.boolean().default(false),
  allowDownload: z.boolean().default(false),
  requireIdentification: z.boolean().default(true),
});
export type ClientLinkSettings = z.infer<typeof clientLinkSettingsSchema>;

const title = z.string().trim().min(1, { error: 'Title is required' }).max(100);
const message = z.string().trim().max(2000);
const uuid = z.uuid();

export const createClientLinkSchema = z
  .object({
    title,
    message: message.default(''),
    /** Candidates named by submission id (rows of the candidates list). */
    submissionIds: z.array(uuid).max(CLIENT_LINK_MAX_CANDIDATES).default([]),
    /** Folders of one or more opportunities: every candidate in them when the link is made. */
    folderIds: z.array(uuid).max(50).default([]),
    /** Opportunities shared whole: every candidate of each (hidden ones left out) when the link is made. */
    roleIds: z.array(uuid).max(50).default([]),
    settings: clientLinkSettingsSchema.default(clientLinkSettingsSchema.parse({})),
    expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
  })
  .refine((value) => value.submissionIds.length + value.folderIds.length + value.roleIds.length > 0, {
    error: CLIENT_REVIEW_MESSAGES.noCandidatesChosen,
    path: ['submissionIds'],
  });
export type CreateClientLink = z.infer<typeof createClientLinkSchema>;

export const patchClientLinkSchema = z.object({
  title: title.optional(),
  message: message.optional(),
  settings: clientLinkSettingsSchema.partial().optional(),
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
  /** Revocation is immediate and final: a revoked secret never works again (make a new link instead). */
  revoked: z.literal(true).optional(),
});
export type PatchClientLink = z.infer<typeof patchClientLinkSchema>;

export const clientLinkSummarySchema = z.object({
  id: z.string(),
  projectId: z.string(),
  title: z.string(),
  message: z.string(),
  settings: clientLinkSettingsSchema,
  status: z.enum(CLIENT_LINK_STATUSES),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  candidateCount: z.number(),
  viewerCount: z.number(),
});
export type ClientLinkSummary = z.infer<typeof clientLinkSummarySchema>;

/** The answer to creating a link: the only time its address (with the secret) is shown. */
export const createdClientLinkSchema = clientLinkSummarySchema.extend({
  clientLink: z.string(),
  link: z.string(),
});
export type CreatedClientLink = z.infer<typeof createdClientLinkSchema>;

export const clientLinkListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
  ...cursorQuery,
});
export const clientLinkListSchema = z.object({
  items: z.array(clientLinkSummarySchema),
  limit: z.number(),
  ...keysetPageFields,
});
export type ClientLinkList = z.infer<typeof clientLinkListSchema>;

export const tallySchema = z.object({ YES: z.number(), NO: z.number(), MAYBE: z.number() });
export type ClientTally = z.infer<typeof tallySchema>;

export const viewerFeedbackSchema = z.object({
  viewerId: z.string(),
  viewerName: z.string(),
  vote: z.enum(CLIENT_VOTES).nullable(),
  comment: z.string().nullable(),
  updatedAt: z.string(),
});
export type ViewerFeedback = z.infer<typeof viewerFeedbackSchema>;

/** The team's view of a link: per candidate each viewer's vote and comment and a tally; per viewer how far they got. */
export const clientLinkReportSchema = z.object({
  link: clientLinkSummarySchema,
  candidates: z.array(
    z.object({
      submissionId: z.string(),
      applicantId: z.string(),
      name: z.string(),
      roleName: z.string(),
      tally: tallySchema,
      feedback: z.array(viewerFeedbackSchema),
    }),
  ),
  views: z.array(
    z.object({
      id: z.string(),
      viewerName: z.string().nullable(),
      viewerEmail: z.string().nullable(),
      openedAt: z.string(),
      lastActiveAt: z.string(),
      seen: z.number(),
      total: z.number(),
    }),
  ),
});
export type ClientLinkReport = z.infer<typeof clientLinkReportSchema>;

/** What the review page learns about its link before anything else (no candidates: those need identification). */
export const clientLinkPortalSchema = z.object({
  status: z.enum(CLIENT_LINK_STATUSES),
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  title: z.string().nullable(),
  message: z.string().nullable(),
  settings: clientLinkSettingsSchema.nullable(),
  expiresAt: z.string().nullable(),
  viewer: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
});
export type ClientLinkPortal = z.infer<typeof clientLinkPortalSchema>;

export const identifyViewerSchema = z.object({
  name: z.string().trim().min(1, { error: 'Name is required' }).max(100),
  email: emailSchema,
});
export type IdentifyViewer = z.infer<typeof identifyViewerSchema>;
export const verifyViewerSchema = z.object({
  email: emailSchema,
  code: z.string().regex(/^\d{6}$/, { error: CLIENT_REVIEW_MESSAGES.codeInvalid }),
});
export const viewerSessionSchema = z.object({
  viewerToken: z.string(),
  viewer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
});
export type ViewerSession = z.infer<typeof viewerSessionSchema>;

export const clientMediaSchema = z.object({
  id: z.string(),
  kind: z.enum(['image', 'video', 'document']),
  name: z.string(),
  fileType: z.string(),
  status: z.string(),
  isPrimaryPhoto: z.boolean(),
  /** The candidate's selfie, shared with the photos (decision 0463). */
  isSelfie: z.boolean(),
  durationSeconds: z.number().nullable(),
  url: z.string(),
  convertedUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  posterUrl: z.string().nullable(),
  downloadUrl: z.string().nullable(),
});
export type ClientMedia = z.infer<typeof clientMediaSchema>;

/** One candidate as a link shows it: only the fields its settings share. */
export const clientCandidateSchema = z.object({
  submissionId: z.string(),
  applicantId: z.string(),
  position: z.number(),
  folderId: z.string().nullable(),
  roleId: z.string(),
  roleName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  playingAge: z.string().nullable(),
  location: z.string().nullable(),
  bio: z.string().nullable(),
  primaryPhotoUrl: z.string().nullable(),
  contact: z.object({ email: z.string().nullable(), phone: z.string().nullable() }).nullable(),
  representation: z.object({ agentName: z.string(), agencyName: z.string().nullable() }).nullable(),
  teamTally: z.object({ UP_VOTE: z.number(), DOWN_VOTE: z.number(), MAYBE: z.number() }).nullable(),
  myFeedback: z.object({ vote: z.enum(CLIENT_VOTES).nullable(), comment: z.string().nullable() }).nullable(),
});
export type ClientCandidate = z.infer<typeof clientCandidateSchema>;

export const clientApplicantsQuerySchema = z.object({
  folderId: z.uuid().optional(),
  roleId: z.uuid().optional(),
  /** Accepted for compatibility: the path already names the link. */
  clientLink: z.string().max(64).optional(),
});
export const clientApplicantsSchema = z.object({
  items: z.array(clientCandidateSchema),
  total: z.number(),
  /** The layout of the presentation the link was made from (cards or one page each); absent for other links. */
  presentationLayout: z.enum(['cards', 'pages']).nullable().optional(),
});
export type ClientApplicants = z.infer<typeof clientApplicantsSchema>;

export const clientCandidateDetailSchema = clientCandidateSchema.extend({
  media: z.array(clientMediaSchema),
  previousSubmissionId: z.string().nullable(),
  nextSubmissionId: z.string().nullable(),
});
export type ClientCandidateDetail = z.infer<typeof clientCandidateDetailSchema>;

export const clientFeedbackSchema = z
  .object({
    vote: z.enum(CLIENT_VOTES).nullable().optional(),
    comment: z.string().trim().max(2000).nullable().optional(),
  })
  .refine((value) => value.vote !== undefined || value.comment !== undefined, {
    error: CLIENT_REVIEW_MESSAGES.feedbackEmpty,
  });
export type ClientFeedbackInput = z.infer<typeof clientFeedbackSchema>;

export const clientViewSchema = z.object({
  /** The visit this page load started (absent on the first call). */
  visitId: z.uuid().optional(),
  /** The candidate now on screen, when there is one. */
  submissionId: z.uuid().optional(),
});
export const clientViewResultSchema = z.object({ visitId: z.string() });

/**
 * Download applicant videos from a client view: a zip of the link's candidates (all of them, or the ones named),
 * with only the media the link shows, e-mailed to the identified viewer's own address (never one the caller types:
 * the link's holder must not be able to send mail to anyone).
 */
export const clientDownloadSchema = z.object({
  submissionIds: z.array(uuid).min(1).max(CLIENT_LINK_MAX_CANDIDATES).optional(),
});
export type ClientDownloadInput = z.infer<typeof clientDownloadSchema>;

export const clientExportSchema = z.object({
  /** Where the download link goes; the caller's own address by default. */
  email: emailSchema.optional(),
});
/** The queued export: who gets its download links and until when they work. */
export const clientExportResultSchema = z.object({
  id: z.string(),
  message: z.string(),
  recipientEmail: z.string(),
  expiresAt: z.string(),
});

/** `/project-share/{id}`: what a published project shows of itself to anyone (read-only breakdown). */
export const projectShareStateSchema = z.object({
  projectId: z.string(),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
});
export type ProjectShareState = z.infer<typeof projectShareStateSchema>;
export const projectSharePatchSchema = z.object({ published: z.boolean() });

export const projectBreakdownSchema = z.object({
  projectId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  productionCompany: z.string().nullable(),
  location: z.string().nullable(),
  submissionDeadline: z.string().nullable(),
  auditionDate: z.string().nullable(),
  shootStartDate: z.string().nullable(),
  shootEndDate: z.string().nullable(),
  opportunities: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string().nullable(),
      breakdown: opportunityBreakdownSchema,
      /** Open submission links (without pre-filled representation) that accept this opportunity. */
      links: z.array(z.object({ title: z.string(), url: z.string() })),
    }),
  ),
});
export type ProjectBreakdown = z.infer<typeof projectBreakdownSchema>;
