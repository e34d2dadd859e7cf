import { WEBHOOK_EVENTS, WEBHOOK_TEXTS } from '@casting/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildOffice, buildUser, sessionGrant } from '../../../test/factories';
import { createFetchDouble, jsonResponse, type RecordedCall } from '../../../test/fetch-double';
import { renderApp } from '../../../test/render-app';

const LEGAL = { termsText: null, privacyText: null, legalVersion: 1, termsVersion: 1, privacyVersion: 1 };
const ID = '0190a0a0-0000-7000-8000-0000000000aa';
const endpoint = (overrides: object = {}) => ({
  id: ID,
  url: 'https://tools.example.com/hook',
  description: 'Tracker',
  events: ['vote.changed'],
  state: 'ACTIVE',
  pausedAt: null,
  pausedReason: null,
  failureStreak: 0,
  createdAt: '2031-01-01T10:00:00.000Z',
  ...overrides,
});

/** The office settings page's calls for an owner, and the webhooks calls a test gives. */
function server(handlers: Record<string, (call: RecordedCall) => Response>) {
  return createFetchDouble({
    'POST /api/auth/refresh': () => jsonResponse(200, sessionGrant()),
    'GET /api/users/me': () => jsonResponse(200, buildUser({ firstName: 'Dana' })),
    'GET /api/offices/current': () => jsonResponse(200, buildOffice({ myRole: 'OWNER' })),
    'GET /api/offices/current/legal': () => jsonResponse(200, LEGAL),
    'GET /api/offices/current/support-access': () => jsonResponse(200, { active: false, expiresAt: null }),
    'GET /api/offices/current/retention': () =>
      jsonResponse(200, { retentionDays: null, noticeDays: 7, items: [], nextCursor: null }),
    ...handlers,
  });
}

describe('the webhooks section of the office settings', () => {
  it('adds an endpoint with the events chosen from the catalogue and shows its secret once', async () => {
    let listed: object[] = [];
    const created: unknown[] = [];
    const double = server({
      'GET /api/offices/current/webhooks': () => jsonResponse(200, { items: listed }),
      'POST /api/offices/current/webhooks': (call) => {
        created.push(call.body);
        listed = [endpoint()];
        return jsonResponse(201, { endpoint: endpoint(), secret: 'whsec_c2VjcmV0c2VjcmV0' });
      },
    });
    renderApp('/office/settings', double.fetch);
    expect(await screen.findByText(WEBHOOK_TEXTS.none)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: WEBHOOK_TEXTS.add }));
    const dialog = await screen.findByRole('dialog', { name: WEBHOOK_TEXTS.createTitle });
    await user.type(within(dialog).getByLabelText(WEBHOOK_TEXTS.url), 'https://tools.example.com/hook');
    expect(within(dialog).getByText(WEBHOOK_EVENTS['vote.changed'])).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('vote.changed'));
    await user.click(within(dialog).getByRole('button', { name: WEBHOOK_TEXTS.create }));
    expect(await screen.findByDisplayValue('whsec_c2VjcmV0c2VjcmV0')).toBeInTheDocument();
    expect(created).toEqual([
      { url: 'https://tools.example.com/hook', events: ['vote.changed'], description: '' },
    ]);
    expect(await screen.findByText('https://tools.example.com/hook')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: WEBHOOK_TEXTS.done }));
    expect(screen.queryByDisplayValue('whsec_c2VjcmV0c2VjcmV0')).not.toBeInTheDocument();
  });

  it('shows a paused endpoint with its reason, resumes it, and sends a delivery again', async () => {
    let state = endpoint({ state: 'PAUSED', pausedAt: '2031-01-02T10:00:00.000Z', pausedReason: 'FAILING' });
    const resent: string[] = [];
    const double = server({
      'GET /api/offices/current/webhooks': () => jsonResponse(200, { items: [state] }),
      [`PATCH /api/offices/current/webhooks/${ID}`]: (call) => {
        expect(call.body).toEqual({ paused: false });
        state = endpoint();
        return jsonResponse(200, state);
      },
      [`GET /api/offices/current/webhooks/${ID}/deliveries`]: () =>
        jsonResponse(200, {
          items: [
            {
              id: '0190a0a0-0000-7000-8000-0000000000bb',
              messageId: 'msg_1',
              eventType: 'vote.changed',
              status: 'FAILED',
              createdAt: '2031-01-02T09:00:00.000Z',
              nextAttemptAt: null,
              attempts: [
                {
                  attempt: 1,
                  at: '2031-01-02T09:00:00.000Z',
                  statusCode: 500,
                  durationMs: 42,
                  error: 'HTTP 500',
                  manual: false,
                },
              ],
            },
          ],
          nextCursor: null,
          totalCapped: false,
        }),
      [`POST /api/offices/current/webhooks/${ID}/deliveries/0190a0a0-0000-7000-8000-0000000000bb/resend`]: (
        call,
      ) => {
        resent.push(call.path);
        return new Response(null, { status: 202 });
      },
    });
    renderApp('/office/settings', double.fetch);
    expect(await screen.findByText(WEBHOOK_TEXTS.pausedFailing)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: WEBHOOK_TEXTS.showDeliveries }));
    expect(await screen.findByText(WEBHOOK_TEXTS.lastAnswer(500, 42, 'HTTP 500'))).toBeInTheDocument();
    // Sending again waits for the endpoint to be resumed.
    expect(screen.getByRole('button', { name: WEBHOOK_TEXTS.sendAgain })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: WEBHOOK_TEXTS.resume }));
    expect(await screen.findByText(WEBHOOK_TEXTS.active)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: WEBHOOK_TEXTS.sendAgain }));
    expect(await screen.findByText(WEBHOOK_TEXTS.sentAgain)).toBeInTheDocument();
    expect(resent).toHaveLength(1);
  });
});
