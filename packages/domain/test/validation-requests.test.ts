import { describe, expect, it } from 'vitest';
import { copyMoveRequestSchema, inviteTeamMembersSchema, reportMediaIssueSchema } from '../src';
import { issuesOf, parsed } from './helpers';

describe('copy / move / import request', () => {
  const base = { applicantIds: ['a1'] };
  it.each([
    [{ ...base, type: 'COPY', roleId: 'r1', folderIds: ['f1'] }, []],
    [{ ...base, type: 'MOVE', roleId: 'r1', folderIds: ['f1'] }, []],
    [{ ...base, type: 'IMPORT', roleId: 'r1' }, []],
    [{ ...base, type: 'COPY', roleId: 'r1' }, ['folderIds: Select at least one folder']],
    [{ ...base, type: 'MOVE', folderIds: ['f1'] }, ['roleId: Select an opportunity']],
    [{ ...base, type: 'IMPORT' }, ['roleId: Select an opportunity']],
    [{ ...base, type: 'COPY' }, ['roleId: Select an opportunity', 'folderIds: Select at least one folder']],
  ])('%j -> %j', (value, messages) => {
    expect(issuesOf(copyMoveRequestSchema, value)).toEqual(messages);
  });

  it('defaults the copy options to false and refuses an unknown type', () => {
    expect(parsed(copyMoveRequestSchema, { ...base, type: 'IMPORT', roleId: 'r1' })).toMatchObject({
      folderIds: [],
      copyFeedbacks: false,
      copyComments: false,
      copyMedia: false,
      copyTags: false,
    });
    expect(copyMoveRequestSchema.safeParse({ ...base, type: 'CLONE', roleId: 'r1' }).success).toBe(false);
    expect(copyMoveRequestSchema.safeParse({ applicantIds: [], type: 'IMPORT', roleId: 'r1' }).success).toBe(
      false,
    );
  });
});

describe('report media issue', () => {
  it('requires a description and defaults the channel to SLACK', () => {
    const value = { applicantId: 'a1', applicantMediaId: 'm1', description: ' Frozen video ' };
    expect(parsed(reportMediaIssueSchema, value)).toEqual({
      ...value,
      description: 'Frozen video',
      channel: 'SLACK',
    });
    expect(issuesOf(reportMediaIssueSchema, { ...value, description: ' ' })).toEqual([
      'description: Description is required',
    ]);
  });
});

describe('team invitations', () => {
  it('checks each e-mail with the invite wording and needs at least one', () => {
    expect(
      issuesOf(inviteTeamMembersSchema, {
        invitations: [
          { email: 'ok@example.com', scope: 'PROJECT_EDITOR' },
          { email: 'bad', scope: 'TALENT_EDITOR' },
        ],
      }),
    ).toEqual(['invitations.1.email: Please enter a valid email']);
    expect(issuesOf(inviteTeamMembersSchema, { invitations: [] })).toEqual([
      'invitations: Please enter a valid email address',
    ]);
    expect(
      inviteTeamMembersSchema.safeParse({ invitations: [{ email: 'a@b.co', scope: 'GUEST' }] }).success,
    ).toBe(false);
    expect(
      parsed(inviteTeamMembersSchema, { invitations: [{ email: 'A@B.co', scope: 'TALENT_SUBMITTER' }] }),
    ).toEqual({ invitations: [{ email: 'a@b.co', scope: 'TALENT_SUBMITTER' }], skipWarning: false });
  });
});
