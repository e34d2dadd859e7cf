import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser, sessionGrant } from '../../../test/factories';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { AppProviders } from '../../app/providers';
import { createAuthService } from '../../lib/auth/auth-service';
import { createQueryClient } from '../../lib/query/query-client';

const MINUTE = 60_000;

function signedInApi() {
  return createFetchDouble({
    'POST /api/auth/refresh': () => jsonResponse(200, sessionGrant()),
    'GET /api/users/me': () => jsonResponse(200, buildUser()),
    'PATCH /api/session-tracking/track-1': () => jsonResponse(200, { data: { duration: 240 } }),
    'PATCH /api/session-tracking/track-1/extend': () => jsonResponse(200, { data: { duration: 240 } }),
    'DELETE /api/session-tracking/track-1': () => jsonResponse(200, { data: { duration: 240 } }),
    'POST /api/auth/sign-out': () => jsonResponse(204),
  });
}

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

function renderSignedIn(double = signedInApi()) {
  const auth = createAuthService({ fetch: double.fetch, log: () => undefined });
  render(
    <AppProviders auth={auth} queryClient={createQueryClient()}>
      <p>page</p>
    </AppProviders>,
  );
  return { auth, double };
}

describe('session tracker', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts tracking on sign-in with the CSRF header and the cookie', async () => {
    const { double } = renderSignedIn();
    await advance(0);

    const [call] = double.callsTo('PATCH /api/session-tracking/track-1');
    expect(call?.headers.get('X-Requested-With')).toBe('casting-web');
    expect(call?.credentials).toBe('same-origin');
    expect(call?.headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('warns in the last 2 minutes with a live countdown; Stay signed in extends', async () => {
    const { double } = renderSignedIn();
    await advance(0);

    await advance(237 * MINUTE + 30_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await advance(30_000);

    const overlay = screen.getByRole('dialog', { name: 'Your session is about to expire' });
    expect(screen.getByRole('timer')).toHaveTextContent('2:00');
    await advance(1000);
    expect(screen.getByRole('timer')).toHaveTextContent('1:59');
    expect(overlay).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await advance(0);

    expect(double.callsTo('PATCH /api/session-tracking/track-1/extend')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('at expiry ends the tracked session, signs out and says why', async () => {
    const { auth, double } = renderSignedIn();
    await advance(0);

    await advance(240 * MINUTE);
    // Sonner shows a toast on its next timer turn.
    await advance(100);

    expect(double.callsTo('DELETE /api/session-tracking/track-1')).toHaveLength(1);
    expect(double.callsTo('POST /api/auth/sign-out')).toHaveLength(1);
    expect(auth.getState().status).toBe('signedOut');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('You were signed out after a period of inactivity.')).toBeInTheDocument();
  });

  it("uses the tracking call's duration over the grant's", async () => {
    const double = signedInApi();
    double.on('PATCH /api/session-tracking/track-1', () => jsonResponse(200, { data: { duration: 3 } }));
    renderSignedIn(double);
    await advance(0);

    await advance(60_000);

    expect(screen.getByRole('dialog', { name: 'Your session is about to expire' })).toBeInTheDocument();
    await advance(2 * MINUTE);
    expect(double.callsTo('DELETE /api/session-tracking/track-1')).toHaveLength(1);
  });

  it('lets the person sign out from the overlay', async () => {
    const { auth, double } = renderSignedIn();
    await advance(0);
    await advance(238 * MINUTE + 30_000);

    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await advance(0);

    expect(double.callsTo('POST /api/auth/sign-out')).toHaveLength(1);
    expect(auth.getState().status).toBe('signedOut');
  });

  it('keeps an active person signed in and extends on their behalf', async () => {
    const { double, auth } = renderSignedIn();
    await advance(0);

    for (let minute = 0; minute < 300; minute += 1) {
      await advance(MINUTE);
      fireEvent.pointerMove(window);
    }

    expect(auth.getState().status).toBe('signedIn');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(double.callsTo('PATCH /api/session-tracking/track-1/extend').length).toBeGreaterThanOrEqual(19);
  });
});
