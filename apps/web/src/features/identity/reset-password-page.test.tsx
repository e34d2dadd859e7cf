import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { renderApp } from '../../../test/render-app';

function api() {
  return createFetchDouble({
    'POST /api/auth/refresh': () =>
      jsonResponse(401, { code: 'INVALID_REFRESH_TOKEN', message: 'Not signed in' }),
    'POST /api/auth/forgot-password': () => jsonResponse(200, { message: 'If this address...' }),
    'POST /api/auth/reset-password': () => jsonResponse(200, { passwordReset: true }),
  });
}

describe('forgot and reset password', () => {
  it("sends the address with 'Reset password' and goes to check-email", async () => {
    const double = api();
    const { router } = renderApp('/auth/forgot-password', double.fetch);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Email'), 'Dana@Example.com');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/check-email'));
    expect(router.state.location.search).toBe('?email=dana%40example.com');
    expect(double.callsTo('POST /api/auth/forgot-password')[0]?.body).toEqual({ email: 'dana@example.com' });
  });

  it("shows 'An unknown error occurred.' when the request fails without an explanation", async () => {
    const double = api();
    double.on('POST /api/auth/forgot-password', () => jsonResponse(502));
    renderApp('/auth/forgot-password', double.fetch);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Email'), 'dana@example.com');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('An unknown error occurred.');
  });

  it('resets with the code and address from the link, then shows the success page', async () => {
    const double = api();
    const { router } = renderApp('/auth/reset-password?code=123456&email=dana%40example.com', double.fetch);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('New password'), 'Better#Pass1');
    await user.type(screen.getByLabelText('Confirm password'), 'Better#Pass2');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Passwords must match'),
    );
    expect(screen.queryByLabelText('Reset code')).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'Better#Pass1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/reset-password-successfully'));
    expect(double.callsTo('POST /api/auth/reset-password')[0]?.body).toEqual({
      email: 'dana@example.com',
      code: '123456',
      newPassword: 'Better#Pass1',
    });
    expect(await screen.findByRole('heading', { name: 'Password reset successfully' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/sign-in');
  });

  it('asks for the code when the link carried none, and shows a wrong code in the friendly wording', async () => {
    const double = api();
    double.on('POST /api/auth/reset-password', () =>
      jsonResponse(400, { code: 'INVALID_CODE', message: 'Invalid code or auth state for the user.' }),
    );
    renderApp('/auth/reset-password?email=dana%40example.com', double.fetch);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Reset code'), '999999');
    await user.type(screen.getByLabelText('New password'), 'Better#Pass1');
    await user.type(screen.getByLabelText('Confirm password'), 'Better#Pass1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid verification code. Please try again.',
    );
  });

  it("asks for a code once the server refuses the link's, and sends the one typed", async () => {
    const double = api();
    double.on('POST /api/auth/reset-password', () =>
      jsonResponse(400, {
        code: 'CODE_EXPIRED',
        message: 'This code has expired. Please request a new one.',
      }),
    );
    const { router } = renderApp('/auth/reset-password?code=123456&email=dana%40example.com', double.fetch);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('New password'), 'Better#Pass1');
    await user.type(screen.getByLabelText('Confirm password'), 'Better#Pass1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This code has expired. Please request a new one.',
    );
    const code = screen.getByLabelText('Reset code');
    expect(code).toHaveValue('123456');
    expect(screen.getByRole('link', { name: 'Send me a new code' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );

    double.on('POST /api/auth/reset-password', () => jsonResponse(200, { passwordReset: true }));
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/reset-password-successfully'));
    expect(double.callsTo('POST /api/auth/reset-password').map((call) => call.body)).toEqual([
      { email: 'dana@example.com', code: '123456', newPassword: 'Better#Pass1' },
      { email: 'dana@example.com', code: '654321', newPassword: 'Better#Pass1' },
    ]);
  });
});
