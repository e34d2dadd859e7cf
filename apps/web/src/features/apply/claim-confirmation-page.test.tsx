import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { createPublicHttpClient, PublicApp } from '../../app/public-app';

// The agent's claim page: it names the talent and the project before asking, and a claim already answered says
// how it was answered instead of asking again.
const CLAIM = '22222222-2222-4222-8222-222222222222';
const PROJECT = '11111111-1111-4111-8111-111111111111';
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWx';
const VIEW = `GET /api/v2/projects/${PROJECT}/claim-representative/${CLAIM}`;

function open(status: 'PENDING' | 'CONFIRMED' | 'DENIED') {
  window.history.replaceState(null, '', `/claim-confirmation/${CLAIM}?projectId=${PROJECT}&token=${TOKEN}`);
  const api = createFetchDouble({
    [VIEW]: () =>
      jsonResponse(200, { id: CLAIM, status, talentName: 'Tara Talent', projectName: 'Harbour Lights' }),
    [`POST /api/v2/projects/${PROJECT}/claim-representative`]: () =>
      jsonResponse(200, { id: CLAIM, status: 'CONFIRMED', message: 'Thank you, representation confirmed.' }),
  });
  render(<PublicApp http={createPublicHttpClient(api.fetch)} />);
  return api;
}

describe('claim confirmation page', () => {
  it('names the talent and the project before asking, with the secret from the link', async () => {
    const api = open('PENDING');
    expect(
      await screen.findByText(/^Tara Talent named you as their representative for Harbour Lights\./),
    ).toBeVisible();
    expect(api.callsTo(VIEW)[0]?.url).toContain(`token=${TOKEN}`);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Yes, I represent them' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you, representation confirmed.');
  });

  it('says a confirmed claim was confirmed, without asking again', async () => {
    open('CONFIRMED');
    expect(
      await screen.findByText('You confirmed that you represent Tara Talent for Harbour Lights.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Yes, I represent them' })).not.toBeInTheDocument();
  });

  it('says a declined claim was declined, without asking again', async () => {
    open('DENIED');
    expect(
      await screen.findByText('You declined to represent Tara Talent for Harbour Lights.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'No, decline' })).not.toBeInTheDocument();
  });
});
