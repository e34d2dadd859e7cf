import { z } from 'zod';
import { MESSAGES } from '../messages';

/**
 * A link secret: 24 base64url characters (144 random bits); anything else is refused before a lookup. Submission
 * links, private applicant links and representation claims all carry one.
 */
export const linkTokenSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, MESSAGES.submissionLinkNotFound);
