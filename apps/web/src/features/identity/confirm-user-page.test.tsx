import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { renderApp } from '../../../test/render-app';

function api() {
  return createFetchDouble({
    'POST /api/auth/refresh': () =>
      jsonResponse(401, { code: 'INVALID_REFRESH_TOKEN', message: 'Not signed in' }),
    'POST /api/users/confirm': () => jsonResponse(200, { confirmed: true }),
    'POST /api/users/resend-confirm': () => jsonResponse(200, { message: 'If this address...' }),
  });
}

describe('confirm-user page', () => {
  it('says the code was sent, checks its length, confirms and goes to sign-in', async () => {
    const double = api();
    const { router } = renderApp('/auth/confirm-user?email=dana%40example.com', double.fetch);
    const user = userEvent.setup();

    expect(
      await screen.findByText('Confirmation code sent to your email', { exact: false }),
    ).toHaveTextContent('dana@example.com');
    const code = screen.getByLabelText('Confirmation code');
    await user.type(code, '123');
    await user.click(screen.getByRole('button', { name: 'Confirm account' }));
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription('Confirmation code must be exactly 6 characters'),
    );
    expect(double.callsTo('POST /api/users/confirm')).toHaveLength(0);

    await user.type(code, '456');
    await user.click(screen.getByRole('button', { name: 'Confirm account' }));

    expect(await screen.findByText('User confirmed successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/sign-in'));
    // The sign-in form opens with the confirmed address filled in.
    expect(await screen.findByLabelText('Email')).toHaveValue('dana@example.com');
    expect(double.callsTo('POST /api/users/confirm')[0]?.body).toEqual({
      email: 'dana@example.com',
      code: '123456',
    });
  });

  it("resends the code, says 'Code sent successfully' and waits 30 s before another", async () => {
    const double = api();
    renderApp('/auth/confirm-user?email=dana%40example.com', double.fetch);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Resend code' }));

    expect(await screen.findByText('Code sent successfully')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend code in 30s' })).toBeDisabled();
    expect(double.callsTo('POST /api/users/resend-confirm')[0]?.body).toEqual({ email: 'dana@example.com' });
  });

  it('shows a wrong code in the friendly wording and asks for the address when the link had none', async () => {
    const double = api();
    double.on('POST /api/users/confirm', () =>
      jsonResponse(400, { code: 'INVALID_CODE', message: 'Invalid code or auth state for the user.' }),
    );
    renderApp('/auth/confirm-user?code=654321', double.fetch);
    const user = userEvent.setup();

    expect(await screen.findByLabelText('Confirmation code')).toHaveValue('654321');
    await user.type(screen.getByLabelText('Email'), 'dana@example.com');
    await user.click(screen.getByRole('button', { name: 'Confirm account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid verification code. Please try again.',
    );
  });

  it('confirms straight from the mailed link, which carries the address and the code', async () => {
    const double = api();
    const { router } = renderApp(
      '/auth/confirm-user?email=dana%2Bcasting%40example.com&code=123456',
      double.fetch,
    );
    const user = userEvent.setup();

    expect(await screen.findByLabelText('Confirmation code')).toHaveValue('123456');
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/sign-in'));
    expect(double.callsTo('POST /api/users/confirm')[0]?.body).toEqual({
      email: 'dana+casting@example.com',
      code: '123456',
    });
  });
});
