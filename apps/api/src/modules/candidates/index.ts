import type { ApiModule } from '../../platform/http/module';
import { candidateRoutes, copyMoveRoutes } from './routes';

/**
 * Candidates: the people who applied to a project's opportunities (applicants and their submissions), the
 * applicants list, folders membership and manual order, votes with the feedback-to-folder mapping, and tags.
 */
export const candidatesModule: ApiModule = {
  name: 'candidates',
  register(app, context) {
    candidateRoutes(app, context);
    copyMoveRoutes(app, context);
  },
};

export {
  addApplicant,
  addToFolders,
  searchTextOf,
  submitApplicant,
  type ApplicantDetails,
  type SubmitApplicant,
} from './services/applicant-add';
export { publishApplicantsUpdated } from './services/live';
export {
  emitMembershipChanges,
  type FolderMembership,
  type MembershipChanges,
} from './services/folder-events';
export { rowsInProject, type RowInfo } from './services/project-rows';
export { assertSubmitterMay } from './services/submitter-actions';
