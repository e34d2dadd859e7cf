import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportJob } from '@casting/domain';
import { describe, expect, it } from 'vitest';
import { buildUser, sessionGrant } from '../../../test/factories';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import type { RecordedCall } from '../../../test/fetch-double';
import { renderApp } from '../../../test/render-app';

// The page against a fetch double; the import API itself is tested against a real database in apps/api/test/import.
const me = buildUser({ id: 'me', roleCode: 'CASTING_DIRECTOR', firstName: 'Dee', lastName: 'Rector' });

function job(id: string, fileName: string, overrides: Partial<ImportJob> = {}): ImportJob {
  return {
    id,
    status: 'DONE',
    fileName,
    target: 'ROSTER',
    projectId: null,
    roleId: null,
    total: 12,
    processed: 12,
    imported: 10,
    existing: 0,
    failed: 2,
    error: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    finishedAt: '2026-11-20T10:01:00.000Z',
    ...overrides,
  };
}

const OLD = '00000000-0000-4000-8000-000000000003';

function api() {
  return createFetchDouble({
    'POST /api/auth/refresh': () => jsonResponse(200, sessionGrant()),
    'GET /api/users/me': () => jsonResponse(200, me),
    'GET /api/projects/accessed-projects': () =>
      jsonResponse(200, { items: [], total: 0, totalCapped: false, limit: 20, offset: 0 }),
    'GET /api/projects': () =>
      jsonResponse(200, { items: [], total: 0, totalCapped: false, limit: 20, offset: 0 }),
    'GET /api/import/jobs': (call: RecordedCall) =>
      new URL(call.url, 'http://localhost').searchParams.get('cursor') === 'page-2'
        ? jsonResponse(200, { items: [job(OLD, 'october-open-call.csv')], nextCursor: null })
        : jsonResponse(200, {
            items: [
              job('00000000-0000-4000-8000-000000000001', 'november.csv'),
              job('00000000-0000-4000-8000-000000000002', 'extras.xlsx', { failed: 0 }),
            ],
            nextCursor: 'page-2',
          }),
    [`GET /api/import/jobs/${OLD}`]: () => jsonResponse(200, job(OLD, 'october-open-call.csv')),
    [`GET /api/import/jobs/${OLD}/failed-rows`]: () =>
      jsonResponse(200, {
        items: [
          { row: 4, name: 'Zoë Quinn', reason: 'E-mail: Invalid email address' },
          { row: 9, name: 'Al Bo', reason: 'Same person as row 3' },
        ],
      }),
  });
}

describe('import page, past imports', () => {
  it('pages through past imports and reopens one with its failed rows to download', async () => {
    const double = api();
    renderApp('/import', double.fetch);
    const past = await screen.findByRole('region', { name: 'Your past imports' }, { timeout: 5_000 });
    expect(within(past).getAllByRole('listitem')).toHaveLength(2);
    const user = userEvent.setup();
    await user.click(within(past).getByRole('button', { name: 'Show more imports' }));
    const reopen = await within(past).findByRole('link', { name: /october-open-call\.csv/ });
    expect(within(past).queryByRole('button', { name: 'Show more imports' })).not.toBeInTheDocument();

    await user.click(reopen);
    expect(await screen.findByRole('heading', { name: 'october-open-call.csv' })).toBeInTheDocument();
    expect(
      screen.getByText('Import finished: 10 added, 0 already there, 2 not imported.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('E-mail: Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Same person as row 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download failed rows (CSV)' })).toBeInTheDocument();
  });
});

describe('import page, an import that ends while open', () => {
  it('moves its entry in the past imports from Running to Finished with its counts', async () => {
    const RUNNING = '00000000-0000-4000-8000-000000000004';
    let done = false;
    const current = () =>
      done
        ? job(RUNNING, 'december.csv', { imported: 3, failed: 0, processed: 3, total: 3 })
        : job(RUNNING, 'december.csv', {
            status: 'RUNNING',
            imported: 0,
            failed: 0,
            processed: 0,
            total: 3,
            finishedAt: null,
          });
    const double = api();
    double.on('GET /api/import/jobs', () => jsonResponse(200, { items: [current()], nextCursor: null }));
    double.on(`GET /api/import/jobs/${RUNNING}`, () => jsonResponse(200, current()));
    renderApp(`/import?job=${RUNNING}`, double.fetch);
    const past = await screen.findByRole('region', { name: 'Your past imports' }, { timeout: 5_000 });
    expect(within(past).getByText('Running')).toBeInTheDocument();

    done = true;
    expect(
      await screen.findByText(
        'Import finished: 3 added, 0 already there, 0 not imported.',
        {},
        { timeout: 5_000 },
      ),
    ).toBeInTheDocument();
    expect(await within(past).findByText('Finished')).toBeInTheDocument();
    expect(within(past).getByText('3 imported, 0 not imported')).toBeInTheDocument();
  });
});
