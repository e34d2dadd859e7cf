/** The representative rule (spec section 5), loaded on demand so the public pages' first download has no zod. */
export { representativeFormSchema } from '@casting/domain';
