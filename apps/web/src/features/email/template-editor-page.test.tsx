import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMAIL_MESSAGES } from '@casting/domain';
import { describe, expect, it } from 'vitest';
import { buildProjectDetail, buildUser, sessionGrant } from '../../../test/factories';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { renderApp } from '../../../test/render-app';

const me = buildUser({ id: 'me', roleCode: 'CASTING_DIRECTOR', fullName: 'Dana Whitford' });
const template = {
  id: 't1',
  name: 'Callback',
  subject: 'Your callback',
  body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'See you soon.' }] }] },
  starterKey: null,
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const TEMPLATE_URL = 'PUT /api/v2/projects/p1/email-templates/t1';

function api() {
  return createFetchDouble({
    'POST /api/auth/refresh': () => jsonResponse(200, sessionGrant()),
    'GET /api/users/me': () => jsonResponse(200, me),
    'PATCH /api/session-tracking/track-1': () => jsonResponse(200, { data: { duration: 240 } }),
    'GET /api/v2/projects/p1': () =>
      jsonResponse(
        200,
        buildProjectDetail({
          projectAccessScope: 'PROJECT_OWNER',
          projectActor: 'PO',
          owner: { id: 'me', fullName: 'Dana Whitford' },
        }),
      ),
    'GET /api/v2/projects/p1/email-templates/t1': () => jsonResponse(200, template),
    'POST /api/v2/projects/p1/email-preview': () =>
      jsonResponse(200, {
        subject: 'Your callback',
        html: '<p>See you soon.</p>',
        text: 'See you soon.',
        to: null,
      }),
    [TEMPLATE_URL]: () =>
      jsonResponse(400, {
        code: 'VALIDATION_FAILED',
        message: 'Validation failed',
        details: { issues: [{ path: 'body.name', message: 'A template with this name exists.' }] },
      }),
  });
}

describe('the e-mail template editor', () => {
  it('shows messages from the first save on and takes each away as soon as its field is fixed', async () => {
    const double = api();
    renderApp('/projects/p1/email-templates/t1', double.fetch);
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: 'Template name' }, { timeout: 5_000 });
    const subject = screen.getByRole('textbox', { name: 'Subject' });
    await user.clear(name);
    await user.clear(subject);
    // Nothing is judged before the first save.
    expect(screen.queryByText(EMAIL_MESSAGES.templateNameRequired)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText(EMAIL_MESSAGES.templateNameRequired)).toBeVisible();
    expect(screen.getByText(EMAIL_MESSAGES.subjectRequired)).toBeVisible();
    expect(name).toHaveFocus();
    // The domain's rules refuse it here: nothing is sent.
    expect(double.callsTo(TEMPLATE_URL)).toHaveLength(0);

    await user.type(name, 'Callback');
    await waitFor(() => expect(screen.queryByText(EMAIL_MESSAGES.templateNameRequired)).toBeNull());
    expect(screen.getByText(EMAIL_MESSAGES.subjectRequired)).toBeVisible();
    await user.type(subject, 'Your callback');
    await waitFor(() => expect(screen.queryByText(EMAIL_MESSAGES.subjectRequired)).toBeNull());

    // A refusal from the API sits under its field until that field changes.
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('A template with this name exists.')).toBeVisible();
    expect(double.callsTo(TEMPLATE_URL)[0]?.body).toMatchObject({
      name: 'Callback',
      subject: 'Your callback',
    });
    await user.type(name, ' two');
    await waitFor(() => expect(screen.queryByText('A template with this name exists.')).toBeNull());
  });
});
