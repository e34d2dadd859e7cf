import { describe, expect, it } from 'vitest';
import { shareChoice } from './candidates-header';

const ROLE = '11111111-1111-4111-8111-111111111111';
const FOLDER = { id: '22222222-2222-4222-8222-222222222222' };
const ROW = '33333333-3333-4333-8333-333333333333';

describe('what "Share with client" shares', () => {
  it.each([
    ['the selection', [ROW], FOLDER, ROLE, { submissionIds: [ROW], folderIds: [], roleIds: [] }],
    ['the open folder', [], FOLDER, ROLE, { submissionIds: [], folderIds: [FOLDER.id], roleIds: [] }],
    ['everyone in the opportunity', [], null, ROLE, { submissionIds: [], folderIds: [], roleIds: [ROLE] }],
    ['nothing without an opportunity', [], null, null, { submissionIds: [], folderIds: [], roleIds: [] }],
  ] as const)('%s', (_name, selected, folder, roleId, expected) => {
    expect(shareChoice(selected, folder, roleId)).toEqual(expected);
  });
});
