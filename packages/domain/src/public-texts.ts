/**
 * The shared texts the public pages show (apply, representation claim, a talent's own submission, page not found):
 * a module apart from UI_TEXTS (decision 0069) so that the apply page's first download carries only these: the
 * bundler keeps a module whole, in the chunk of every page that uses any of it.
 */
export const PUBLIC_TEXTS = {
  aboutYou: 'About you',
  addRepresentation: 'Add Representation',
  agencyName: 'Agency name',
  confirmSubmission: 'Confirm submission',
  claimQuestion: (talent: string, project: string) =>
    `${talent} named you as their representative for ${project}.`,
  claimConfirmedBefore: (talent: string, project: string) =>
    `You confirmed that you represent ${talent} for ${project}.`,
  claimDeclinedBefore: (talent: string, project: string) =>
    `You declined to represent ${talent} for ${project}.`,
  claimLoading: 'Loading the claim…',
  applicationToConfirm:
    'This application used an e-mail address the casting team already knows, so it waits until you confirm it was you.',
  confirmApplication: 'Confirm my application',
  applicationConfirmed:
    'Your application is confirmed. We have e-mailed you the private link to your submission.',
  dateOfBirth: 'Date of birth',
  gender: 'Gender',
  ethnicAppearance: 'Ethnic appearance',
  firstName: 'First name',
  lastName: 'Last name',
  linkIncomplete: 'This link is incomplete',
  phoneNumber: 'Phone number',
  saveChanges: 'Save changes',
};
