import { OFFICE_LIMITS } from './contracts/offices';
import type { OfficeStatus } from './contracts/offices';

/**
 * The office screens' texts (ours): the office menu in the app shell, the office's settings and members pages, the
 * invitation page, the office name on sign-up and the operator's list of offices. The offices API's own refusals
 * are in `OFFICE_MESSAGES` beside its contract.
 */
export const OFFICE_TEXTS = {
  // The office menu in the top bar.
  officeMenuSuffix: 'office menu',
  yourOffices: 'Your offices',
  chooseOffice: 'Choose an office',
  officesLoadFailed: 'Your offices could not be loaded. Reload the page to try again.',
  switchedTo: (office: string) => `You are now working in ${office}`,
  officeStatusNames: {
    ACTIVE: 'Active',
    PENDING_APPROVAL: 'Awaiting approval',
    SUSPENDED: 'Suspended',
  } satisfies Record<OfficeStatus, string>,

  // What a page that works in an office shows when the session has no office it may work in.
  noOfficeTitle: 'No office to work in',
  awaitingApprovalTitle: 'Your office is awaiting approval',
  suspendedTitle: 'This office is suspended',
  workInAnotherOffice: 'Work in another office',
  workIn: (office: string) => `Work in ${office}`,
  askForInvitation:
    'Ask the owner of an office to invite you, or sign out and sign in with the address they invited.',

  // Office settings.
  loadingSettings: 'Loading the office’s settings',
  settingsIntro: 'How your office appears to your team and to talent, and how long it keeps their data.',
  onlyOwnersChangeSettings:
    'Only the office’s owners can change its settings. Ask an owner if something needs to change.',
  officeSection: 'Your office',
  officeName: 'Office name',
  officeNameRequired: 'Enter the office’s name.',
  officeNameTooLong: `Use at most ${OFFICE_LIMITS.nameMax} characters.`,
  logo: 'Logo',
  logoHint: `A JPEG, PNG, WebP or HEIC image of at most ${OFFICE_LIMITS.logoMaxBytes / (1024 * 1024)} MB, shown beside the office’s name in the app and on its apply pages.`,
  noLogo: 'No logo yet.',
  chooseLogo: 'Upload a logo',
  replaceLogo: 'Replace the logo',
  removeLogo: 'Remove the logo',
  logoOf: (office: string) => `Logo of ${office}`,
  logoSaved: 'Logo saved',
  logoRemoved: 'Logo removed',
  timeSection: 'Time and dates',
  timeZone: 'Time zone',
  timeZoneHint:
    'Type part of the zone’s name (a city such as London or Los Angeles) and choose it from the list.',
  noTimeZoneMatches: (text: string) => `No time zone matches “${text}”.`,
  dateFormat: 'Date format',
  dateFormatExample: (format: string, example: string) => `${format} (${example})`,
  mailSection: 'E-mail',
  mailSenderName: 'Sender name',
  mailSenderNameHint:
    'The name candidates see as the sender of your office’s e-mail. The address stays the installation’s. Leave it empty for the default.',
  senderNameTooLong: `Use at most ${OFFICE_LIMITS.senderNameMax} characters.`,
  legalSection: 'Terms and privacy',
  legalIntro:
    'Talent accept these texts when they apply through your links. Leave a text empty to keep the installation’s default.',
  legalVersionNote: (terms: number, privacy: number) =>
    `Terms version ${terms}, privacy version ${privacy}. Saving a change to a text raises its version: every application records the versions its talent accepted, so people who applied before keep the text they agreed to.`,
  termsText: 'Terms of use',
  privacyText: 'Privacy notice',
  legalTextTooLong: `This text is too long: keep it to ${OFFICE_LIMITS.legalTextMax.toLocaleString('en-GB')} characters.`,
  legalLoadFailed: 'The terms and privacy texts could not be loaded. Reload the page to try again.',
  dataSection: 'Talent data',
  ageOfMajority: 'Age of majority',
  ageOfMajorityHint:
    'Candidates younger than this are minors: their apply form asks for a guardian’s consent and clients never see their contact details.',
  ageOfMajorityRange: `Enter an age from ${OFFICE_LIMITS.ageOfMajorityMin} to ${OFFICE_LIMITS.ageOfMajorityMax}.`,
  retentionDays: 'Keep candidates’ data for (days)',
  retentionDaysHint:
    'Days after a project is archived before the media and contact details of candidates nobody selected are deleted. Leave it empty to keep them until someone deletes them by hand.',
  retentionDaysRange: `Enter a number of days from ${OFFICE_LIMITS.retentionDaysMin} to ${OFFICE_LIMITS.retentionDaysMax}, or leave it empty.`,
  saveSettings: 'Save settings',
  savingSettings: 'Saving settings…',
  settingsSaved: 'Office settings saved',
  nothingToSave: 'Nothing to save: no setting has changed.',

  // Support access, on the settings page.
  supportSection: 'Support access',
  supportIntro:
    'Let the installation’s operator reach your office’s data for a limited time, for example to look into a problem you reported. It ends by itself, and every access is recorded in the audit log.',
  supportHours: 'Hours of access',
  supportHoursRange: `Enter a number of hours from ${OFFICE_LIMITS.supportHoursMin} to ${OFFICE_LIMITS.supportHoursMax}.`,
  grantSupportAccess: 'Grant access',
  replaceSupportAccess: 'Grant again from now',
  noSupportAccess: 'The operator cannot reach your office’s data now.',
  supportAccessUntil: (when: string) => `The operator has access until ${when}.`,
  supportAccessGranted: (when: string) => `Support access granted until ${when}`,
  endSupportAccess: 'End support access now',
  supportAccessEnded: 'Support access ended',

  // Members.
  membersIntro: (office: string) => `The people of ${office} and what each of them may do.`,
  onlyOwnersManageMembers:
    'Only the office’s owners can change roles, remove members and invite people. Ask an owner if something needs to change.',
  inviteMember: 'Invite a member',
  membersTable: 'Members table',
  membersCaption: 'Members of the office, with their roles',
  memberName: 'Name',
  memberRole: 'Role',
  memberJoined: 'Joined',
  memberActions: 'Actions',
  you: '(you)',
  memberIsNow: (name: string, role: string) => `${name} is now ${role}`,
  removeMember: 'Remove',
  removeMemberNamed: (name: string) => `Remove ${name}`,
  removeMemberTitle: (name: string) => `Remove ${name} from the office?`,
  removeMemberMessage:
    'They lose access to the office’s projects, roster and templates at once. What they did in the office stays.',
  memberRemoved: (name: string) => `${name} was removed from the office`,
  showMoreMembers: 'Show more members',
  loadingMembers: 'Loading members',
  membersLoadFailed: (reason: string) => `The members could not be loaded: ${reason}`,
  pendingInvitations: 'Pending invitations',
  noPendingInvitations: 'No invitation is waiting for an answer.',
  invitationAs: (role: string, expires: string) => `${role} · expires ${expires}`,
  revokeInvitation: 'Revoke',
  revokeInvitationTo: (email: string) => `Revoke the invitation to ${email}`,
  invitationRevoked: (email: string) => `The invitation to ${email} was revoked`,
  inviteDialogIntro: `They receive an e-mail with a link that stays valid for ${OFFICE_LIMITS.invitationDays} days.`,
  inviteEmail: 'E-mail address',
  inviteRole: 'Their role',
  sendInvitation: 'Send invitation',
  sendingInvitation: 'Sending…',
  invitationSent: (email: string) => `Invitation sent to ${email}`,
  officeRoleHints: {
    OWNER: 'Runs the office: its settings, members and every project.',
    CASTING_DIRECTOR: 'Creates projects and works in the office’s roster.',
    CASTING_ASSISTANT: 'Works in the projects they are on and in the roster.',
    CLIENT: 'Reviews the projects they are invited to.',
  },

  // The invitation page.
  loadingInvitation: 'Loading the invitation',
  invitationHeading: (office: string) => `Join ${office}`,
  invitationIntro: (office: string, role: string) => `You are invited to join ${office} as ${role}.`,
  invitationSentTo: 'Sent to',
  invitationExpiresOn: (date: string) => `The invitation is valid until ${date}.`,
  acceptInvitation: 'Accept invitation',
  acceptingInvitation: 'Joining…',
  joinedOffice: (office: string) => `You joined ${office}`,
  signInToAccept: 'Sign in to accept',
  createAccountToAccept: 'Create an account',
  newToTheProduct:
    'New here? Create an account with the invited address: it joins the office once you confirm it.',
  signOutToAccept: 'Sign out and use that address',

  // Sign-up of members: the domains whose people may join the office by signing up.
  memberSignUpSection: 'Sign-up of members',
  memberSignUpIntro:
    'People who sign up and confirm an address at one of these domains join your office with the role below. Without a domain, people join only when an owner invites them.',
  loadingMemberSignUp: 'Loading the sign-up of members',
  memberDomains: 'Domains whose people may join',
  byInvitationOnly: 'No domain: people join only when an owner invites them.',
  newMemberDomain: 'Domain to add',
  newMemberDomainHint: (domain: string) =>
    `A domain your own address is at, such as ${domain}. Public mail services cannot be added.`,
  addMemberDomain: 'Add domain',
  removeMemberDomain: 'Remove',
  removeMemberDomainNamed: (domain: string) => `Remove ${domain}`,
  memberSignUpRole: 'Role of people who join this way',
  memberDomainAdded: (domain: string) => `People at ${domain} can now join your office`,
  memberDomainRemoved: (domain: string) => `People at ${domain} now need an invitation`,
  memberSignUpRoleSaved: 'Saved: people who join this way get the new role',

  // Sign-up.
  signUpOfficeName: 'Name of your casting office',
  signUpOfficeNameHint:
    'Usually your company’s name: your team and talent see it. Leave it empty to use your own name; you can change it later. If your company’s office here lets people at your e-mail’s domain join, you join that office instead.',
  joiningByInvitation:
    'You are joining an office by invitation: your new account becomes a member of that office and no new office is created.',

  // The operator's list of offices.
  operatorIntro:
    'Every office on this installation. Approve new offices, and suspend an office that must stop working.',
  statusFilter: 'Status',
  anyStatus: 'Any status',
  officesList: 'Offices',
  officeOwners: (emails: string) => `Owners: ${emails}`,
  noOwners: 'No owner',
  officeCreated: (date: string) => `Created ${date}`,
  noOfficesWithStatus: 'No office has this status.',
  showMoreOffices: 'Show more offices',
  loadingOffices: 'Loading offices',
  approve: 'Approve',
  suspend: 'Suspend',
  reactivate: 'Reactivate',
  approveNamed: (office: string) => `Approve ${office}`,
  suspendNamed: (office: string) => `Suspend ${office}`,
  reactivateNamed: (office: string) => `Reactivate ${office}`,
  approveTitle: (office: string) => `Approve ${office}?`,
  approveMessage: 'Its owners can start working in it at once and receive an e-mail saying so.',
  suspendTitle: (office: string) => `Suspend ${office}?`,
  suspendMessage:
    'Its members cannot work in it until it is reactivated. Nothing is deleted, and its data stays as it is.',
  reactivateTitle: (office: string) => `Reactivate ${office}?`,
  reactivateMessage: 'Its members can work in it again at once.',
  officeApproved: (office: string) => `${office} is approved`,
  officeSuspended: (office: string) => `${office} is suspended`,
  officeReactivated: (office: string) => `${office} is active again`,
  officeGrantsSupport: (when: string) => `Grants you support access until ${when}`,
  openSupportSession: 'Work in this office',
  openSupportSessionNamed: (office: string) => `Work in this office: ${office}`,
  endSupportSession: 'Leave this office',
  endSupportSessionNamed: (office: string) => `Leave this office: ${office}`,
  supportSessionOpened: (office: string, when: string) =>
    `You are working in ${office} with its owners’ rights until ${when}. Every step is in its audit log.`,
  supportSessionEnded: (office: string) => `You left ${office}`,
  inSupportSession: 'You are working in this office now',
};
