import { describe, expect, it } from 'vitest';
import {
  SYSTEM_FOLDER_ALIASES,
  copyMoveFolderChoices,
  feedbackFolderAlias,
  folderFeedbackEnabled,
  isFolderChoiceAllowed,
  isSubmitterFolderAlias,
} from '../src';
import type { CopyMoveType, Feedback } from '../src';

describe('folder aliases', () => {
  it('tells a submitter folder from a regular one', () => {
    expect(isSubmitterFolderAlias('TS_HIDDEN')).toBe(true);
    expect(isSubmitterFolderAlias('HIDDEN')).toBe(false);
    expect(isSubmitterFolderAlias(null)).toBe(false);
  });
});

describe('feedback mapping', () => {
  it.each([
    ['YES', 'SELECTS', 'TS_NEW_SUBMISSIONS'],
    ['NO', 'VIEWED', 'TS_HIDDEN'],
    ['MAYBE', 'MAYBE', 'TS_HOLD_LATER'],
  ] as [Feedback, string, string][])(
    '%s goes to %s, or %s in submitter folders',
    (feedback, regular, submitter) => {
      expect(feedbackFolderAlias(feedback)).toBe(regular);
      expect(feedbackFolderAlias(feedback, { submitterFolders: false })).toBe(regular);
      expect(feedbackFolderAlias(feedback, { submitterFolders: true })).toBe(submitter);
    },
  );

  it.each([
    [[...SYSTEM_FOLDER_ALIASES], true],
    [['SELECTS', 'VIEWED', 'MAYBE'], true],
    [['TS_NEW_SUBMISSIONS', 'TS_HIDDEN', 'TS_HOLD_LATER'], true],
    [['SELECTS', 'VIEWED', null], false],
    [['NEW_SUBMISSIONS', 'ALL_SUBMISSIONS', 'HIDDEN'], false],
    [[], false],
  ])('folder feedback for %j is %s', (aliases, enabled) => {
    expect(folderFeedbackEnabled(aliases)).toBe(enabled);
  });
});

describe('copy / move folder choices', () => {
  const table: [string | null, CopyMoveType, boolean][] = [
    ['HIDDEN', 'COPY', false],
    ['HIDDEN', 'MOVE', false],
    ['HIDDEN', 'IMPORT', false],
    ['ALL_SUBMISSIONS', 'COPY', false],
    ['ALL_SUBMISSIONS', 'MOVE', false],
    ['ALL_SUBMISSIONS', 'IMPORT', false],
    ['TS_INVITED', 'COPY', false],
    ['TS_INVITED', 'MOVE', false],
    ['TS_INVITED', 'IMPORT', false],
    ['NEW_SUBMISSIONS', 'COPY', false],
    ['NEW_SUBMISSIONS', 'MOVE', false],
    ['NEW_SUBMISSIONS', 'IMPORT', true],
    ['SELECTS', 'COPY', true],
    ['MAYBE', 'MOVE', true],
    ['TS_FOR_REVIEW', 'COPY', true],
    [null, 'COPY', true],
    [null, 'IMPORT', true],
  ];
  it.each(table)('%s for %s allowed: %s', (alias, type, allowed) => {
    expect(isFolderChoiceAllowed(alias, type)).toBe(allowed);
  });

  it('filters a folder list and keeps custom folders', () => {
    const folders = [
      { id: '1', systemAlias: 'NEW_SUBMISSIONS' },
      { id: '2', systemAlias: 'SELECTS' },
      { id: '3', systemAlias: 'HIDDEN' },
      { id: '4', systemAlias: null },
      { id: '5', systemAlias: 'ALL_SUBMISSIONS' },
      { id: '6', systemAlias: 'TS_INVITED' },
    ];
    const ids = (type: CopyMoveType) => copyMoveFolderChoices(folders, type).map((folder) => folder.id);
    expect(ids('COPY')).toEqual(['2', '4']);
    expect(ids('MOVE')).toEqual(['2', '4']);
    expect(ids('IMPORT')).toEqual(['1', '2', '4']);
  });
});
