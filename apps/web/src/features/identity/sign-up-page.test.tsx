import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import type { FetchHandler } from '../../../test/fetch-double';
import { renderApp } from '../../../test/render-app';

function api(register: FetchHandler) {
  return createFetchDouble({
    'POST /api/auth/refresh': () =>
      jsonResponse(401, { code: 'INVALID_REFRESH_TOKEN', message: 'Not signed in' }),
    'POST /api/staffs/register': register,
  });
}

const created = () =>
  jsonResponse(201, {
    userId: 'u-1',
    nextStep: 'CONFIRM_SIGN_UP',
    codeDeliveryDetails: { destination: 'd***@example.com' },
  });

async function fillForm(password = 'Casting#2024') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('First name'), 'Dana');
  await user.type(screen.getByLabelText('Last name'), 'Scott');
  await user.type(screen.getByLabelText('Email'), 'Dana@Example.com');
  await user.type(screen.getByLabelText('Password'), password);
  return user;
}

describe('sign-up page', () => {
  it('shows the live password checklist as the person types', async () => {
    renderApp('/auth/sign-up', api(created).fetch);
    const user = userEvent.setup();
    const password = await screen.findByLabelText('Password');
    const checklist = screen.getByRole('list', { name: 'Password requirements' });
    const item = (name: string) => within(checklist).getByText(name).closest('li');

    expect(item('At least 8 characters')).toHaveAttribute('data-met', 'false');
    await user.type(password, 'abcD1');
    expect(item('One capital letter')).toHaveAttribute('data-met', 'true');
    expect(item('One lowercase letter')).toHaveAttribute('data-met', 'true');
    expect(item('One number')).toHaveAttribute('data-met', 'true');
    expect(item('At least 8 characters')).toHaveAttribute('data-met', 'false');
    expect(item('One special character (@ # $ % &)')).toHaveAttribute('data-met', 'false');
    expect(item('At least 8 characters')).toHaveTextContent('(not met yet)');
    await user.type(password, '#xyz');
    expect(item('At least 8 characters')).toHaveAttribute('data-met', 'true');
    expect(item('One special character (@ # $ % &)')).toHaveTextContent('(met)');
    expect(password.getAttribute('aria-describedby')).toContain(checklist.id);
  });

  it('refuses a weak password with the catalogue message before calling the API', async () => {
    const double = api(created);
    renderApp('/auth/sign-up', double.fetch);

    const user = await fillForm('password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
        expect.stringContaining(
          'Password must contain at least one capital letter and one number and one special character',
        ),
      ),
    );
    expect(double.callsTo('POST /api/staffs/register')).toHaveLength(0);
  });

  it("creates the account as ADMIN, says 'Account created successfully' and leads to confirmation", async () => {
    const double = api(created);
    const { router } = renderApp('/auth/sign-up', double.fetch);

    const user = await fillForm();
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const dialog = await screen.findByRole('dialog', { name: 'Account created successfully' });
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('d***@example.com'));
    expect(within(dialog).getByRole('button', { name: 'Return to Homepage' })).toBeInTheDocument();
    expect(double.callsTo('POST /api/staffs/register')[0]?.body).toEqual({
      firstName: 'Dana',
      lastName: 'Scott',
      email: 'dana@example.com',
      password: 'Casting#2024',
      roleType: 'ADMIN',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Enter confirmation code' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/confirm-user'));
    expect(router.state.location.search).toBe('?email=dana%40example.com');
  });

  it("'Return to Homepage' goes home, which is sign-in for a visitor", async () => {
    const { router } = renderApp('/auth/sign-up', api(created).fetch);

    const user = await fillForm();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await user.click(await screen.findByRole('button', { name: 'Return to Homepage' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/sign-in'));
  });

  it("toasts the server's message, or 'An error occurred' when there is none", async () => {
    const double = api(() =>
      jsonResponse(409, { code: 'CONFLICT', message: 'An account with this email already exists.' }),
    );
    renderApp('/auth/sign-up', double.fetch);

    const user = await fillForm();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('An account with this email already exists.')).toBeInTheDocument();

    double.on('POST /api/staffs/register', () => Promise.reject(new TypeError('Failed to fetch')));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('An error occurred')).toBeInTheDocument();
  });

  it('puts a refused common password under the password field', async () => {
    const message = 'This password is too common. Please choose a less predictable one.';
    renderApp(
      '/auth/sign-up',
      api(() =>
        jsonResponse(400, {
          code: 'VALIDATION_FAILED',
          message,
          details: { issues: [{ path: 'body.password', message }] },
        }),
      ).fetch,
    );

    const user = await fillForm();
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(expect.stringContaining(message)),
    );
  });

  it('sends the casting office’s name as the office the sign-up creates', async () => {
    const double = api(created);
    renderApp('/auth/sign-up', double.fetch);

    const user = await fillForm();
    await user.type(screen.getByLabelText('Name of your casting office'), '  Harbor Casting ');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await screen.findByRole('dialog', { name: 'Account created successfully' });
    expect(double.callsTo('POST /api/staffs/register')[0]?.body).toMatchObject({ company: 'Harbor Casting' });
  });

  it('joins the inviting office through its token: the address filled in, no office of its own', async () => {
    const double = api(created);
    const token = 'tok-0123456789abcdefghij';
    renderApp(`/auth/sign-up?invitation=${token}&email=ari%40example.com`, double.fetch);

    expect(await screen.findByText(/You are joining an office by invitation/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Name of your casting office')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ari@example.com');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('First name'), 'Ari');
    await user.type(screen.getByLabelText('Last name'), 'Lee');
    await user.type(screen.getByLabelText('Password'), 'Casting#2024');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await screen.findByRole('dialog', { name: 'Account created successfully' });
    expect(double.callsTo('POST /api/staffs/register')[0]?.body).toEqual({
      firstName: 'Ari',
      lastName: 'Lee',
      email: 'ari@example.com',
      password: 'Casting#2024',
      roleType: 'ADMIN',
      invitationToken: token,
    });
  });
});
