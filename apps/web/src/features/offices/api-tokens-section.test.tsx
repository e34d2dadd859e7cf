import { API_TOKEN_MESSAGES, API_TOKEN_SCOPE_DESCRIPTIONS, API_TOKEN_TEXTS } from '@casting/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fetch-double';
import { renderApp } from '../../../test/render-app';
import { officesServer } from './offices-fixtures';

const SECRET = `cst_${'S'.repeat(43)}`;
const TOKEN = {
  id: '0190b2c4-0000-7000-8000-000000000001',
  name: 'Website sync',
  scopes: ['candidates:read'],
  hint: 'cst_SSSSSS',
  createdBy: 'owner@example.com',
  createdAt: '2031-01-01T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};

function server() {
  let created = false;
  return officesServer({
    overrides: {
      'GET /api/offices/current/legal': () =>
        jsonResponse(200, {
          termsText: null,
          privacyText: null,
          legalVersion: 1,
          termsVersion: 1,
          privacyVersion: 1,
        }),
      'GET /api/offices/current/support-access': () => jsonResponse(200, { active: false, expiresAt: null }),
      'GET /api/api-tokens': () => jsonResponse(200, { items: created ? [TOKEN] : [], nextCursor: null }),
      'POST /api/api-tokens': () => {
        created = true;
        return jsonResponse(201, { ...TOKEN, secret: SECRET });
      },
      'DELETE /api/api-tokens/0190b2c4-0000-7000-8000-000000000001': () =>
        jsonResponse(200, { ...TOKEN, revokedAt: '2031-01-02T10:00:00.000Z' }),
    },
  });
}

describe('the API tokens section of the office settings', () => {
  it('asks for a name and a scope, shows the secret once with Copy, then lists the token without it', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const double = server();
    renderApp('/office/settings', double.fetch);
    expect(await screen.findByText(API_TOKEN_TEXTS.none)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: API_TOKEN_TEXTS.create }));
    const dialog = await screen.findByRole('dialog', { name: API_TOKEN_TEXTS.createTitle });
    await user.click(within(dialog).getByRole('button', { name: API_TOKEN_TEXTS.create }));
    expect(await within(dialog).findByText(API_TOKEN_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(API_TOKEN_MESSAGES.scopesRequired)).toBeInTheDocument();
    expect(double.callsTo('POST /api/api-tokens')).toHaveLength(0);

    await user.type(
      within(dialog).getByRole('textbox', { name: new RegExp(API_TOKEN_TEXTS.name) }),
      'Website sync',
    );
    const scope = within(dialog).getByRole('checkbox', { name: 'candidates:read' });
    expect(scope).toHaveAccessibleDescription(API_TOKEN_SCOPE_DESCRIPTIONS['candidates:read']);
    await user.click(scope);
    await user.click(within(dialog).getByRole('button', { name: API_TOKEN_TEXTS.create }));

    const shown = await screen.findByRole('dialog', { name: API_TOKEN_TEXTS.secretTitle });
    expect(within(shown).getByText(API_TOKEN_TEXTS.secretWarning)).toBeInTheDocument();
    expect(within(shown).getByRole('textbox', { name: API_TOKEN_TEXTS.secretLabel })).toHaveValue(SECRET);
    expect(double.callsTo('POST /api/api-tokens')[0]?.body).toEqual({
      name: 'Website sync',
      scopes: ['candidates:read'],
    });
    await user.click(within(shown).getByRole('button', { name: API_TOKEN_TEXTS.copy }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    await user.click(within(shown).getByRole('button', { name: API_TOKEN_TEXTS.done }));

    const list = await screen.findByRole('list', { name: API_TOKEN_TEXTS.section });
    expect(within(list).getByText('Website sync')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(SECRET);

    await user.click(within(list).getByRole('button', { name: API_TOKEN_TEXTS.revokeNamed('Website sync') }));
    const confirm = await screen.findByRole('dialog', { name: API_TOKEN_TEXTS.revokeTitle });
    await user.click(within(confirm).getByRole('button', { name: API_TOKEN_TEXTS.revoke }));
    await waitFor(() =>
      expect(double.callsTo('DELETE /api/api-tokens/0190b2c4-0000-7000-8000-000000000001')).toHaveLength(1),
    );
  });
});
