import type { CopyMoveType } from './enums';

const COPY_MOVE_VERB: Record<CopyMoveType, string> = { COPY: 'Copied', MOVE: 'Moved', IMPORT: 'Imported' };

/**
 * Every user-facing text the product words, word for word, kept once here for the API and the web app.
 * Texts with a placeholder are functions. Texts marked "(ours)" were worded for this product; the others are the
 * fixed wording people know from the casting tools they used before, kept word for word.
 */
export const MESSAGES = {
  // The public pages' terms and privacy (ours); here, not in the links contract, so the apply entry needs no zod.
  termsTitle: 'Terms of Service',
  privacyTitle: 'Privacy Policy',
  // The apply pages' own (ours), here so that the apply entry shows them without the links contract's zod schemas.
  submissionLinkNotFound: 'This submission link does not exist. Check the address and try again.',
  submissionReceived: 'Thank you! Your submission has been received.',
  // Auth screens and their states
  talentNotAllowed: 'Only admins can access this app',
  forgotPasswordLink: 'Forgot password?',
  getStarted: 'Get started',
  accountCreated: 'Account created successfully',
  returnToHomepage: 'Return to Homepage',
  resetPassword: 'Reset password',
  goToEmail: 'Go to Email',
  emailSent: 'EMAIL SENT',
  confirmationCodeSent: 'Confirmation code sent to your email',
  setUpTwoFactor: 'Set Up Two-Factor Authentication',
  createLinkDialogTitle: 'Create New Candidate Submission Link(s)',
  linkCreated: 'Candidate submission link created successfully',
  copied: 'Copied',
  copyLink: 'Copy Link',
  processing: 'Processing...',

  // Validation
  emailRequired: 'Email is required',
  invalidEmailAddress: 'Invalid email address',
  invalidEmail: 'Invalid email',
  inviteInvalidEmail: 'Please enter a valid email',
  inviteSendInvalidEmail: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 8 characters',
  passwordMax: 'Password must be at most 128 characters',
  passwordComplexity:
    'Password must contain at least one capital letter and one number and one special character',
  passwordLowercase: 'Password must contain at least one lowercase letter',
  confirmPasswordRequired: 'Confirm password is required',
  passwordsMustMatch: 'Passwords must match',
  confirmationCodeLength: 'Confirmation code must be exactly 6 characters',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  firstNameMin: 'First name must be at least 2 characters', // (ours)
  lastNameMin: 'Last name must be at least 2 characters', // (ours)
  agencyNameRequired: 'Agency name is required', // (ours)
  agencyNameMin: 'Agency name must be at least 2 characters', // (ours)
  codeRequired: 'Code is required', // (ours)
  descriptionRequired: 'Description is required', // (ours)
  opportunityRequiredForCopy: 'Select an opportunity', // (ours)
  folderRequiredForCopy: 'Select at least one folder', // (ours)
  invalidPhoneNumber: 'Please enter a valid phone number.',
  metricsTokenRequired: 'Send the metrics token as "Authorization: Bearer <METRICS_TOKEN>".',
  textSignInOff:
    'Codes by text message are turned off on this installation. Use an authenticator app as your second step instead.',
  zipLength: 'Zip code must be exactly 5 digits',
  postalCodeFormat: (country: string) =>
    `Check the postal code or the country: this code does not match the format of the country (${country}).`,
  countryUnknown: 'Choose a country from the list.',
  folderNameRequired: 'Folder name is required',
  nameRequired: 'The name should not be empty',
  titleRequired: 'Title is required',
  linkTitleNotUnique:
    'A candidate submission link with this title already exists for this project. Please choose a different title.',
  opportunityRequired: 'At least one opportunity must be selected',
  defaultOpportunityRequired: 'Please select a default opportunity when multiple opportunities are chosen',
  defaultOpportunityNotChosen: 'Selected default opportunity must be one of the chosen opportunities',
  selectAtLeastOneRole: 'Select at least one role',
  referralUsersWithoutAgency: (names: string) =>
    `User(s) ${names} not associated with a Talent Agency, Toggle off Representation or remove them from your list to generate links`,
  invalidVerificationCodeSetup: 'Invalid Verification code',
  invalidCodeOrAuthState: 'Invalid code or auth state for the user.',
  invalidVerificationCode: 'Invalid verification code. Please try again.',
  invalidUrl: 'Invalid URL',
  unsupportedFileTypes: (names: string) => `Unsupported file type(s): ${names}.`,

  // Errors and toasts
  inviteDifferentAgencyTitle: 'Inviting Team Member from Different Agency',
  inviteDifferentAgencyConfirm: 'Yes, proceed',
  cancel: 'Cancel',
  cannotAddTalentTitle: 'Cannot Add Talent as Team Member',
  projectAccessDenied: 'Project access denied',
  representationAlreadyDeclined: 'This representation claim has already been declined',
  unknownError: 'Unknown error',
  somethingWentWrong: 'Something went wrong',
  /** Readiness: a write to the named store failed, so the instance must not take traffic. */
  cannotSaveChanges: (stores: string) =>
    `This server cannot save changes to its ${stores} right now. Check the disk space and that the store accepts writes.`,
  resendFailed: 'Failed to resend code. Please try again later.',
  codeResent: 'Code resent successfully!',
  unknownErrorOccurred: 'An unknown error occurred.',
  anErrorOccurred: 'An error occurred',
  userConfirmed: 'User confirmed successfully',
  codeSent: 'Code sent successfully',
  representativeLoadFailed: 'Error: Failed to load representative information for selected candidates.',
  errorLoadingData: (message: string) => `Error loading data: ${message}`,
  noDataAvailable: 'No data available',
  teamMemberAdded: 'Team member added successfully',
  failedToUpload: (fileName: string) => `Failed to upload ${fileName}.`,
  maxRetriesReached: (fileName: string) => `Maximum retries reached for ${fileName}`,
  failedToLoadFile: 'Failed to load the file',
  mediaLoadFailed: 'Something went wrong while loading media',
  failedToRemoveFile: (message: string) => `Failed to remove file: ${message}`,
  failedToImportApplicant: 'Failed to import applicant',
  failedToCopyOrMoveApplicant: 'Failed to copy or move applicant',
  issueReported: 'Issue reported successfully',
  // The three outcomes of 'Copied/Moved/Imported to the opportunity successfully', one per action.
  copyMoveSucceeded: (type: CopyMoveType) => `${COPY_MOVE_VERB[type]} to the opportunity successfully`,
  sentSuccessfully: 'Sent successfully!',
  linkCopied: 'Link copied to clipboard.',
  failedToCopyLink: 'Failed to copy link to clipboard',
  clipboardPermissionDenied:
    'Clipboard permission denied. Please enable clipboard access in your browser settings.',
  failedToCopyToClipboard: 'Failed to copy to clipboard',
  displayImageFailed: 'Display image failed',
  noSignedUrlForPart: (partNumber: number) => `No signed URL for part ${partNumber}`,
  uploadIncomplete: 'Upload incomplete - some chunks failed',
  uploadNotInitialized: 'Upload not initialized',
  confirmTeamMemberDeletion: 'Confirm team member deletion? Data will be permanently removed.',
  confirmDeleteContent: 'Are you sure you want to delete this content? Content will be permanently deleted.',

  // API answers (ours): the texts of the API's error bodies, which the web app shows as they come.
  // Access and sessions
  signInToContinue: 'Please sign in to continue.',
  sessionEndedSignInAgain: 'Your session has expired. Please sign in again.',
  sessionNoLongerValid: 'Your session is no longer valid. Please sign in again.',
  sessionIdle: 'Your session has expired due to inactivity. Please sign in again.',
  sessionNotFound: 'Session was not found.',
  notAllowed: 'You do not have permission to do this.',
  officeRequired:
    'You are not working in an office right now. Choose one in the office menu, or ask its owner for an invitation.',
  officeRoleNotAllowed:
    'Your role in this office does not allow this. Ask the office owner to change your role.',
  setUpTwoFactorToContinue: 'Set up two-factor authentication to continue.',
  projectRoleNotAllowed: (permission: string) => `Your project role does not allow ${permission}.`,
  accountRoleNotAllowed: (permission: string) => `Your account role does not allow ${permission}.`,
  missingRequestedWithHeader: 'Missing X-Requested-With header.',
  newPasswordSameAsCurrent: 'Choose a new password that differs from your current one.',
  devOutboxLocalOnly:
    'The development outbox can only be read on the machine the server runs on. Open it there: the log names each message but never its text.',
  // Sign-up, sign-in, codes and second factors
  incorrectEmailOrPassword: 'Incorrect email or password.',
  accountExists: 'An account with this email already exists.',
  codeRequested:
    'If this address belongs to an account, a code has been sent to it. Please check your inbox.',
  codeExpired: 'This code has expired. Please request a new one.',
  commonPassword: 'This password is too common. Please choose a less predictable one.',
  wrongPassword: 'Your password is not correct.',
  authenticatorRequiredByAdmin: 'Your administrator requires an authenticator app for this account.',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  // (ours) The account-wide lock: strangers cannot lock the owner out, since the owner is mailed a way in.
  signInLocked:
    'Sign-in to this account is paused after many wrong passwords from several places. If the account is yours, we have e-mailed you a link to sign in; open it and enter your password again.',
  // User administration
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  cannotChangeOwnRole: 'You cannot change your own role.',
  // Requests the API cannot take
  correctHighlightedFields: (summary: string) => `Please correct the highlighted fields. ${summary}`,
  chooseFromLookup: (lookupTitle: string) => `Choose a value from the ${lookupTitle.toLowerCase()} list.`,
  notFound: (what: string) => `${what} was not found.`,
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  requestTooLarge: 'The request is too large.',
  // (ours) A JSON body nested deeper than any form of the product sends.
  nestedTooDeeply: 'This value is nested too deeply. Send it with fewer levels of lists and objects.',
  addressInvalid: 'The address is not valid. Check the link and try again.',
  addressValueTooLong: 'A value in the address is too long.',

  // Team dialog toasts
  downloadLinkSent: 'Download link sent to your email',
  teamMemberRemoved: 'Team member removed successfully!',
  updatingMemberRole: 'Updating member role...',
  memberRoleUpdated: 'Member role updated successfully!',
  memberRoleUpdateFailed: 'Failed to update member role',

  // File links (ours): the answers of the API's signed upload and download addresses
  fileUrlInvalid: 'This file link is not valid.', // (ours)
  fileUrlExpired: 'This file link has expired. Please request a new one.', // (ours)
  rangeNotSatisfiable: 'The requested range is outside the file.', // (ours)
  fileTooLarge: 'The file is larger than this upload allows.', // (ours)
  fileIncomplete: 'The upload ended before the whole file arrived.', // (ours)

  // Account controls (ours)
  codeGuessesExhausted: 'Too many codes were tried on this account today. Please try again tomorrow.',
  passwordChangeRequired: 'Choose a new password to continue.',
  changePasswordTitle: 'Change password',
  forcedPasswordChangeIntro: 'Your password was generated for you. Choose your own password to continue.',
  currentPasswordLabel: 'Current password',
  newPasswordLabel: 'New password',
  passwordChangedToast: 'Your password was changed. Other devices were signed out.',
  sessionsTitle: 'Active sessions',
  thisDevice: 'This device',
  signOutSession: 'Sign out',
  signOutOtherSessions: 'Sign out all other sessions',
  sessionSignedOut: 'The session was signed out.',
  otherSessionsSignedOut: 'All other sessions were signed out.',
  recoveryCodesTitle: 'Recovery codes',
  recoveryCodesIntro:
    'Keep these codes somewhere safe. Each one signs you in once if you lose your authenticator app. They are shown only now.',
  recoveryCodesRegenerate: 'Generate new recovery codes',
  recoveryCodesCopy: 'Copy codes',
  recoveryCodesDownload: 'Download codes',
  recoveryCodesCopied: 'Recovery codes copied.',
  useRecoveryCode: 'Use a recovery code instead',
  useAuthenticatorCode: 'Use a code from the authenticator app',
  recoveryCodeLabel: 'Recovery code',
  authenticatorNotOn: 'Turn the authenticator app on first.',
  // Look and feel (ours)
  undo: 'Undo',
  archiveProjectQuestion:
    'The project leaves everyone’s list of projects; its opportunities, candidates and team stay as they are. You can restore it from “Show archived”.',
  offlineSearch:
    'You are offline: this list is not filtered by your search. It updates when you are back online.',
  requiredField: 'required',
  closeDialog: 'Close',
  resendInvite: 'Resend invite',
  inviteResent: 'Invite sent again',
  whatRolesMayDo: 'What each role may do',
  /** What each project role may do, from the permission matrix (permissions.ts). */
  projectRoleExplanations: {
    PROJECT_OWNER:
      'Everything in the project: its details, opportunities and folders, its team, and inviting applicants.',
    PROJECT_EDITOR:
      'Edits the project, its opportunities and folders, and reviews candidates; cannot invite applicants.',
    TALENT_EDITOR:
      'Reviews candidates: previews the project, chats, adds and removes applicants, reads feedback; cannot change the project.',
    TALENT_SUBMITTER:
      'Submits talent and sends it for review; sees its own submissions, not the client’s feedback.',
  },
} as const;
