import { SELFIE_MESSAGES, SELFIE_TEXTS, type CandidateSelfie as SelfieAnswer } from '@casting/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fetch-double';
import type { FetchHandler } from '../../../test/fetch-double';
import { LiveClientProvider } from '../../lib/live/use-live-project';
import { toast } from '../../lib/toast/toast';
import { setupHttp } from './selfie-test-http';
import { CandidateSelfie } from './candidate-selfie';
import { formatDay } from './selfie-api';

// The selfie beside the primary photo in the candidate preview: what it shows, asking, refusals, removing.
afterEach(() => {
  toast.dismiss();
});

const PATH = '/api/projects/p1/candidates/person-1/selfie';
const ASKED_AT = '2031-03-04T10:00:00.000Z';
const TAKEN_AT = '2031-03-05T09:00:00.000Z';
const NONE: SelfieAnswer = { selfie: null, request: null };
const ASKED: SelfieAnswer = {
  selfie: null,
  request: { requestedAt: ASKED_AT, requestedBy: 'Dana Whitford' },
};
const SENT: SelfieAnswer = {
  selfie: {
    id: '00000000-0000-4000-8000-00000000e001',
    status: 'PROCESSED',
    url: '/files/original.heic',
    thumbnailUrl: '/files/thumb.webp',
    convertedUrl: '/files/display.webp',
    takenAt: TAKEN_AT,
  },
  request: null,
};

function renderSelfie(handlers: Record<string, FetchHandler>, canManage = true) {
  const { double, wrap } = setupHttp(handlers);
  render(
    wrap(
      <LiveClientProvider client={null}>
        <CandidateSelfie projectId="p1" applicantId="person-1" name="Ava Lindgren" canManage={canManage} />
      </LiveClientProvider>,
    ),
  );
  return double;
}

describe('the candidate preview’s selfie', () => {
  it('asks for a selfie, then says when it was asked for and offers to ask again', async () => {
    const double = renderSelfie({
      [`GET ${PATH}`]: () => jsonResponse(200, NONE),
      [`POST ${PATH}/request`]: () => jsonResponse(201, ASKED),
    });
    await userEvent.click(await screen.findByRole('button', { name: SELFIE_TEXTS.ask }));
    expect(await screen.findByText(SELFIE_TEXTS.askedOn(formatDay(ASKED_AT)))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: SELFIE_TEXTS.askAgain })).toBeInTheDocument();
    expect(double.callsTo(`POST ${PATH}/request`)).toHaveLength(1);
    expect(await screen.findByText(SELFIE_TEXTS.asked)).toBeInTheDocument();
  });

  it('tells the API’s refusal of a second request', async () => {
    renderSelfie({
      [`GET ${PATH}`]: () => jsonResponse(200, ASKED),
      [`POST ${PATH}/request`]: () =>
        jsonResponse(409, { code: 'CONFLICT', message: SELFIE_MESSAGES.askedRecently(24) }),
    });
    await userEvent.click(await screen.findByRole('button', { name: SELFIE_TEXTS.askAgain }));
    expect(await screen.findByText(SELFIE_MESSAGES.askedRecently(24))).toBeInTheDocument();
    expect(screen.getByText(SELFIE_TEXTS.askedOn(formatDay(ASKED_AT)))).toBeInTheDocument();
  });

  it('shows the selfie with the day it was sent, and removes it after confirmation', async () => {
    const double = renderSelfie({
      [`GET ${PATH}`]: () => jsonResponse(200, SENT),
      [`DELETE ${PATH}`]: () => jsonResponse(200, NONE),
    });
    const picture = await screen.findByRole('img', { name: SELFIE_TEXTS.imageAlt('Ava Lindgren') });
    expect(picture).toHaveAttribute('src', '/files/thumb.webp');
    expect(screen.getByText(SELFIE_TEXTS.takenOn(formatDay(TAKEN_AT)))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: SELFIE_TEXTS.ask })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: SELFIE_TEXTS.remove }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(SELFIE_TEXTS.removeConfirm)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: SELFIE_TEXTS.remove }));
    await waitFor(() =>
      expect(screen.queryByRole('img', { name: SELFIE_TEXTS.imageAlt('Ava Lindgren') })).toBeNull(),
    );
    expect(double.callsTo(`DELETE ${PATH}`)).toHaveLength(1);
    expect(await screen.findByRole('button', { name: SELFIE_TEXTS.ask })).toBeInTheDocument();
  });

  it('shows the selfie without the buttons to whoever may only look', async () => {
    renderSelfie({ [`GET ${PATH}`]: () => jsonResponse(200, SENT) }, false);
    expect(
      await screen.findByRole('img', { name: SELFIE_TEXTS.imageAlt('Ava Lindgren') }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
