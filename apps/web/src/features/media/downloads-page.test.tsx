import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fetch-double';
import type { FetchHandler } from '../../../test/fetch-double';
import { toast } from '../../lib/toast/toast';
import { DownloadsView } from './downloads-page';
import { setupHttp } from './media-test-http';

// The downloads page: a ready zip, an expired link, a signed-out visitor, someone else's download, a zip in progress.
afterEach(() => {
  toast.dismiss();
});

const DOWNLOAD_ID = '00000000-0000-4000-8000-0000000000d1';

describe('downloads page', () => {
  function renderPage(handler: FetchHandler, { signedIn = true, token = 'tok' } = {}) {
    const { double, wrap } = setupHttp({ 'GET /api/downloads/d1': handler });
    render(
      wrap(
        <MemoryRouter>
          <DownloadsView id="d1" token={token} signedIn={signedIn} />
        </MemoryRouter>,
      ),
    );
    return double;
  }

  it('offers a ready zip for download with its size and expiry, asking with the e-mailed token', async () => {
    const double = renderPage(() =>
      jsonResponse(200, {
        id: DOWNLOAD_ID,
        projectId: '00000000-0000-4000-8000-0000000000b1',
        status: 'READY',
        fileCount: 3,
        size: 5 * 1024 * 1024,
        url: '/api/files/zips/d1?sig=x',
        expiresAt: '2026-11-29T10:00:00.000Z',
        failureReason: null,
      }),
    );
    const link = await screen.findByRole('link', { name: 'Download media.zip' });
    expect(link).toHaveAttribute('href', '/api/files/zips/d1?sig=x');
    expect(screen.getByText('media.zip · 5.0 MB · 3 files')).toBeInTheDocument();
    expect(screen.getByText('This link works until 2026-11-29 (UTC).')).toBeInTheDocument();
    expect(double.calls[0]?.url).toBe('/api/downloads/d1?token=tok');
  });

  it('explains an expired link', async () => {
    renderPage(() =>
      jsonResponse(200, {
        id: DOWNLOAD_ID,
        projectId: '00000000-0000-4000-8000-0000000000b1',
        status: 'EXPIRED',
        fileCount: 2,
        size: null,
        url: null,
        expiresAt: '2026-11-01T10:00:00.000Z',
        failureReason: null,
      }),
    );
    expect(await screen.findByText(/has expired/)).toBeInTheDocument();
  });

  it('offers a signed-out visitor whose link does not open the sign-in', async () => {
    renderPage(() => jsonResponse(404, { code: 'NOT_FOUND', message: 'no' }), { signedIn: false, token: '' });
    expect(await screen.findByText(/or sign in with the account it was sent to/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/sign-in');
  });

  it('explains to a signed-in person that the download is not theirs', async () => {
    renderPage(() => jsonResponse(404, { code: 'NOT_FOUND', message: 'no' }));
    expect(
      await screen.findByText(/Only the person it was sent to and the project’s team/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('says a zip is still being prepared', async () => {
    renderPage(() =>
      jsonResponse(200, {
        id: DOWNLOAD_ID,
        projectId: '00000000-0000-4000-8000-0000000000b1',
        status: 'PENDING',
        fileCount: 0,
        size: null,
        url: null,
        expiresAt: '2026-11-29T10:00:00.000Z',
        failureReason: null,
      }),
    );
    expect((await screen.findAllByText(/being prepared/)).length).toBeGreaterThan(0);
  });
});
