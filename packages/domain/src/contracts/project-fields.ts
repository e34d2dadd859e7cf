import { z } from 'zod';
import { ALWAYS_CHECK, nameSchema } from '../validation/fields';

/** The field rules projects and their opportunities and folders share, with the texts of their refusals. */

/** Texts of the project fields' rules. */
export const PROJECT_MESSAGES = {
  invalidDate: 'Use a date in the form YYYY-MM-DD.',
  shootEndBeforeStart: 'The shoot end date must be on or after the shoot start date.',
  ageMaxBelowMin: 'The maximum age must be at least the minimum age.',
  chooseFromList: 'Choose a value from the list.',
  tooLong: (max: number) => `Use at most ${max} characters.`,
  versionConflict: 'This project was changed by someone else. Reload it and try again.',
  systemFolderLocked: 'System folders cannot be renamed or deleted.',
} as const;

export const text = (max: number) =>
  z.string().trim().max(max, PROJECT_MESSAGES.tooLong(max)).nullable().optional();
export const isoDate = z.iso.date({ error: PROJECT_MESSAGES.invalidDate }).nullable().optional();
export const lookupId = z.uuid({ error: PROJECT_MESSAGES.chooseFromList }).nullable().optional();
export const lookupIds = z
  .array(z.uuid({ error: PROJECT_MESSAGES.chooseFromList }))
  .max(50)
  .optional();
export const requiredName = nameSchema.max(200, PROJECT_MESSAGES.tooLong(200));

/** ISO dates compare correctly as text. */
export function shootDatesInOrder(value: { shootStartDate?: unknown; shootEndDate?: unknown }): boolean {
  const { shootStartDate: start, shootEndDate: end } = value;
  return typeof start !== 'string' || typeof end !== 'string' || end >= start;
}

export const shootDatesParams = () => ({
  message: PROJECT_MESSAGES.shootEndBeforeStart,
  path: ['shootEndDate'],
  ...ALWAYS_CHECK,
});

/** An instant with its offset, as the API writes it. */
export const timestamp = z.iso.datetime({ offset: true });
