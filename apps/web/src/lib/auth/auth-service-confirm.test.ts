import { describe, expect, it } from 'vitest';
import { buildUser, sessionGrant } from '../../../test/factories';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { HttpError } from '../http/http-error';
import { createAuthService } from './auth-service';

const notSignedIn = () => jsonResponse(401, { code: 'INVALID_REFRESH_TOKEN', message: 'Not signed in' });

describe('auth service: confirming a second-factor sign-in', () => {
  it('sends the code with the challenge handle and becomes signed in', async () => {
    const user = buildUser();
    const double = createFetchDouble({
      'POST /api/auth/refresh': notSignedIn,
      'POST /api/auth/confirm-sign-in': () =>
        jsonResponse(200, { status: 'SIGNED_IN', ...sessionGrant('after-code') }),
      'GET /api/users/me': () => jsonResponse(200, user),
    });
    const auth = createAuthService({ fetch: double.fetch, log: () => undefined });
    await auth.start();

    const result = await auth.confirmSignIn({ challengeResponse: '123456', session: 'challenge-1' });

    expect(result).toEqual({ kind: 'signedIn', user });
    expect(auth.getState().session).toEqual({ trackingId: 'track-1', durationMinutes: 240 });
    const [call] = double.callsTo('POST /api/auth/confirm-sign-in');
    expect(call?.body).toEqual({ challengeResponse: '123456', session: 'challenge-1' });
    expect(call?.headers.get('X-Requested-With')).toBe('casting-web');
    expect(double.callsTo('GET /api/users/me')[0]?.headers.get('Authorization')).toBe('Bearer after-code');
  });

  it('rejects with the server refusal and stays signed out on a wrong code', async () => {
    const double = createFetchDouble({
      'POST /api/auth/refresh': notSignedIn,
      'POST /api/auth/confirm-sign-in': () =>
        jsonResponse(401, { code: 'INVALID_CODE', message: 'Invalid code or auth state for the user.' }),
    });
    const auth = createAuthService({ fetch: double.fetch, log: () => undefined });
    await auth.start();

    const outcome = await auth
      .confirmSignIn({ challengeResponse: '000000', session: 'challenge-1' })
      .catch((error: unknown) => error);

    expect(outcome).toBeInstanceOf(HttpError);
    expect((outcome as HttpError).code).toBe('INVALID_CODE');
    expect(auth.getState().status).toBe('signedOut');
    expect(double.callsTo('GET /api/users/me')).toHaveLength(0);
  });
});
