/**
 * The domain's client review contracts, imported on demand by the review pages: zod stays out of their first
 * download (as for the apply pages, decision 0701).
 */
export {
  clientApplicantsSchema,
  clientCandidateDetailSchema,
  clientLinkPortalSchema,
  clientViewResultSchema,
  viewerSessionSchema,
} from '@casting/domain';
