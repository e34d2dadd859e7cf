import { AUDITION_TEXTS, formatZonedMoment, type PrivateAudition } from '@casting/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fetch-double';
import { renderWithApi } from '../../../test/render-with-api';
import { viewerTimeZone } from './auditions-api';
import { PrivateInvitationPage } from './private-invitation';

const PROJECT = '0190a5f6-0000-7000-8000-000000000001';
const TOKEN = 'a'.repeat(43);
const slot = (id: string, startsAt: string) => ({ id, startsAt, endsAt: startsAt });
const VIEW: PrivateAudition = {
  projectName: 'Harbour Lights',
  candidateName: 'Tara Lane',
  kind: 'AUDITION',
  sessionName: 'First round',
  timeZone: 'Europe/London',
  startsAt: '2031-06-10T09:00:00.000Z',
  endsAt: '2031-06-10T10:00:00.000Z',
  place: '1 Studio Lane',
  videoLink: null,
  notes: 'Bring sides.',
  status: 'INVITED',
  mode: 'CANDIDATE_PICKS',
  slot: null,
  openSlots: [
    slot('0190a5f6-0000-7000-8000-00000000000a', '2031-06-10T09:00:00.000Z'),
    slot('0190a5f6-0000-7000-8000-00000000000b', '2031-06-10T09:10:00.000Z'),
  ],
  declineReason: null,
  requestedSlotId: null,
};

function renderPage(view: PrivateAudition) {
  const answers: unknown[] = [];
  renderWithApi(
    {
      [`GET /api/auditions/invitations/${PROJECT}`]: () => jsonResponse(200, view),
      [`POST /api/auditions/invitations/${PROJECT}/answer`]: (call) => {
        answers.push(call.body);
        const body = call.body as { slotId: string };
        const picked = view.openSlots.find((item) => item.id === body.slotId)!;
        return jsonResponse(200, { ...view, status: 'CONFIRMED', slot: picked, openSlots: [] });
      },
    },
    <PrivateInvitationPage projectId={PROJECT} token={TOKEN} />,
  );
  return { answers };
}

describe('the recipient’s invitation page', () => {
  it('shows the times in the viewer’s zone, named, and picks a slot', async () => {
    const { answers } = renderPage(VIEW);
    const zone = viewerTimeZone();
    expect(await screen.findByText(AUDITION_TEXTS.shownIn(zone))).toBeInTheDocument();
    const second = formatZonedMoment(new Date(VIEW.openSlots[1]!.startsAt), zone);
    await userEvent.click(screen.getByRole('button', { name: `${AUDITION_TEXTS.pick}: ${second}` }));
    expect(answers).toEqual([{ action: 'PICK', slotId: VIEW.openSlots[1]!.id, token: TOKEN }]);
    expect(await screen.findByText(AUDITION_TEXTS.confirmed)).toBeInTheDocument();
    expect(screen.getByText(second)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: AUDITION_TEXTS.downloadCalendar })).toHaveAttribute(
      'href',
      `/api/auditions/invitations/${PROJECT}/calendar.ics?token=${TOKEN}`,
    );
  });

  it('declines only with a reason', async () => {
    renderPage({ ...VIEW, mode: 'OFFICE_ASSIGNS', slot: VIEW.openSlots[0]!, openSlots: [] });
    const decline = await screen.findByRole('button', { name: AUDITION_TEXTS.decline });
    expect(decline).toBeDisabled();
    await userEvent.type(screen.getByLabelText(AUDITION_TEXTS.declineReason), 'On set');
    expect(decline).toBeEnabled();
  });
});
