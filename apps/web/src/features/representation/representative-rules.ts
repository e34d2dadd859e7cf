/**
 * The representative rule (names, e-mail, phone, agency name and website), loaded on demand so the public pages'
 * first download has no zod.
 */
export { representativeFormSchema } from '@casting/domain';
