import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { buildUser, sessionGrant } from '../../../test/factories';
import { createFetchDouble, deferred, jsonResponse } from '../../../test/fetch-double';
import type { FetchHandler } from '../../../test/fetch-double';
import { createAuthService } from './auth-service';

const quiet = () => undefined;
const notSignedIn = () => jsonResponse(401, { code: 'INVALID_REFRESH_TOKEN', message: 'Not signed in' });

function setup(handlers: Record<string, FetchHandler>) {
  const double = createFetchDouble(handlers);
  const onTalentRefused = vi.fn();
  const auth = createAuthService({ fetch: double.fetch, log: quiet, onTalentRefused });
  return { auth, double, onTalentRefused };
}

describe('auth service', () => {
  it('starts loading, then restores a session from the refresh cookie and loads the user', async () => {
    const user = buildUser();
    const { auth, double } = setup({
      'POST /api/auth/refresh': () => jsonResponse(200, sessionGrant('restored')),
      'GET /api/users/me': () => jsonResponse(200, user),
    });
    expect(auth.getState().status).toBe('loading');

    await auth.start();

    expect(auth.getState()).toEqual({
      status: 'signedIn',
      user,
      session: { trackingId: 'track-1', durationMinutes: 240 },
    });
    const [refresh] = double.callsTo('POST /api/auth/refresh');
    expect(refresh?.credentials).toBe('same-origin');
    expect(refresh?.headers.get('X-Requested-With')).toBe('casting-web');
    expect(refresh?.headers.has('Authorization')).toBe(false);
    expect(double.callsTo('GET /api/users/me')[0]?.headers.get('Authorization')).toBe('Bearer restored');
  });

  it('settles signed out when there is no session to restore', async () => {
    const { auth, double } = setup({ 'POST /api/auth/refresh': notSignedIn });

    await auth.start();

    expect(auth.getState().status).toBe('signedOut');
    expect(double.callsTo('GET /api/users/me')).toHaveLength(0);
  });

  it('signs in with credentials and becomes signed in with the loaded user', async () => {
    const user = buildUser({ roleCode: 'CASTING_DIRECTOR' });
    const { auth, double } = setup({
      'POST /api/auth/refresh': notSignedIn,
      'POST /api/auth/sign-in': () => jsonResponse(200, { status: 'SIGNED_IN', ...sessionGrant('fresh') }),
      'GET /api/users/me': () => jsonResponse(200, user),
    });
    await auth.start();

    const result = await auth.signIn({ email: 'dana@example.com', password: 'secret' });

    expect(result).toEqual({ kind: 'signedIn', user });
    expect(auth.getState().status).toBe('signedIn');
    const [signIn] = double.callsTo('POST /api/auth/sign-in');
    expect(signIn?.body).toEqual({ email: 'dana@example.com', password: 'secret' });
    expect(signIn?.headers.get('X-Requested-With')).toBe('casting-web');
  });

  it('hands a NEXT_STEP answer back without signing in', async () => {
    const nextStep = {
      status: 'NEXT_STEP',
      signInStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE',
      session: 's-1',
      codeDeliveryDetails: { destination: '+1***55' },
    };
    const { auth } = setup({
      'POST /api/auth/refresh': notSignedIn,
      'POST /api/auth/sign-in': () => jsonResponse(200, nextStep),
    });
    await auth.start();

    const result = await auth.signIn({ email: 'dana@example.com', password: 'secret' });

    expect(result).toEqual({ kind: 'nextStep', step: nextStep });
    expect(auth.getState().status).toBe('signedOut');
  });

  it('refuses a talent account: revokes the session, stays signed out and says why', async () => {
    const { auth, double, onTalentRefused } = setup({
      'POST /api/auth/refresh': notSignedIn,
      'POST /api/auth/sign-in': () => jsonResponse(200, { status: 'SIGNED_IN', ...sessionGrant() }),
      'GET /api/users/me': () => jsonResponse(200, buildUser({ roleCode: 'TALENT' })),
      'POST /api/auth/sign-out': () => jsonResponse(204),
    });
    await auth.start();

    const result = await auth.signIn({ email: 'talent@example.com', password: 'secret' });

    expect(result).toEqual({ kind: 'refused' });
    expect(auth.getState().status).toBe('signedOut');
    expect(double.callsTo('POST /api/auth/sign-out')).toHaveLength(1);
    expect(onTalentRefused).toHaveBeenCalledTimes(1);
  });

  it('signs out on the server and forgets the access token', async () => {
    const { auth, double } = setup({
      'POST /api/auth/refresh': () => jsonResponse(200, sessionGrant()),
      'GET /api/users/me': () => jsonResponse(200, buildUser()),
      'POST /api/auth/sign-out': () => jsonResponse(204),
      'GET /api/ping': () => jsonResponse(204),
    });
    await auth.start();

    await auth.signOut();
    await auth.http.send('/ping');

    expect(auth.getState()).toEqual({ status: 'signedOut', user: null, session: null });
    const [signOut] = double.callsTo('POST /api/auth/sign-out');
    expect(signOut?.credentials).toBe('same-origin');
    expect(signOut?.headers.get('X-Requested-With')).toBe('casting-web');
    expect(double.callsTo('GET /api/ping')[0]?.headers.has('Authorization')).toBe(false);
  });

  it('answers 5 concurrent 401s with exactly one refresh call and 5 successful retries', async () => {
    const release = deferred();
    let grants = 0;
    const { auth, double } = setup({
      'POST /api/auth/refresh': async () => {
        grants += 1;
        if (grants > 1) await release.promise;
        return jsonResponse(200, sessionGrant(`token-${grants}`));
      },
      'GET /api/users/me': () => jsonResponse(200, buildUser()),
      'GET /api/items': (call) =>
        call.headers.get('Authorization') === 'Bearer token-2'
          ? jsonResponse(200, { ok: true })
          : jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'Token expired' }),
    });
    await auth.start();

    const requests = Array.from({ length: 5 }, () =>
      auth.http.request('/items', z.object({ ok: z.boolean() })),
    );
    await vi.waitFor(() => expect(double.callsTo('POST /api/auth/refresh')).toHaveLength(2));
    await vi.waitFor(() => expect(double.callsTo('GET /api/items')).toHaveLength(5));
    release.resolve();

    await expect(Promise.all(requests)).resolves.toEqual(Array.from({ length: 5 }, () => ({ ok: true })));
    // One call at start-up to restore the session, then exactly one forced refresh for all five.
    expect(double.callsTo('POST /api/auth/refresh')).toHaveLength(2);
    expect(double.callsTo('GET /api/items')).toHaveLength(10);
  });

  it('signs the user out and rejects the queued requests when the forced refresh fails', async () => {
    const release = deferred();
    let grants = 0;
    const { auth, double } = setup({
      'POST /api/auth/refresh': async () => {
        grants += 1;
        if (grants === 1) return jsonResponse(200, sessionGrant());
        await release.promise;
        return jsonResponse(401, { code: 'SESSION_EXPIRED', message: 'Your session has expired' });
      },
      'GET /api/users/me': () => jsonResponse(200, buildUser()),
      'GET /api/items': () => jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'Token expired' }),
    });
    await auth.start();

    const requests = Array.from({ length: 5 }, () =>
      auth.http.send('/items').catch((caught: unknown) => caught),
    );
    await vi.waitFor(() => expect(double.callsTo('GET /api/items')).toHaveLength(5));
    release.resolve();
    const outcomes = await Promise.all(requests);

    expect(
      outcomes.every((outcome) => outcome instanceof Error && 'status' in outcome && outcome.status === 401),
    ).toBe(true);
    expect(auth.getState().status).toBe('signedOut');
    expect(double.callsTo('POST /api/auth/refresh')).toHaveLength(2);
    expect(double.callsTo('GET /api/items')).toHaveLength(5);
  });
});
