import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../src';

describe('messages computed from their inputs', () => {
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
