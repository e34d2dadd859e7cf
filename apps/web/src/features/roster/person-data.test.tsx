import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PERSON_DATA_MESSAGES, personErasureCountsSchema } from '@casting/domain';
import { describe, expect, it } from 'vitest';
import { buildUser, sessionGrant } from '../../../test/factories';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { renderApp } from '../../../test/render-app';

// The person dialog's Data protection section against a fetch double; the API's side is tested on a real database
// in apps/api/test/roster (erasure.test.ts, export.test.ts).
const me = buildUser({ id: 'me', roleCode: 'CASTING_DIRECTOR', firstName: 'Dee', lastName: 'Rector' });

const ada = {
  id: 'p1',
  firstName: 'Ada',
  lastName: 'Quill',
  email: 'ada@example.com',
  phone: null,
  dateOfBirth: null,
  age: null,
  location: null,
  tags: [],
  projectCount: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
};

const readyExport = {
  id: 'e1',
  status: 'READY',
  progress: 100,
  fileCount: 3,
  size: 2_400_000,
  requestedBy: 'Dee Rector',
  createdAt: '2026-11-02T10:00:00.000Z',
  expiresAt: '2026-11-09T10:00:00.000Z',
  url: 'http://files.test/e1.zip',
};

function api(options: { mayManageData: boolean }) {
  let erased = false;
  const double = createFetchDouble({
    'POST /api/auth/refresh': () => jsonResponse(200, sessionGrant()),
    'GET /api/users/me': () => jsonResponse(200, me),
    'GET /api/projects/accessed-projects': () =>
      jsonResponse(200, { items: [], total: 0, totalCapped: false, limit: 20, offset: 0 }),
    'GET /api/projects/lookups/role-genders': () =>
      jsonResponse(200, { items: [], total: 0, limit: 100, offset: 0 }),
    'GET /api/roster/tags': () => jsonResponse(200, { items: [] }),
    'GET /api/roster/people': () => jsonResponse(200, { items: erased ? [] : [ada], nextCursor: null }),
    'GET /api/roster/people/p1': () =>
      jsonResponse(200, {
        ...ada,
        genderId: null,
        skills: [],
        languages: [],
        notes: [],
        applications: [],
        hiddenApplications: 0,
        likelyDuplicates: [],
        mayManageData: options.mayManageData,
      }),
    'GET /api/roster/people/p1/exports': () => jsonResponse(200, { items: [readyExport] }),
    'POST /api/roster/people/p1/export': () =>
      jsonResponse(202, { ...readyExport, id: 'e2', status: 'QUEUED', progress: 0, url: null, size: null }),
    'POST /api/roster/people/p1/erase': () => {
      erased = true;
      const removed = Object.fromEntries(Object.keys(personErasureCountsSchema.shape).map((key) => [key, 1]));
      return jsonResponse(200, { id: 'p1', removed });
    },
  });
  return double;
}

async function openAda() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Ada Quill' }, { timeout: 5_000 }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Ada Quill' }) };
}

describe('a person’s data protection section', () => {
  it('exports, offers the ready download, and erases only once the name or e-mail is retyped', async () => {
    const double = api({ mayManageData: true });
    renderApp('/roster', double.fetch);
    const { user, dialog } = await openAda();
    const exports = await within(dialog).findByRole('list', { name: PERSON_DATA_MESSAGES.exportsLabel });
    expect(within(exports).getByRole('link', { name: /Download \(3 files, 2\.3 MB\)/ })).toHaveAttribute(
      'href',
      readyExport.url,
    );
    await user.click(within(dialog).getByRole('button', { name: PERSON_DATA_MESSAGES.exportData }));
    await waitFor(() => expect(double.callsTo('POST /api/roster/people/p1/export')).toHaveLength(1));

    await user.click(within(dialog).getByRole('button', { name: PERSON_DATA_MESSAGES.erasePerson }));
    const confirm = await screen.findByRole('dialog', { name: PERSON_DATA_MESSAGES.eraseTitle('Ada Quill') });
    expect(within(confirm).getByText(PERSON_DATA_MESSAGES.eraseIrreversible)).toBeInTheDocument();
    const field = within(confirm).getByRole('textbox', {
      name: PERSON_DATA_MESSAGES.confirmLabel('Ada Quill', 'ada@example.com'),
    });
    const erase = within(confirm).getByRole('button', { name: PERSON_DATA_MESSAGES.erasePerson });
    await user.type(field, 'Ada');
    expect(erase).toBeDisabled();
    await user.type(field, ' quill');
    expect(erase).toBeEnabled();
    await user.click(erase);
    await waitFor(() =>
      expect(double.callsTo('POST /api/roster/people/p1/erase')[0]?.body).toEqual({ confirm: 'Ada quill' }),
    );
    await waitFor(() => expect(screen.queryAllByRole('dialog')).toHaveLength(0));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Ada Quill' })).not.toBeInTheDocument());
  });

  it('is not shown to those who may not export or erase', async () => {
    renderApp('/roster', api({ mayManageData: false }).fetch);
    const { dialog } = await openAda();
    await within(dialog).findByText('ada@example.com');
    expect(within(dialog).queryByRole('button', { name: PERSON_DATA_MESSAGES.erasePerson })).toBeNull();
  });
});
