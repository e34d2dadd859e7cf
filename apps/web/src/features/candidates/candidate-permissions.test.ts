import { describe, expect, it } from 'vitest';
import { mayDo } from './candidate-permissions';

describe('candidate actions offered', () => {
  it('the casting team acts by the matrix: a talent editor may not reorder, a project editor may', () => {
    const scope = { folderAlias: 'SELECTS', submitterView: false };
    expect(mayDo({ ...scope, actor: 'TE' }, 'MOVE')).toBe(true);
    expect(mayDo({ ...scope, actor: 'TE' }, 'REORDER')).toBe(false);
    expect(mayDo({ ...scope, actor: 'PE' }, 'REORDER')).toBe(true);
  });

  it('a talent submitter acts only inside a submitter folder, as its action table says', () => {
    expect(mayDo({ actor: 'TS', folderAlias: null, submitterView: false }, 'COPY')).toBe(false);
    expect(mayDo({ actor: 'TS', folderAlias: 'TS_FOR_REVIEW', submitterView: false }, 'MAYBE_VOTE')).toBe(
      true,
    );
    expect(mayDo({ actor: 'TS', folderAlias: 'TS_HOLD_LATER', submitterView: false }, 'MAYBE_VOTE')).toBe(
      false,
    );
    expect(mayDo({ actor: 'TS', folderAlias: 'TS_NEW_SUBMISSIONS', submitterView: false }, 'MOVE')).toBe(
      false,
    );
    expect(mayDo({ actor: 'TS', folderAlias: 'TS_FOR_REVIEW', submitterView: false }, 'TAGS')).toBe(false);
    expect(
      mayDo({ actor: 'TS', folderAlias: 'TS_FOR_REVIEW', submitterView: false }, 'FOLDER_ADD_REMOVE'),
    ).toBe(true);
    expect(
      mayDo({ actor: 'TS', folderAlias: 'TS_ALL_SUBMISSIONS', submitterView: false }, 'FOLDER_ADD_REMOVE'),
    ).toBe(false);
    expect(mayDo({ actor: 'TS', folderAlias: 'TS_INVITED', submitterView: false }, 'COPY')).toBe(false);
  });

  it('a super admin may look at the submitter folders but not act there', () => {
    expect(mayDo({ actor: 'SA', folderAlias: 'TS_FOR_REVIEW', submitterView: true }, 'UP_VOTE')).toBe(false);
    expect(mayDo({ actor: 'SA', folderAlias: null, submitterView: true }, 'DELETE')).toBe(false);
    expect(mayDo({ actor: 'SA', folderAlias: null, submitterView: false }, 'DELETE')).toBe(true);
  });

  it("offers 'send e-mail' to the casting team, and to a talent submitter where the folder table allows it", () => {
    expect(mayDo({ actor: 'TE', folderAlias: 'SELECTS', submitterView: false }, 'SEND_EMAIL')).toBe(true);
    expect(
      mayDo({ actor: 'TS', folderAlias: 'TS_ALL_SUBMISSIONS', submitterView: false }, 'SEND_EMAIL'),
    ).toBe(true);
    expect(mayDo({ actor: 'TS', folderAlias: 'TS_HIDDEN', submitterView: false }, 'SEND_EMAIL')).toBe(false);
    expect(mayDo({ actor: 'TS', folderAlias: 'TS_INVITED', submitterView: false }, 'SEND_EMAIL')).toBe(false);
    expect(mayDo({ actor: 'CLIENT', folderAlias: null, submitterView: false }, 'SEND_EMAIL')).toBe(false);
  });

  it('offers asking for and removing a selfie to the team, and to a talent submitter in For review, Hold for later and Hidden', () => {
    expect(mayDo({ actor: 'TE', folderAlias: 'SELECTS', submitterView: false }, 'SELFIE')).toBe(true);
    for (const folderAlias of ['TS_FOR_REVIEW', 'TS_HOLD_LATER', 'TS_HIDDEN']) {
      expect(mayDo({ actor: 'TS', folderAlias, submitterView: false }, 'SELFIE')).toBe(true);
    }
    for (const folderAlias of ['TS_ALL_SUBMISSIONS', 'TS_NEW_SUBMISSIONS', 'TS_INVITED']) {
      expect(mayDo({ actor: 'TS', folderAlias, submitterView: false }, 'SELFIE')).toBe(false);
    }
    expect(mayDo({ actor: 'SA', folderAlias: 'TS_HIDDEN', submitterView: true }, 'SELFIE')).toBe(false);
  });
});
