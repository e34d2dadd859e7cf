import { z } from 'zod';
import { NOTE_MESSAGES } from '../note-texts';

/**
 * Notes on a candidate for an opportunity, and time-coded notes on one of their tapes (a media item and an offset in
 * milliseconds). Visibility says who reads a note: ONLY_ME its author, TEAM the project's reviewers, CLIENT_LINKS also
 * the viewers of client links that share the candidate. A client-link viewer's own notes are CLIENT_LINKS and are read
 * by the team and by that link's viewers only.
 */
export const NOTE_VISIBILITIES = ['ONLY_ME', 'TEAM', 'CLIENT_LINKS'] as const;
export type NoteVisibility = (typeof NOTE_VISIBILITIES)[number];

export const NOTE_BODY_MAX = 4000;
/** A search touches the trigram index only from this many characters. */
export const NOTE_SEARCH_MIN = 3;
export const NOTE_PAGE_LIMIT_DEFAULT = 30;
export const NOTE_PAGE_LIMIT_MAX = 100;
/** Longer than any tape: 24 hours. */
export const NOTE_OFFSET_MAX_MS = 24 * 60 * 60 * 1000;

const body = z
  .string()
  .trim()
  .min(1, { error: NOTE_MESSAGES.bodyRequired })
  .max(NOTE_BODY_MAX, { error: NOTE_MESSAGES.bodyTooLong(NOTE_BODY_MAX) });
const offsetMs = z.number().int().min(0).max(NOTE_OFFSET_MAX_MS);

/** `POST /projects/{id}/candidates/{applicantId}/notes`: a note on the candidate for one opportunity. */
export const createNoteSchema = z
  .object({
    roleId: z.uuid({ error: NOTE_MESSAGES.opportunityRequired }),
    body,
    visibility: z.enum(NOTE_VISIBILITIES).default('TEAM'),
    mediaId: z.uuid().optional(),
    offsetMs: offsetMs.optional(),
  })
  .refine((value) => (value.mediaId === undefined) === (value.offsetMs === undefined), {
    error: NOTE_MESSAGES.timeCodeNeedsBoth,
    path: ['offsetMs'],
  });
export type CreateNoteInput = z.infer<typeof createNoteSchema>;

/** `PATCH /projects/{id}/notes/{noteId}`: the author changes the text or the visibility. */
export const updateNoteSchema = z.object({
  body: body.optional(),
  visibility: z.enum(NOTE_VISIBILITIES).optional(),
});
export type UpdateNoteInput = z.infer<typeof updateNoteSchema>;

/** A client-link viewer's time-coded note (or a plain one, without a tape). */
export const createClientNoteSchema = z
  .object({
    body,
    mediaId: z.uuid().optional(),
    offsetMs: offsetMs.optional(),
  })
  .refine((value) => (value.mediaId === undefined) === (value.offsetMs === undefined), {
    error: NOTE_MESSAGES.timeCodeNeedsBoth,
    path: ['offsetMs'],
  });
export type CreateClientNoteInput = z.infer<typeof createClientNoteSchema>;

export const noteListQuerySchema = z.object({
  /** One opportunity's notes; all the candidate's opportunities in the project without it. */
  roleId: z.uuid().optional(),
  /** One tape's time-coded notes. */
  mediaId: z.uuid().optional(),
  q: z.string().trim().max(200).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(NOTE_PAGE_LIMIT_MAX).default(NOTE_PAGE_LIMIT_DEFAULT),
});
export type NoteListQuery = z.infer<typeof noteListQuerySchema>;

export const noteSchema = z.object({
  id: z.uuid(),
  applicantId: z.uuid(),
  roleId: z.uuid(),
  body: z.string(),
  visibility: z.enum(NOTE_VISIBILITIES),
  authorName: z.string(),
  /** Written by a client-link viewer rather than a team member. */
  byClient: z.boolean(),
  /** The caller wrote it (and so may edit or delete it). */
  mine: z.boolean(),
  mediaId: z.uuid().nullable(),
  offsetMs: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

export const notePageSchema = z.object({
  items: z.array(noteSchema),
  nextCursor: z.string().nullable(),
});
export type NotePage = z.infer<typeof notePageSchema>;
