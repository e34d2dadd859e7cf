import { OFFICE_TEXTS, RETENTION_TEXTS } from '@casting/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fetch-double';
import type { RecordedCall } from '../../../test/fetch-double';
import { renderApp } from '../../../test/render-app';
import { formatMoment } from '../../lib/format/moment';
import { officesServer } from './offices-fixtures';

const cursorOf = (call: RecordedCall) => new URL(call.url, 'http://localhost').searchParams.get('cursor');

const LEGAL = { termsText: null, privacyText: null, legalVersion: 1, termsVersion: 1, privacyVersion: 1 };

const item = (id: string, name: string, noticeSentAt: string | null) => ({
  projectId: id,
  projectName: name,
  archivedAt: '2031-01-01T10:00:00.000Z',
  noticeSentAt,
  purgeAt: '2031-03-02T10:00:00.000Z',
  candidates: 12,
  mediaItems: 40,
});

function server(retention: (call: RecordedCall) => Response) {
  return officesServer({
    overrides: {
      'GET /api/offices/current/legal': () => jsonResponse(200, LEGAL),
      'GET /api/offices/current/support-access': () => jsonResponse(200, { active: false, expiresAt: null }),
      'GET /api/offices/current/retention': retention,
    },
  });
}

describe('the retention section of the office settings', () => {
  it('says nothing is purged while the office keeps its candidates’ data', async () => {
    renderApp(
      '/office/settings',
      server(() =>
        jsonResponse(200, {
          retentionDays: null,
          noticeDays: 7,
          items: [],
          nextCursor: null,
        }),
      ).fetch,
    );
    expect(await screen.findByText(RETENTION_TEXTS.off)).toBeInTheDocument();
  });

  it('lists each archived project’s purge with its dates and counts, and pages with the cursor', async () => {
    const double = server((call) =>
      cursorOf(call) === 'page-2'
        ? jsonResponse(200, {
            retentionDays: 60,
            noticeDays: 7,
            items: [item('p-2', 'Winter Tale', '2031-02-23T10:00:00.000Z')],
            nextCursor: null,
          })
        : jsonResponse(200, {
            retentionDays: 60,
            noticeDays: 7,
            items: [item('p-1', 'Harbor Lights', null)],
            nextCursor: 'page-2',
          }),
    );
    renderApp('/office/settings', double.fetch);
    await screen.findByLabelText('Office name');
    expect(await screen.findByText(RETENTION_TEXTS.intro(60))).toBeInTheDocument();
    const table = screen.getByRole('table', { name: RETENTION_TEXTS.caption });
    const row = within(table).getByRole('row', { name: /Harbor Lights/ });
    // Moments name their time zone.
    expect(within(row).getByText(formatMoment('2031-03-02T10:00:00.000Z'))).toBeInTheDocument();
    expect(formatMoment('2031-03-02T10:00:00.000Z')).toMatch(/[A-Z]{2,}|GMT|UTC/);
    expect(within(row).getByText(RETENTION_TEXTS.noticeDue)).toBeInTheDocument();
    expect(within(row).getByText('12')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: RETENTION_TEXTS.showMore }));
    const next = await within(table).findByRole('row', { name: /Winter Tale/ });
    expect(
      within(next).getByText(RETENTION_TEXTS.noticeSent(formatMoment('2031-02-23T10:00:00.000Z'))),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: RETENTION_TEXTS.showMore })).not.toBeInTheDocument();
    expect(double.callsTo('GET /api/offices/current/retention').map(cursorOf)).toEqual([null, 'page-2']);
  });

  it('is not shown to a member who does not run the office', async () => {
    const double = officesServer({ myRole: 'CASTING_DIRECTOR' });
    renderApp('/office/settings', double.fetch);
    expect(await screen.findByText(OFFICE_TEXTS.onlyOwnersChangeSettings)).toBeInTheDocument();
    expect(screen.queryByText(RETENTION_TEXTS.section)).not.toBeInTheDocument();
    expect(double.callsTo('GET /api/offices/current/retention')).toEqual([]);
  });
});
