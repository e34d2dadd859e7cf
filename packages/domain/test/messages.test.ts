import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../src';

// The product's own wording, written out again here word for word.
const QUOTED: [keyof typeof MESSAGES, string][] = [
  ['talentNotAllowed', 'Only admins can access this app'],
  ['forgotPasswordLink', 'Forgot password?'],
  ['getStarted', 'Get started'],
  ['accountCreated', 'Account created successfully'],
  ['returnToHomepage', 'Return to Homepage'],
  ['resetPassword', 'Reset password'],
  ['goToEmail', 'Go to Email'],
  ['emailSent', 'EMAIL SENT'],
  ['confirmationCodeSent', 'Confirmation code sent to your email'],
  ['setUpTwoFactor', 'Set Up Two-Factor Authentication'],
  ['linkCreated', 'Candidate submission link created successfully'],
  ['processing', 'Processing...'],
  ['emailRequired', 'Email is required'],
  ['invalidEmailAddress', 'Invalid email address'],
  ['invalidEmail', 'Invalid email'],
  ['inviteInvalidEmail', 'Please enter a valid email'],
  ['inviteSendInvalidEmail', 'Please enter a valid email address'],
  ['passwordMin', 'Password must be at least 8 characters'],
  [
    'passwordComplexity',
    'Password must contain at least one capital letter and one number and one special character',
  ],
  ['passwordLowercase', 'Password must contain at least one lowercase letter'],
  ['passwordsMustMatch', 'Passwords must match'],
  ['confirmationCodeLength', 'Confirmation code must be exactly 6 characters'],
  ['folderNameRequired', 'Folder name is required'],
  ['nameRequired', 'The name should not be empty'],
  ['titleRequired', 'Title is required'],
  [
    'linkTitleNotUnique',
    'A candidate submission link with this title already exists for this project. Please choose a different title.',
  ],
  ['opportunityRequired', 'At least one opportunity must be selected'],
  [
    'defaultOpportunityRequired',
    'Please select a default opportunity when multiple opportunities are chosen',
  ],
  ['defaultOpportunityNotChosen', 'Selected default opportunity must be one of the chosen opportunities'],
  ['selectAtLeastOneRole', 'Select at least one role'],
  ['invalidVerificationCodeSetup', 'Invalid Verification code'],
  ['invalidCodeOrAuthState', 'Invalid code or auth state for the user.'],
  ['invalidVerificationCode', 'Invalid verification code. Please try again.'],
  ['invalidUrl', 'Invalid URL'],
  ['inviteDifferentAgencyTitle', 'Inviting Team Member from Different Agency'],
  ['cannotAddTalentTitle', 'Cannot Add Talent as Team Member'],
  ['invalidPhoneNumber', 'Please enter a valid phone number.'],
  ['representationAlreadyDeclined', 'This representation claim has already been declined'],
  ['unknownError', 'Unknown error'],
  ['somethingWentWrong', 'Something went wrong'],
  ['resendFailed', 'Failed to resend code. Please try again later.'],
  ['codeResent', 'Code resent successfully!'],
  ['unknownErrorOccurred', 'An unknown error occurred.'],
  ['anErrorOccurred', 'An error occurred'],
  ['userConfirmed', 'User confirmed successfully'],
  ['codeSent', 'Code sent successfully'],
  ['representativeLoadFailed', 'Error: Failed to load representative information for selected candidates.'],
  ['noDataAvailable', 'No data available'],
  ['teamMemberAdded', 'Team member added successfully'],
  ['failedToLoadFile', 'Failed to load the file'],
  ['mediaLoadFailed', 'Something went wrong while loading media'],
  ['failedToImportApplicant', 'Failed to import applicant'],
  ['failedToCopyOrMoveApplicant', 'Failed to copy or move applicant'],
  ['issueReported', 'Issue reported successfully'],
  ['sentSuccessfully', 'Sent successfully!'],
  ['linkCopied', 'Link copied to clipboard.'],
  ['failedToCopyLink', 'Failed to copy link to clipboard'],
  [
    'clipboardPermissionDenied',
    'Clipboard permission denied. Please enable clipboard access in your browser settings.',
  ],
  ['failedToCopyToClipboard', 'Failed to copy to clipboard'],
  ['displayImageFailed', 'Display image failed'],
  ['uploadIncomplete', 'Upload incomplete - some chunks failed'],
  ['uploadNotInitialized', 'Upload not initialized'],
  ['confirmTeamMemberDeletion', 'Confirm team member deletion? Data will be permanently removed.'],
  [
    'confirmDeleteContent',
    'Are you sure you want to delete this content? Content will be permanently deleted.',
  ],
  ['downloadLinkSent', 'Download link sent to your email'],
  ['teamMemberRemoved', 'Team member removed successfully!'],
  ['updatingMemberRole', 'Updating member role...'],
  ['memberRoleUpdated', 'Member role updated successfully!'],
  ['memberRoleUpdateFailed', 'Failed to update member role'],
];

describe('messages quoted from the spec', () => {
  it.each(QUOTED)('%s', (key, text) => {
    expect(MESSAGES[key]).toBe(text);
  });

  it('fills the templated texts', () => {
    expect(MESSAGES.failedToUpload('reel.mp4')).toBe('Failed to upload reel.mp4.');
    expect(MESSAGES.maxRetriesReached('reel.mp4')).toBe('Maximum retries reached for reel.mp4');
    expect(MESSAGES.unsupportedFileTypes('a.exe, b.mp3')).toBe('Unsupported file type(s): a.exe, b.mp3.');
    expect(MESSAGES.failedToRemoveFile('gone')).toBe('Failed to remove file: gone');
    expect(MESSAGES.errorLoadingData('timeout')).toBe('Error loading data: timeout');
    expect(MESSAGES.noSignedUrlForPart(3)).toBe('No signed URL for part 3');
    expect(MESSAGES.copyMoveSucceeded('COPY')).toBe('Copied to the opportunity successfully');
    expect(MESSAGES.copyMoveSucceeded('MOVE')).toBe('Moved to the opportunity successfully');
    expect(MESSAGES.copyMoveSucceeded('IMPORT')).toBe('Imported to the opportunity successfully');
    expect(MESSAGES.referralUsersWithoutAgency('Ann, Bo')).toBe(
      'User(s) Ann, Bo not associated with a Talent Agency, Toggle off Representation or remove them from your list to generate links',
    );
  });
});
