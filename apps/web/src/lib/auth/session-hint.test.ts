import { describe, expect, it } from 'vitest';
import { buildUser, sessionGrant } from '../../../test/factories';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { createAuthService } from './auth-service';
import { localSessionHint } from './session-hint';

const quiet = () => undefined;

function setup() {
  window.localStorage.clear();
  const double = createFetchDouble({
    'POST /api/auth/refresh': () => jsonResponse(200, sessionGrant('restored')),
    'POST /api/auth/sign-in': () => jsonResponse(200, { status: 'SIGNED_IN', ...sessionGrant('fresh') }),
    'POST /api/auth/sign-out': () => new Response(null, { status: 204 }),
    'GET /api/users/me': () => jsonResponse(200, buildUser()),
  });
  const make = () => createAuthService({ fetch: double.fetch, log: quiet, sessionHint: localSessionHint() });
  return { double, make };
}

describe('session hint', () => {
  it('starts signed out without asking the API when this browser never signed in', async () => {
    const { double, make } = setup();
    const auth = make();

    await auth.start();

    expect(auth.getState().status).toBe('signedOut');
    expect(double.callsTo('POST /api/auth/refresh')).toHaveLength(0);
  });

  it('restores the session on the next load after a sign-in, and not after a sign-out', async () => {
    const { double, make } = setup();
    const first = make();
    await first.start();
    await first.signIn({ email: 'dana@example.com', password: 'secret' });

    const reloaded = make();
    await reloaded.start();
    expect(reloaded.getState().status).toBe('signedIn');
    expect(double.callsTo('POST /api/auth/refresh')).toHaveLength(1);

    await reloaded.signOut();
    const afterSignOut = make();
    await afterSignOut.start();
    expect(afterSignOut.getState().status).toBe('signedOut');
    expect(double.callsTo('POST /api/auth/refresh')).toHaveLength(1);
  });
});
