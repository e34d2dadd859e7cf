import { z } from 'zod';

export const PAGE_LIMIT_DEFAULT = 20;
export const PAGE_LIMIT_MAX = 100;

/** Offset paging for query strings, so numbers arrive as text and are coerced. */
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
  offset: z.coerce.number().int().min(0).default(0),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/**
 * Keyset paging beside limit/offset: `cursor` is the opaque `nextCursor` of the previous page and continues after its
 * last row, so a deep page costs what the first one does. An offset makes the database read and drop every row
 * before it; a cursor starts at the right index entry.
 */
export const CURSOR_MAX_LENGTH = 512;
export const cursorQuery = { cursor: z.string().min(1).max(CURSOR_MAX_LENGTH).optional() };

/**
 * Totals are counted up to this many rows and no further: beyond it `total` is this number and `totalCapped` is true.
 * Counting every row of a 100,000-row list on every page would cost more than the page itself.
 */
export const LIST_TOTAL_CAP = 1_000;

export const PAGING_MESSAGES = {
  invalidCursor: 'This page link is no longer valid. Please start again from the first page.',
} as const;

/** What keyset lists add to a page: where the next one starts (null on the last) and whether the total was capped. */
export const keysetPageFields = {
  nextCursor: z.string().nullable(),
  totalCapped: z.boolean(),
};
