import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { renderApp } from '../../../test/render-app';

const THREAD = 'a1b2c3d4-0000-4000-8000-000000000001';
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWx';
const URL_PATH = `/api/conversation-management/replies/${THREAD}`;

const view = (messages: object[]) => ({
  projectName: 'Night Ferry',
  candidateName: 'Mara Quint',
  participantName: 'Mara Quint',
  expiresAt: '2031-02-01T00:00:00.000Z',
  messages,
});
const teamMessage = {
  id: 'm1',
  authorKind: 'TEAM',
  authorName: 'Dana Whitford',
  mine: false,
  text: 'Could you send a tape? <script>alert(1)</script>',
  attachments: [],
  createdAt: '2031-01-01T10:00:00.000Z',
  editedAt: null,
  deletedAt: null,
};

describe('the chat reply page', () => {
  it('shows the team’s messages as text and sends the reply without an account', async () => {
    const user = userEvent.setup();
    const api = createFetchDouble({
      [`GET ${URL_PATH}`]: () => jsonResponse(200, view([teamMessage])),
      [`POST ${URL_PATH}`]: (call) =>
        jsonResponse(
          201,
          view([
            teamMessage,
            {
              ...teamMessage,
              id: 'm2',
              authorKind: 'CANDIDATE',
              mine: true,
              text: (call.body as { text: string }).text,
            },
          ]),
        ),
    });
    renderApp(`/chat/reply/${THREAD}?token=${TOKEN}`, api.fetch);
    expect(await screen.findByRole('heading', { name: 'Conversation about Night Ferry' })).toBeVisible();
    const list = screen.getByRole('list', { name: 'Messages' });
    expect(list).toHaveTextContent('Could you send a tape? <script>alert(1)</script>');
    expect(list.querySelector('script')).toBeNull();
    expect(api.callsTo(`GET ${URL_PATH}`)[0]?.headers.get('authorization')).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Your reply' }), 'Tonight!');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Your reply was sent to the casting team.')).toBeVisible();
    expect(api.callsTo(`POST ${URL_PATH}`)[0]?.body).toEqual({
      token: TOKEN,
      text: 'Tonight!',
      attachmentIds: [],
    });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it('says what to do when the link expired or is not valid', async () => {
    const expired = createFetchDouble({
      [`GET ${URL_PATH}`]: () => jsonResponse(410, { code: 'LINK_CLOSED', message: 'expired' }),
    });
    renderApp(`/chat/reply/${THREAD}?token=${TOKEN}`, expired.fetch);
    expect(await screen.findByRole('alert')).toHaveTextContent(/This reply link has expired/);
  });

  it('refuses a link without a secret before asking the server', async () => {
    const api = createFetchDouble({});
    renderApp(`/chat/reply/${THREAD}?token=short`, api.fetch);
    expect(await screen.findByRole('alert')).toHaveTextContent(/This reply link is not valid/);
    expect(api.callsTo(`GET ${URL_PATH}`)).toHaveLength(0);
  });
});
