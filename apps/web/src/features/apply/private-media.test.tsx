import { PRIVATE_MEDIA_TEXTS } from '@casting/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { createHttpClient } from '../../lib/http/http-client';
import { HttpClientProvider } from '../../lib/http/http-client-context';
import { createQueryClient } from '../../lib/query/query-client';
import { PrivateMediaSection } from './private-media';

// The talent's files on their private page: what they sent, and removing one after saying what it means.
const APPLICANT = '00000000-0000-4000-8000-0000000000a1';
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWx';
const PATH = `/api/v2/applicants/${APPLICANT}/standalone/media`;
const file = (id: string, name: string) => ({
  id,
  name,
  kind: 'image' as const,
  status: 'PROCESSED' as const,
  url: `/files/${id}`,
  thumbnailUrl: `/files/${id}-thumb`,
  createdAt: '2031-03-05T09:00:00.000Z',
});
const HEADSHOT = file('00000000-0000-4000-8000-00000000e001', 'headshot.jpg');
const FULL = file('00000000-0000-4000-8000-00000000e002', 'full-length.jpg');

function renderSection() {
  const double = createFetchDouble({
    [`GET ${PATH}`]: () => jsonResponse(200, { items: [HEADSHOT, FULL], uploadGrant: 'grant-1' }),
    [`DELETE ${PATH}/${FULL.id}`]: () => jsonResponse(200, { items: [HEADSHOT], uploadGrant: 'grant-2' }),
  });
  const http = createHttpClient({
    baseUrl: '/api',
    fetch: double.fetch,
    getAccessToken: () => 'token',
    refreshAccessToken: async () => 'token',
    onRefreshFailed: () => undefined,
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <HttpClientProvider client={http}>
        <PrivateMediaSection applicantId={APPLICANT} token={TOKEN} />
      </HttpClientProvider>
    </QueryClientProvider>,
  );
  return double;
}

describe('the talent’s files on their private page', () => {
  it('lists what they sent and removes one once confirmed, with the private link’s token', async () => {
    const user = userEvent.setup();
    const double = renderSection();
    const list = await screen.findByRole('list', { name: PRIVATE_MEDIA_TEXTS.heading });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await user.click(
      within(list).getByRole('button', { name: 'Remove full-length.jpg from your submission' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Remove full-length.jpg from your submission' });
    expect(dialog).toHaveTextContent(PRIVATE_MEDIA_TEXTS.removeQuestion);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(PRIVATE_MEDIA_TEXTS.removed('full-length.jpg'))).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    const [call] = double.callsTo(`DELETE ${PATH}/${FULL.id}`);
    expect(call?.url).toContain(`token=${TOKEN}`);
    expect(call?.headers.get('Authorization')).toBeNull();
  });
});
