/**
 * The zod contracts of the session answers. The auth service imports this module on demand, so zod and
 * the domain's schemas stay out of the sign-in page's first download (docs/decisions/0022-sign-in-bundle.md).
 */
export { sessionGrantSchema, signedInSchema, signInResponseSchema, userSchema } from '@casting/domain';
