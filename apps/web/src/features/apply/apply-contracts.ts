/**
 * The domain's apply contracts and rules, imported on demand by the apply pages: zod stays out of their first
 * download (as for sign-in, docs/decisions/0022 and 0701), the messages stay the domain's own.
 */
export {
  addressLookupResultSchema,
  checkEmailWebformResultSchema,
  claimAnswerResultSchema,
  claimViewSchema,
  globalContentSchema,
  guardianIssues,
  messageResultSchema,
  representativeFormSchema,
  representativeListSchema,
  resolvedLinkSchema,
  standaloneApplyResultSchema,
  standaloneApplySchema,
  standaloneUpdateSchema,
  standaloneViewSchema,
  urlMappingResultSchema,
} from '@casting/domain';
