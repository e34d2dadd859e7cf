import { fillPattern, PATTERNS } from './patterns';
import type { QueryInput } from './patterns';

type Id = string;

/** Query of the candidates page. */
export interface CandidatesQuery extends QueryInput {
  roleId?: string;
  feedback?: string;
  folderId?: string;
  candidateId?: string;
  selfTapes?: string;
  selfTapeRequestId?: string;
}

/**
 * Builders for every in-app link and redirect, so no feature spells a path by hand.
 * Fixed paths are strings; paths with parameters are functions.
 */
export const paths = {
  home: PATTERNS.home,
  notFound: PATTERNS.notFound,
  auth: {
    signIn: PATTERNS.signIn,
    /** Sign-in with the address filled in (after confirming a new account). */
    signInAs: (email: string) => fillPattern(PATTERNS.signIn, {}, { email }),
    signUp: PATTERNS.signUp,
    /** Sign-up from an office invitation: the account joins that office (the address is only a suggestion). */
    signUpByInvitation: (invitation: string, email: string) =>
      fillPattern(PATTERNS.signUp, {}, { invitation, email }),
    forgotPassword: PATTERNS.forgotPassword,
    resetPasswordSuccessfully: PATTERNS.resetPasswordSuccessfully,
    resetPassword: (query: { code?: string; email?: string } = {}) =>
      fillPattern(PATTERNS.resetPassword, {}, query),
    confirmUser: (query: { email?: string; code?: string } = {}) =>
      fillPattern(PATTERNS.confirmUser, {}, query),
    checkEmail: (query: { email?: string } = {}) => fillPattern(PATTERNS.checkEmail, {}, query),
  },
  deepLinking: PATTERNS.deepLinking,
  /** Opens an app path after sign-in when it needs one (the deep-linking page remembers it meanwhile). */
  deepLinkTo: (path: string) => fillPattern(PATTERNS.deepLinking, {}, { path }),
  client: {
    reviewSubmission: (id: Id) => fillPattern(PATTERNS.clientReviewSubmission, { id }),
    reviewSubmissionAuth: PATTERNS.clientReviewSubmissionAuth,
    reviewProject: (id: Id) => fillPattern(PATTERNS.clientReviewProject, { id }),
    reviewProjects: PATTERNS.clientReviewProjects,
  },
  downloads: (id: Id) => fillPattern(PATTERNS.downloads, { id }),
  projectShare: (id: Id) => fillPattern(PATTERNS.projectShare, { id }),
  profile: PATTERNS.profile,
  profileEdit: PATTERNS.profileEdit,
  projects: PATTERNS.projects,
  projectV2: {
    create: PATTERNS.projectV2Create,
    edit: (id: Id) => fillPattern(PATTERNS.projectV2Edit, { id }),
    view: (id: Id) => fillPattern(PATTERNS.projectV2View, { id }),
  },
  project: {
    create: PATTERNS.projectCreate,
    createDraft: (id: Id) => fillPattern(PATTERNS.projectCreateDraft, { id }),
    overview: (id: Id) => fillPattern(PATTERNS.projectOverview, { id }),
    roles: (id: Id) => fillPattern(PATTERNS.projectRoles, { id }),
    chat: (id: Id, query: { threadId?: string } = {}) => fillPattern(PATTERNS.projectChat, { id }, query),
    candidates: (id: Id, query: CandidatesQuery = {}) =>
      fillPattern(PATTERNS.projectCandidates, { id }, query),
    adminScripts: (id: Id) => fillPattern(PATTERNS.projectAdminScripts, { id }),
    inviteCandidates: (id: Id) => fillPattern(PATTERNS.projectInviteCandidates, { id }),
    sendEmail: (id: Id) => fillPattern(PATTERNS.projectSendEmail, { id }),
    emailTemplates: (id: Id) => fillPattern(PATTERNS.projectEmailTemplates, { id }),
    emailTemplate: (id: Id, emailTemplatesId: Id) =>
      fillPattern(PATTERNS.projectEmailTemplate, { id, emailTemplatesId }),
    newEmailTemplate: (id: Id) => fillPattern(PATTERNS.projectEmailTemplateNew, { id }),
    applicantLinks: (id: Id) => fillPattern(PATTERNS.projectApplicantLinks, { id }),
    rosterManagement: (id: Id) => fillPattern(PATTERNS.projectRosterManagement, { id }),
    compare: (id: Id, rowIds: readonly string[]) =>
      fillPattern(PATTERNS.projectCompare, { id }, { ids: rowIds.join(',') }),
    presentations: (id: Id) => fillPattern(PATTERNS.projectPresentations, { id }),
    auditions: (id: Id) => fillPattern(PATTERNS.projectAuditions, { id }),
    auditionSchedule: (id: Id, sessionId: Id) =>
      fillPattern(PATTERNS.projectAuditionSchedule, { id, sessionId }),
    auditionCheckIn: (id: Id, sessionId: Id) =>
      fillPattern(PATTERNS.projectAuditionCheckIn, { id, sessionId }),
    auditionDay: (id: Id, day: string) => fillPattern(PATTERNS.projectAuditionDay, { id, day }),
    selfTapeRequests: (id: Id) => fillPattern(PATTERNS.projectSelfTapeRequests, { id }),
    selfTapeRequest: (id: Id, requestId: Id) => fillPattern(PATTERNS.projectSelfTapes, { id, requestId }),
  },
  enums: PATTERNS.enums,
  import: PATTERNS.import,
  users: PATTERNS.users,
  audit: PATTERNS.audit,
  agencies: PATTERNS.agencies,
  roster: PATTERNS.roster,
  office: {
    settings: PATTERNS.officeSettings,
    members: PATTERNS.officeMembers,
    invitation: (token: string) => fillPattern(PATTERNS.officeInvitation, { token }),
  },
  operator: { offices: PATTERNS.operatorOffices },
  apply: {
    submit: (projectId: Id) => fillPattern(PATTERNS.submit, { projectId }),
    castingCall: (slug?: string) =>
      slug ? fillPattern(PATTERNS.castingCallApplySlug, { slug }) : PATTERNS.castingCallApply,
    typed: (type: string, slug?: string) =>
      slug
        ? fillPattern(PATTERNS.typedApplySlug, { type, slug })
        : fillPattern(PATTERNS.typedApply, { type }),
  },
  claimConfirmation: (id: Id) => fillPattern(PATTERNS.claimConfirmation, { id }),
  submission: (id: Id, token: string) => fillPattern(PATTERNS.submission, { id }, { token }),
} as const;
