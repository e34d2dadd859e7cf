import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { buildIdentityApp, createUser, signIn, updateUserRow } from '../support/identity';

let t: TestApp;
beforeAll(async () => {
  t = await buildIdentityApp();
});
afterAll(() => t.close());

describe('GET /api/users/me', () => {
  it('returns the signed-in User: names, e-mail, role with its id, agent, second-factor state', async () => {
    const user = await createUser({ firstName: 'Dana', lastName: 'Whitfield', imageUrl: null });
    const session = await signIn(t.app, user);
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: session.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      firstName: 'Dana',
      lastName: 'Whitfield',
      fullName: 'Dana Whitfield',
      email: user.email,
      imageUrl: null,
      roleId: 2,
      role: { id: 2, code: 'CASTING_DIRECTOR' },
      agent: null,
      otpRequired: false,
      otpEnabled: false,
      phoneNumber: null,
      smsMfaEnabled: false,
      mustChangePassword: false,
      // Whether the installation offers sign-in codes by text message (SMS_SIGN_IN), for the profile's phone form.
      textSignIn: true,
    });
  });

  it('shows the text-message phone masked like the sign-in destination', async () => {
    const user = await createUser();
    const session = await signIn(t.app, user);
    await updateUserRow(user.id, { phoneNumber: '+15551239876', smsMfaEnabled: true });
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: session.auth });
    expect(res.json()).toMatchObject({ phoneNumber: '+*******9876', smsMfaEnabled: true });
    expect(res.body).not.toContain('5551239876');
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });
});

describe('PATCH /api/users/me', () => {
  const edit = async (payload: object) => {
    const session = await signIn(t.app, await createUser());
    return t.app.inject({ method: 'PATCH', url: '/api/users/me', headers: session.auth, payload });
  };

  it('edits names and the avatar, and removes the avatar with null', async () => {
    const user = await createUser();
    const session = await signIn(t.app, user);
    const send = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/users/me', headers: session.auth, payload });
    const res = await send({
      firstName: ' Priya ',
      lastName: 'Raman',
      imageUrl: 'https://cdn.example.com/a.png',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Priya',
      lastName: 'Raman',
      fullName: 'Priya Raman',
      imageUrl: 'https://cdn.example.com/a.png',
    });
    expect((await send({ imageUrl: null })).json()).toMatchObject({ imageUrl: null, firstName: 'Priya' });
    expect((await send({})).json().firstName).toBe('Priya');
  });

  it.each([
    [{ firstName: '' }, 'First name is required'],
    [{ lastName: '   ' }, 'Last name is required'],
    [{ imageUrl: 'http://cdn.example.com/a.png' }, 'Invalid URL'],
    [{ imageUrl: 'javascript:alert(1)' }, 'Invalid URL'],
  ])('refuses %j', async (payload, message) => {
    const res = await edit(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('lets a talent read and edit their own profile', async () => {
    const session = await signIn(t.app, await createUser({ roleCode: 'TALENT' }));
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: session.auth,
      payload: { firstName: 'Leo' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().role.code).toBe('TALENT');
  });
});
