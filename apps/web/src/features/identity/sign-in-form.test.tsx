import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import type { FetchHandler } from '../../../test/fetch-double';
import { AuthProvider } from '../../lib/auth/auth-provider';
import { createAuthService } from '../../lib/auth/auth-service';
import { SignInForm } from './sign-in-form';
import type { SignInFormProps } from './sign-in-form';

function renderForm(signInAnswer: FetchHandler, props: SignInFormProps = {}, entry = '/auth/sign-in') {
  const double = createFetchDouble({
    'POST /api/auth/refresh': () =>
      jsonResponse(401, { code: 'INVALID_REFRESH_TOKEN', message: 'Not signed in' }),
    'POST /api/auth/sign-in': signInAnswer,
  });
  const auth = createAuthService({ fetch: double.fetch, log: () => undefined });
  render(
    <MemoryRouter initialEntries={[entry]}>
      <AuthProvider service={auth}>
        <SignInForm {...props} />
      </AuthProvider>
    </MemoryRouter>,
  );
  return { double, user: userEvent.setup() };
}

const unreachable: FetchHandler = () => {
  throw new Error('the form must not submit invalid values');
};

describe('SignInForm', () => {
  it('labels its fields and links to password recovery and sign-up', () => {
    renderForm(unreachable);

    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/auth/sign-up');
  });

  it('shows the domain messages under empty fields, linked with aria-describedby', async () => {
    const { user, double } = renderForm(unreachable);

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(email).toHaveAccessibleDescription('Email is required'));
    expect(password).toHaveAccessibleDescription('Password is required');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(double.callsTo('POST /api/auth/sign-in')).toHaveLength(0);
  });

  it('moves the focus to the first invalid field, and drops its message once the value is fixed', async () => {
    const { user, double } = renderForm(unreachable);

    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAccessibleDescription('Email is required'));
    expect(email).toHaveFocus();
    await user.type(email, 'dana@');
    expect(email).toHaveAccessibleDescription('Invalid email address');
    await user.type(email, 'example.com');
    expect(email).not.toHaveAccessibleDescription();
    expect(email).toHaveAttribute('aria-invalid', 'false');
    expect(double.callsTo('POST /api/auth/sign-in')).toHaveLength(0);
  });

  it('rejects a malformed e-mail address', async () => {
    const { user } = renderForm(unreachable);

    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Invalid email address'),
    );
    expect(screen.getByLabelText('Password')).not.toHaveAccessibleDescription();
  });

  it("shows the server's refusal in the alert region", async () => {
    const { user, double } = renderForm(() =>
      jsonResponse(401, { code: 'INVALID_CREDENTIALS', message: 'Incorrect email or password.' }),
    );

    await user.type(screen.getByLabelText('Email'), ' Dana@Example.com ');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password.');
    expect(double.callsTo('POST /api/auth/sign-in')[0]?.body).toEqual({
      email: 'dana@example.com',
      password: 'wrong',
    });
  });

  it('sends the secret of a mailed unlock link with the password, the address filled in from the link', async () => {
    const { user, double } = renderForm(
      () => jsonResponse(401, { code: 'INVALID_CREDENTIALS', message: 'Incorrect email or password.' }),
      {},
      '/auth/sign-in?email=dana%40example.com&unlock=secret.sig',
    );

    expect(screen.getByLabelText('Email')).toHaveValue('dana@example.com');
    await user.type(screen.getByLabelText('Password'), 'Velvet#Harbor42');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByRole('alert');
    expect(double.callsTo('POST /api/auth/sign-in')[0]?.body).toEqual({
      email: 'dana@example.com',
      password: 'Velvet#Harbor42',
      unlock: 'secret.sig',
    });
  });

  const nextStep = {
    status: 'NEXT_STEP',
    signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE',
    session: 'challenge-1',
  };

  it('says additional verification is required when no code step is plugged in', async () => {
    const { user } = renderForm(() => jsonResponse(200, nextStep));

    await user.type(screen.getByLabelText('Email'), 'dana@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Additional verification is required.');
  });

  it('hands the next step to a plugged-in handler', async () => {
    const onNextStep = vi.fn();
    const { user } = renderForm(() => jsonResponse(200, nextStep), { onNextStep });

    await user.type(screen.getByLabelText('Email'), 'dana@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await vi.waitFor(() => expect(onNextStep).toHaveBeenCalledWith(nextStep, { email: 'dana@example.com' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
