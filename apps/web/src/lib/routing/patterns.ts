/**
 * Every URL pattern of the product, in React Router syntax. The route table and the `paths`
 * builders both read these, so a path is spelled once.
 */
export const PATTERNS = {
  // Auth
  signIn: '/auth/sign-in',
  signUp: '/auth/sign-up',
  resetPassword: '/auth/reset-password',
  confirmUser: '/auth/confirm-user',
  checkEmail: '/auth/check-email',
  resetPasswordSuccessfully: '/auth/reset-password-successfully',
  forgotPassword: '/auth/forgot-password',
  // Other
  deepLinking: '/deep-linking',
  clientReviewSubmission: '/client/review-submission/:id',
  clientReviewSubmissionAuth: '/client/review-submission/auth',
  clientReviewProject: '/client/review-project/:id',
  // (ours) A client account's projects, in the client review layout: where it lands after sign-in.
  clientReviewProjects: '/client/review-project',
  downloads: '/downloads/:id',
  projectShare: '/project-share/:id',
  // Profile and projects
  profile: '/profile',
  profileEdit: '/profile/edit',
  projects: '/projects',
  projectV2Create: '/projectv2/create',
  projectV2Edit: '/projectv2/edit/:id',
  projectV2View: '/projectv2/view/:id',
  // Project workspace
  projectChat: '/projects/chat/:id',
  projectCandidates: '/projects/candidate/:id',
  projectOverview: '/projects/overview/:id',
  projectRoles: '/projects/roles/:id',
  projectAdminScripts: '/projects/admin-scripts/:id',
  projectInviteCandidates: '/projects/invite-candidates/:id',
  projectCreate: '/projects/create',
  projectCreateDraft: '/projects/create/:id',
  projectSendEmail: '/projects/email/:id/send',
  projectEmailTemplates: '/projects/:id/email-templates',
  projectEmailTemplate: '/projects/:id/email-templates/:emailTemplatesId',
  projectEmailTemplateNew: '/projects/:id/email-templates/new',
  projectApplicantLinks: '/projects/:id/applicant-links',
  projectRosterManagement: '/projects/:id/roster-management',
  // Admin and misc
  notFound: '/404',
  enums: '/enums',
  import: '/import',
  users: '/users',
  audit: '/audit',
  /** (ours) Super admins verify agencies and agents. */
  agencies: '/agencies',
  roster: '/roster',
  /** (ours) The current office's settings (owners) and its members. */
  officeSettings: '/office/settings',
  officeMembers: '/office/members',
  /** (ours) The operator's list of the installation's offices (super admins). */
  operatorOffices: '/operator/offices',
  home: '/',
  /** (ours) A project's presentations for clients. */
  projectPresentations: '/projects/:id/presentations',
  // Public apply pages
  submit: '/submit/:projectId',
  castingCallApply: '/castingcall/apply',
  castingCallApplySlug: '/castingcall/apply/:slug',
  typedApply: '/:type/apply',
  typedApplySlug: '/:type/apply/:slug',
  claimConfirmation: '/claim-confirmation/:id',
  /** (ours) The talent's private link from the confirmation e-mail: view and update their submission. */
  submission: '/submission/:id',
  /** (ours) The unsubscribe link of a project's e-mail to candidates. */
  emailOptOut: '/email/opt-out/:token',
  /** (ours) The public pages' terms and privacy, from GET /v2/global-content; linked from every apply page. */
  terms: '/terms',
  privacy: '/privacy',
  /** (ours) The reply page of a chat e-mail: the thread in the path, the private link's secret in the query. */
  chatReply: '/chat/reply/:threadId',
  /** (ours) The link of an office invitation e-mail: who invites whom, accepted signed in or through sign-up. */
  officeInvitation: '/invitations/office/:token',
  /** (ours) A self-tape recipient's private page: the secret of the request e-mail is the key. */
  selfTapePage: '/self-tapes/:token',
  /** (ours) A self-tape request's tracking page. */
  projectSelfTapes: '/projects/:id/self-tapes/:requestId',
  /** (ours) An audition invitation's private page: the project in the path, the invitation's secret in the query. */
  auditionInvitation: '/auditions/:projectId',
  /** (ours) 2 to 4 of a project's candidates side by side; the list row ids in `ids`, in order. */
  projectCompare: '/projects/compare/:id',
  /** (ours) A project's audition sessions, a session's schedule and its front-desk check-in. */
  projectAuditions: '/projects/:id/auditions',
  projectAuditionSchedule: '/projects/:id/auditions/:sessionId',
  projectAuditionCheckIn: '/projects/:id/auditions/:sessionId/check-in',
  /** (ours) A project's self-tape requests, newest first, each linking to its tracking page. */
  projectSelfTapeRequests: '/projects/:id/self-tapes',
  /** (ours) Every audition session of a project that starts on one day (YYYY-MM-DD, the viewer's calendar). */
  projectAuditionDay: '/projects/:id/auditions/days/:day',
} as const;

export type RouteId = keyof typeof PATTERNS;

/** The `:name` parameters of a pattern, as a union of names. */
export type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type QueryInput = Record<string, string | number | undefined>;

/** Fills a pattern's parameters (URL-encoded) and appends the defined query values. */
export function fillPattern<P extends string>(
  pattern: P,
  params: Record<ParamsOf<P>, string>,
  query?: QueryInput,
): string {
  const values: Record<string, string> = params;
  const path = pattern.replace(/:(\w+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || value === '')
      throw new Error(`Missing route parameter "${name}" for ${pattern}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.append(key, String(value));
  }
  const queryString = search.toString();
  return queryString ? `${path}?${queryString}` : path;
}
