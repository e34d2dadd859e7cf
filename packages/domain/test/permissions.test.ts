import { describe, expect, it } from 'vitest';
import {
  PERMISSIONS,
  PERMISSION_MATRIX,
  PROJECT_ACTORS,
  SUBMITTER_FOLDER_ACTIONS,
  SUBMITTER_FOLDER_ACTION_NAMES,
  SUBMITTER_FOLDER_ALIASES,
  can,
  canInSubmitterFolder,
  permissionsOf,
} from '../src';
import type { Permission, ProjectActor, SubmitterFolderAction, SubmitterFolderAlias } from '../src';

// The product's permission table, row by row, written out by hand so that a change to PERMISSION_MATRIX must be made
// twice, on purpose (VIEW_PROJECT is ours: every member reads the project). A row for a feature the product does not
// have is left out (decision 0082).
const SPEC_ROWS: Record<Permission, string> = {
  VIEW_PROJECT: 'SA PO PE TE TS CLIENT',
  MANAGE_PROJECT: 'SA PO PE',
  CREATE_PROJECT: 'SA PO PE',
  MANAGE_ROLE: 'SA PO PE',
  CREATE_FOLDER: 'SA PO PE',
  MANAGE_CLIENT_LINKS: 'SA PO PE',
  MANAGE_APPLICANTS: 'SA PO',
  CHAT: 'SA PO PE TE',
  PROJECT_PREVIEW: 'SA PO PE TE',
  INVITE_TEAM_MEMBERS: 'SA PO PE TE TS',
  SUBMIT_TALENT: 'SA PO PE TE TS',
  SEND_UNDER_REVIEW: 'TS',
  ADD_REMOVE_APPLICANT: 'SA PO PE TE',
  COPY_TAGS: 'SA PO PE TE',
  SELECT_LINK_REFERRAL_USERS: 'SA PO PE TE',
  SUBMITTER_FOLDERS_SWITCH: 'SA',
  REORDER_CANDIDATES: 'SA PO PE',
  MANAGE_MEDIA_VISIBILITY: 'SA PO PE TE',
  VIEW_FEEDBACK: 'SA PO PE TE CLIENT',
  CANDIDATE_COPY: 'SA PO PE TE TS',
  CANDIDATE_MOVE: 'SA PO PE TE TS',
  CANDIDATE_SEND_EMAIL: 'SA PO PE TE TS',
  CANDIDATE_FOLDER_ADD_REMOVE: 'SA PO PE TE TS',
  CANDIDATE_HIDE: 'SA PO PE TE TS',
  CANDIDATE_DELETE: 'SA PO PE TE TS',
  CANDIDATE_VOTE: 'SA PO PE TE TS',
  CANDIDATE_SELFIE: 'SA PO PE TE TS',
  CANDIDATE_MEDIA: 'SA PO PE TE TS',
  // Ours (decision 0719): the casting staff write a project's e-mail templates.
  MANAGE_EMAIL_TEMPLATES: 'SA PO PE',
  CANDIDATE_EDIT_TAGS: 'SA PO PE TE TS',
  // Ours (decision 0399): the team's reviewers read the project roster, the project's staff change it.
  VIEW_PROJECT_ROSTER: 'SA PO PE TE',
  MANAGE_PROJECT_ROSTER: 'SA PO PE',
  // Ours (decision 0821): the staff request self-tapes and answer extensions, the reviewers follow them.
  REQUEST_SELF_TAPES: 'SA PO PE',
  VIEW_SELF_TAPES: 'SA PO PE TE',
};

const cases = Object.entries(SPEC_ROWS).flatMap(([permission, allowed]) =>
  PROJECT_ACTORS.map((actor) => ({
    permission: permission as Permission,
    actor,
    expected: allowed.split(' ').includes(actor),
  })),
);

describe('permission matrix', () => {
  it("has exactly the table's rows", () => {
    expect([...PERMISSIONS].sort()).toEqual(Object.keys(SPEC_ROWS).sort());
    expect(Object.keys(PERMISSION_MATRIX).sort()).toEqual(Object.keys(SPEC_ROWS).sort());
  });

  it.each(cases)('$actor may $permission: $expected', ({ actor, permission, expected }) => {
    expect(can(actor, permission)).toBe(expected);
  });

  it.each(PERMISSIONS.map((permission) => ({ permission })))(
    'a non-member may not $permission',
    ({ permission }) => {
      expect(can(null, permission)).toBe(false);
      expect(can(undefined, permission)).toBe(false);
    },
  );

  it('lists what each actor may do', () => {
    expect(permissionsOf('CLIENT')).toEqual(['VIEW_PROJECT', 'VIEW_FEEDBACK']);
    expect(permissionsOf(null)).toEqual([]);
    expect(permissionsOf('TS')).toContain('SEND_UNDER_REVIEW');
    expect(permissionsOf('TS')).not.toContain('CHAT');
    const all: ProjectActor[] = [...PROJECT_ACTORS];
    for (const actor of all) {
      expect(permissionsOf(actor)).toEqual(PERMISSIONS.filter((permission) => can(actor, permission)));
    }
  });
});

// What a talent submitter may do in each submitter folder; a super admin may only look.
const FOR_REVIEW =
  'MOVE COPY SEND_EMAIL HIDE DELETE UP_VOTE DOWN_VOTE MAYBE_VOTE ADD_MEDIA MANAGE_SELFIE DELETE_MEDIA';
const SPEC_FOLDER_ACTIONS: Record<SubmitterFolderAlias, string> = {
  TS_FOR_REVIEW: FOR_REVIEW,
  TS_HOLD_LATER: FOR_REVIEW.replace(' MAYBE_VOTE', ''),
  TS_ALL_SUBMISSIONS: 'COPY ADD_MEDIA SEND_EMAIL',
  TS_HIDDEN: 'DELETE HIDE ADD_MEDIA MANAGE_SELFIE DELETE_MEDIA',
  TS_NEW_SUBMISSIONS: 'ADD_MEDIA COPY SEND_EMAIL',
  TS_INVITED: '',
};

const folderCases = SUBMITTER_FOLDER_ALIASES.flatMap((folder) =>
  SUBMITTER_FOLDER_ACTION_NAMES.map((action) => ({
    folder,
    action,
    expected: SPEC_FOLDER_ACTIONS[folder].split(' ').includes(action),
  })),
);

describe('submitter folder actions', () => {
  it('keys the table by every submitter folder', () => {
    expect(Object.keys(SUBMITTER_FOLDER_ACTIONS).sort()).toEqual([...SUBMITTER_FOLDER_ALIASES].sort());
  });

  it.each(folderCases)('TS in $folder may $action: $expected', ({ folder, action, expected }) => {
    expect(canInSubmitterFolder('TS', folder, action)).toBe(expected);
  });

  it.each(folderCases.filter((c) => c.expected))(
    'SA and others may not $action in $folder',
    ({ folder, action }) => {
      for (const actor of ['SA', 'PO', 'PE', 'TE', 'CLIENT', null] as const) {
        expect(canInSubmitterFolder(actor, folder, action)).toBe(false);
      }
    },
  );

  it('gives no submitter actions in regular folders', () => {
    const actions: SubmitterFolderAction[] = ['COPY', 'MOVE'];
    for (const action of actions) {
      expect(canInSubmitterFolder('TS', 'SELECTS', action)).toBe(false);
      expect(canInSubmitterFolder('TS', null, action)).toBe(false);
    }
  });
});
