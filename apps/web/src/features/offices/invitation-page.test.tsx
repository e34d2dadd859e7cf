import { OFFICE_MESSAGES } from '@casting/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { renderApp } from '../../../test/render-app';
import { NORTHWIND_ID, officesServer } from './offices-fixtures';

const TOKEN = 'tok-0123456789abcdefghijkl';
const PATH = `/invitations/office/${TOKEN}`;

const preview = (email = 'dana@example.com') => ({
  officeName: 'Northwind Casting',
  email,
  role: 'CASTING_ASSISTANT',
  expiresAt: '2031-01-15T12:00:00.000Z',
});

function signedOut(answer = () => jsonResponse(200, preview('ari@example.com'))) {
  return createFetchDouble({
    'POST /api/auth/refresh': () =>
      jsonResponse(401, { code: 'INVALID_REFRESH_TOKEN', message: 'Not signed in' }),
    [`GET /api/offices/invitations/${TOKEN}`]: answer,
  });
}

describe('office invitation page', () => {
  it('shows a signed-out visitor the office, role and address, with sign-in and sign-up carrying the token', async () => {
    const api = signedOut();
    renderApp(PATH, api.fetch);

    expect(await screen.findByRole('heading', { name: 'Join Northwind Casting' })).toBeInTheDocument();
    expect(
      screen.getByText('You are invited to join Northwind Casting as Casting Assistant.'),
    ).toBeInTheDocument();
    expect(screen.getByText('ari@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to accept' })).toHaveAttribute(
      'href',
      `/deep-linking?path=${encodeURIComponent(PATH)}`,
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `/auth/sign-up?invitation=${TOKEN}&email=ari%40example.com`,
    );
    // The preview is public: it carries no one's token.
    expect(api.callsTo(`GET /api/offices/invitations/${TOKEN}`)[0]?.headers.get('Authorization')).toBeNull();
  });

  it.each([
    [404, OFFICE_MESSAGES.invitationNotFound],
    [410, OFFICE_MESSAGES.invitationExpired],
  ])('says what a dead link (%s) means and what to do', async (status, message) => {
    renderApp(PATH, signedOut(() => jsonResponse(status, { code: 'NOT_FOUND', message })).fetch);

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/sign-in');
  });

  it('accepts for the invited address and works in the office joined', async () => {
    const server = officesServer({
      overrides: {
        [`GET /api/offices/invitations/${TOKEN}`]: () => jsonResponse(200, preview()),
      },
    });
    // The API moves the session into the office joined and answers it.
    server.on('POST /api/offices/invitations/accept', async () => {
      await server.fetch('/api/offices/switch', {
        method: 'POST',
        body: JSON.stringify({ officeId: NORTHWIND_ID }),
      });
      return jsonResponse(200, {
        id: NORTHWIND_ID,
        name: 'Northwind Casting',
        status: 'ACTIVE',
        role: 'CASTING_ASSISTANT',
        current: true,
      });
    });
    const { router } = renderApp(PATH, server.fetch);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    expect(server.callsTo('POST /api/offices/invitations/accept')[0]?.body).toEqual({ token: TOKEN });
    expect(await screen.findByText('You joined Northwind Casting')).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: /^Northwind Casting, office menu$/ }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Northern Star')).toBeInTheDocument();
  });

  it('tells someone signed in with another address which one to use', async () => {
    const server = officesServer({
      overrides: {
        [`GET /api/offices/invitations/${TOKEN}`]: () => jsonResponse(200, preview('ari@example.com')),
      },
    });
    renderApp(PATH, server.fetch);

    expect(
      await screen.findByText(OFFICE_MESSAGES.invitationForAnotherAddress('ari@example.com')),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out and use that address' })).toBeInTheDocument();
  });

  it("shows the server's refusal when accepting fails", async () => {
    const server = officesServer({
      overrides: {
        [`GET /api/offices/invitations/${TOKEN}`]: () => jsonResponse(200, preview()),
        'POST /api/offices/invitations/accept': () =>
          jsonResponse(410, { code: 'NOT_FOUND', message: OFFICE_MESSAGES.invitationExpired }),
      },
    });
    renderApp(PATH, server.fetch);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(OFFICE_MESSAGES.invitationExpired);
  });
});
