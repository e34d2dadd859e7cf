import { AUDITION_TEXTS, type Folder } from '@casting/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildAuditionSession } from '../../../test/factories';
import { jsonResponse } from '../../../test/fetch-double';
import { renderWithApi } from '../../../test/render-with-api';
import { CallbackDialog } from './callback-dialog';

const PROJECT = '0190a5f6-0000-7000-8000-000000000001';
const SESSION = '0190a5f6-0000-7000-8000-000000000002';
const ROLE = '0190a5f6-0000-7000-8000-000000000003';
const OTHER_ROLE = '0190a5f6-0000-7000-8000-000000000004';
const CALLBACK = `POST /api/projects/${PROJECT}/auditions/sessions/${SESSION}/callback`;
const T = AUDITION_TEXTS;

const folder = (id: string, roleId: string, name: string): Folder => ({
  id,
  projectId: PROJECT,
  roleId,
  name,
  systemAlias: null,
  isSystem: false,
  position: 0,
});

const source = buildAuditionSession({
  id: SESSION,
  projectId: PROJECT,
  roleIds: [ROLE],
  place: '1 Studio Lane',
});

describe('filling a callback', () => {
  it('offers the folders of the session’s opportunities and invites the chosen one’s candidates too', async () => {
    const double = renderWithApi(
      {
        [`GET /api/projects/${PROJECT}/folders`]: () =>
          jsonResponse(200, {
            items: [
              folder('f-short', ROLE, 'Shortlist'),
              folder('f-other', OTHER_ROLE, 'Another role’s picks'),
            ],
            folderFeedbackEnabled: false,
          }),
        [`GET /api/v2/projects/${PROJECT}/roles/options`]: () =>
          jsonResponse(200, { items: [{ value: ROLE, label: 'Lead', description: null }] }),
        // The answer does not matter here: what was asked for does.
        [CALLBACK]: () => jsonResponse(409, { code: 'CONFLICT', message: 'Refused for the test.' }),
      },
      <CallbackDialog
        open
        onOpenChange={() => undefined}
        projectId={PROJECT}
        source={source}
        candidates={[]}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: T.fromFolder }));
    expect(await screen.findByRole('option', { name: 'Shortlist' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Another role’s picks' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Shortlist' }));
    await user.type(screen.getByLabelText(T.fields.day, { exact: true }), '2031-06-17');
    await user.click(screen.getByRole('button', { name: T.createCallback }));

    await waitFor(() => expect(double.callsTo(CALLBACK)).toHaveLength(1));
    expect(double.callsTo(CALLBACK)[0]!.body).toMatchObject({ folderId: 'f-short', minRating: 4 });
    expect(await screen.findByRole('alert')).toHaveTextContent('Refused for the test.');
  });
});
