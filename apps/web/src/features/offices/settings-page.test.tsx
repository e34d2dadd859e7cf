import { OFFICE_LIMITS, OFFICE_MESSAGES, OFFICE_TEXTS } from '@casting/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildOffice } from '../../../test/factories';
import { jsonResponse } from '../../../test/fetch-double';
import type { RecordedCall } from '../../../test/fetch-double';
import { renderApp } from '../../../test/render-app';
import { HARBOR_ID, officesServer } from './offices-fixtures';

const LEGAL = {
  termsText: 'Our terms.',
  privacyText: null,
  legalVersion: 3,
  termsVersion: 2,
  privacyVersion: 1,
};

function settingsServer(overrides: Parameters<typeof officesServer>[0] = {}) {
  return officesServer({
    ...overrides,
    overrides: {
      'GET /api/offices/current/legal': () => jsonResponse(200, LEGAL),
      'GET /api/offices/current/support-access': () => jsonResponse(200, { active: false, expiresAt: null }),
      'GET /api/offices/current/member-sign-up': () =>
        jsonResponse(200, { domains: [], role: 'CASTING_ASSISTANT' }),
      'PATCH /api/offices/current': (call: RecordedCall) =>
        jsonResponse(200, {
          ...buildOffice({ id: HARBOR_ID, myRole: 'OWNER' }),
          ...(call.body as object),
        }),
      ...overrides.overrides,
    },
  });
}

async function openSettings(server = settingsServer()) {
  renderApp('/office/settings', server.fetch);
  await screen.findByLabelText('Office name');
  return { server, user: userEvent.setup() };
}

describe('office settings page', () => {
  it("fills the form with the office's settings and its legal texts' version", async () => {
    await openSettings();

    expect(screen.getByLabelText('Office name')).toHaveValue('Harbor Casting');
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/London');
    expect(screen.getByLabelText('Terms of use')).toHaveValue('Our terms.');
    expect(screen.getByLabelText('Privacy notice')).toHaveValue('');
    expect(screen.getByLabelText('Age of majority')).toHaveValue('18');
    expect(screen.getByLabelText('Keep candidates’ data for (days)')).toHaveValue('');
    // Saying that a new text raises the version talent accept.
    expect(
      screen.getByText(/^Terms version 2, privacy version 1\. Saving a change to a text raises its version/),
    ).toBeInTheDocument();
  });

  it('judges each field before sending, with a message a person can act on', async () => {
    const { server, user } = await openSettings();

    await user.clear(screen.getByLabelText('Office name'));
    await user.clear(screen.getByLabelText('Age of majority'));
    await user.type(screen.getByLabelText('Age of majority'), '12');
    await user.type(screen.getByLabelText('Keep candidates’ data for (days)'), 'a year');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Office name')).toHaveAccessibleDescription(
        OFFICE_TEXTS.officeNameRequired,
      ),
    );
    expect(screen.getByLabelText('Age of majority')).toHaveAccessibleDescription(
      expect.stringContaining(OFFICE_TEXTS.ageOfMajorityRange),
    );
    expect(screen.getByLabelText('Keep candidates’ data for (days)')).toHaveAccessibleDescription(
      expect.stringContaining(OFFICE_TEXTS.retentionDaysRange),
    );
    expect(server.callsTo('PATCH /api/offices/current')).toHaveLength(0);
  });

  it('sends only what changed: an emptied text or retention clears the setting', async () => {
    const server = settingsServer();
    server.on('GET /api/offices/current', () =>
      jsonResponse(200, buildOffice({ id: HARBOR_ID, myRole: 'OWNER', retentionDays: 90 })),
    );
    const { user } = await openSettings(server);

    await user.clear(screen.getByLabelText('Office name'));
    await user.type(screen.getByLabelText('Office name'), ' Harbor & Co Casting ');
    await user.clear(screen.getByLabelText('Terms of use'));
    await user.clear(screen.getByLabelText('Keep candidates’ data for (days)'));
    const previewsBefore = server.callsTo('GET /api/offices/current/retention').length;
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Office settings saved')).toBeInTheDocument();
    // A new retention moves every purge date: the preview below the form is read again.
    expect(server.callsTo('GET /api/offices/current/retention').length).toBeGreaterThan(previewsBefore);
    expect(server.callsTo('PATCH /api/offices/current')[0]?.body).toEqual({
      name: 'Harbor & Co Casting',
      termsText: null,
      retentionDays: null,
    });
  });

  it('finds a time zone by typing part of its name and saves it', async () => {
    const { server, user } = await openSettings();
    const zone = screen.getByRole('combobox', { name: 'Time zone' });

    await user.clear(zone);
    await user.type(zone, 'los ang');
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringMatching(/^America\/Los_Angeles/),
    ]);
    await user.keyboard('{Enter}');
    expect(zone).toHaveValue('America/Los_Angeles');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(server.callsTo('PATCH /api/offices/current')).toHaveLength(1));
    expect(server.callsTo('PATCH /api/offices/current')[0]?.body).toEqual({
      timeZone: 'America/Los_Angeles',
    });
  });

  it("shows the server's refusal under its field", async () => {
    const message = 'An office with this name already exists.';
    const { user } = await openSettings(
      settingsServer({
        overrides: {
          'PATCH /api/offices/current': () =>
            jsonResponse(400, {
              code: 'VALIDATION_FAILED',
              message,
              details: { issues: [{ path: 'body.mailSenderName', message }] },
            }),
        },
      }),
    );

    await user.type(screen.getByLabelText('Sender name'), 'Harbor');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Sender name')).toHaveAccessibleDescription(
        expect.stringContaining(message),
      ),
    );
  });

  it('grants the operator support access for some hours, says until when, and ends it', async () => {
    const { server, user } = await openSettings(
      settingsServer({
        overrides: {
          'POST /api/offices/current/support-access': () =>
            jsonResponse(200, { active: true, expiresAt: '2031-06-01T12:00:00.000Z' }),
          'DELETE /api/offices/current/support-access': () => jsonResponse(204),
        },
      }),
    );
    expect(await screen.findByText(OFFICE_TEXTS.noSupportAccess)).toBeInTheDocument();
    const hours = screen.getByLabelText('Hours of access');

    await user.clear(hours);
    await user.type(hours, '500');
    await user.click(screen.getByRole('button', { name: 'Grant access' }));
    expect(hours).toHaveAccessibleDescription(OFFICE_TEXTS.supportHoursRange);
    expect(server.callsTo('POST /api/offices/current/support-access')).toHaveLength(0);
    await user.clear(hours);
    await user.type(hours, '8');
    await user.click(screen.getByRole('button', { name: 'Grant access' }));

    expect(await screen.findByText(/^The operator has access until/)).toBeInTheDocument();
    expect(server.callsTo('POST /api/offices/current/support-access')[0]?.body).toEqual({ hours: 8 });
    await user.click(screen.getByRole('button', { name: 'End support access now' }));
    expect(await screen.findByText('Support access ended')).toBeInTheDocument();
    expect(await screen.findByText(OFFICE_TEXTS.noSupportAccess)).toBeInTheDocument();
  });

  it('refuses a logo over the size limit before sending it, and shows a logo the server keeps', async () => {
    const { server, user } = await openSettings(
      settingsServer({
        overrides: {
          'PUT /api/offices/current/logo': () =>
            jsonResponse(
              200,
              buildOffice({ id: HARBOR_ID, myRole: 'OWNER', logoUrl: '/api/files/logo.png' }),
            ),
        },
      }),
    );
    const chooser = screen.getByLabelText('Upload a logo');

    const huge = new File([new Uint8Array(OFFICE_LIMITS.logoMaxBytes + 1)], 'huge.png', {
      type: 'image/png',
    });
    await user.upload(chooser, huge);
    expect(await screen.findByText(OFFICE_MESSAGES.logoTooLarge)).toBeInTheDocument();
    expect(server.callsTo('PUT /api/offices/current/logo')).toHaveLength(0);

    await user.upload(chooser, new File(['png'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Logo of Harbor Casting' })).toHaveAttribute(
      'src',
      '/api/files/logo.png',
    );
    expect(server.callsTo('PUT /api/offices/current/logo')[0]?.headers.get('Content-Type')).toBe('image/png');
  });

  it('tells a member who is not an owner that only owners change the settings', async () => {
    renderApp('/office/settings', settingsServer({ myRole: 'CASTING_DIRECTOR' }).fetch);

    expect(await screen.findByText(OFFICE_TEXTS.onlyOwnersChangeSettings)).toBeInTheDocument();
    expect(screen.queryByLabelText('Office name')).not.toBeInTheDocument();
  });
});

describe('sign-up of members', () => {
  /** A server that keeps the domains and role it is sent, as the API does (lower-cased, sorted). */
  function memberSignUpServer() {
    let kept = { domains: [] as string[], role: 'CASTING_ASSISTANT' };
    return settingsServer({
      overrides: {
        'GET /api/offices/current/member-sign-up': () => jsonResponse(200, kept),
        'PUT /api/offices/current/member-sign-up': (call: RecordedCall) => {
          const sent = call.body as typeof kept;
          if (sent.domains.includes('gmail.com'))
            return jsonResponse(400, {
              code: 'VALIDATION_FAILED',
              message: 'Correct the highlighted fields.',
              details: {
                issues: [{ path: 'body.domains.0', message: OFFICE_MESSAGES.publicMailDomain('gmail.com') }],
              },
            });
          kept = { ...sent, domains: [...sent.domains].sort() };
          return jsonResponse(200, kept);
        },
      },
    });
  }

  it('adds a domain, changes the role people get, and removes the domain again', async () => {
    const { server, user } = await openSettings(memberSignUpServer());
    expect(await screen.findByText(OFFICE_TEXTS.byInvitationOnly)).toBeInTheDocument();

    await user.type(screen.getByLabelText(OFFICE_TEXTS.newMemberDomain), ' Harbor-Casting.TEST ');
    await user.click(screen.getByRole('button', { name: OFFICE_TEXTS.addMemberDomain }));
    const domains = await screen.findByRole('list', { name: OFFICE_TEXTS.memberDomains });
    expect(within(domains).getByText('harbor-casting.test')).toBeInTheDocument();
    expect(screen.getByLabelText(OFFICE_TEXTS.newMemberDomain)).toHaveValue('');
    expect(server.callsTo('PUT /api/offices/current/member-sign-up')[0]?.body).toEqual({
      domains: ['harbor-casting.test'],
      role: 'CASTING_ASSISTANT',
    });

    await user.click(screen.getByRole('combobox', { name: OFFICE_TEXTS.memberSignUpRole }));
    await user.click(await screen.findByRole('option', { name: 'Casting Director' }));
    await waitFor(() => expect(server.callsTo('PUT /api/offices/current/member-sign-up')).toHaveLength(2));
    expect(server.callsTo('PUT /api/offices/current/member-sign-up')[1]?.body).toEqual({
      domains: ['harbor-casting.test'],
      role: 'CASTING_DIRECTOR',
    });

    await user.click(screen.getByRole('button', { name: 'Remove harbor-casting.test' }));
    expect(await screen.findByText(OFFICE_TEXTS.byInvitationOnly)).toBeInTheDocument();
    expect(server.callsTo('PUT /api/offices/current/member-sign-up')[2]?.body).toEqual({
      domains: [],
      role: 'CASTING_DIRECTOR',
    });
  });

  it('judges a domain before sending it, and shows the server’s refusal under the field', async () => {
    const { server, user } = await openSettings(memberSignUpServer());
    const field = await screen.findByLabelText(OFFICE_TEXTS.newMemberDomain);

    await user.type(field, 'https://harbor.test');
    await user.click(screen.getByRole('button', { name: OFFICE_TEXTS.addMemberDomain }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining(OFFICE_MESSAGES.invalidMemberDomain));
    expect(server.callsTo('PUT /api/offices/current/member-sign-up')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'gmail.com');
    await user.click(screen.getByRole('button', { name: OFFICE_TEXTS.addMemberDomain }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        expect.stringContaining(OFFICE_MESSAGES.publicMailDomain('gmail.com')),
      ),
    );
    expect(screen.getByText(OFFICE_TEXTS.byInvitationOnly)).toBeInTheDocument();
  });
});
