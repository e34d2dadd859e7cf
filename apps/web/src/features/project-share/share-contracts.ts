/** Loaded on demand by the public page, so zod stays out of its first download. */
export { projectBreakdownSchema } from '@casting/domain';
