/**
 * The domain's sign-in rules, imported on demand by the sign-in form: zod stays out of the sign-in
 * page's first download (docs/decisions/0022-sign-in-bundle.md), the messages stay the domain's own.
 */
export { signInSchema } from '@casting/domain';
