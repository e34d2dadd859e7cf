import {
  AUDITION_TEXTS,
  formatAuditionDay,
  type AuditionInvitation,
  type AuditionSchedule,
  type AuditionSession,
} from '@casting/domain';
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fetch-double';
import { renderWithApi } from '../../../test/render-with-api';
import { buildAuditionSession, buildProjectDetail } from '../../../test/factories';
import { DaySchedule } from './day-page';

// The viewer reads the schedule in Paris, whatever zone the test machine runs in. The process's zone is set rather
// than the zone helper mocked: the test files share one module graph (no isolation), so a mock of a module that an
// earlier file loaded would not reach the grid.
let machineZone: string | undefined;
beforeAll(() => {
  machineZone = process.env.TZ;
  process.env.TZ = 'Europe/Paris';
});
afterAll(() => {
  if (machineZone === undefined) delete process.env.TZ;
  else process.env.TZ = machineZone;
});

const PROJECT = '0190a5f6-0000-7000-8000-000000000001';
const id = (n: number) => `0190a5f6-0000-7000-8000-${String(n).padStart(12, '0')}`;
const T = AUDITION_TEXTS;

function session(
  n: number,
  name: string,
  startsAt: string,
  endsAt: string,
  timeZone: string,
): AuditionSession {
  const [day, start, end] = [startsAt.slice(0, 10), startsAt.slice(11, 16), endsAt.slice(11, 16)];
  return buildAuditionSession({
    id: id(n),
    projectId: PROJECT,
    name,
    day,
    start,
    end,
    timeZone,
    startsAt,
    endsAt,
    slotMinutes: 30,
  });
}

function person(n: number, firstName: string, slotId: string | null): AuditionInvitation {
  return {
    id: id(n),
    applicantId: id(n + 500),
    firstName,
    lastName: 'Doe',
    slotId,
    waitlisted: false,
    mode: 'OFFICE_ASSIGNS',
    recipients: 'TALENT',
    status: 'CONFIRMED',
    declineReason: null,
    requestedSlotId: null,
    changeMessage: null,
    answeredAt: null,
    result: { attendance: null, checkedInAt: null, notes: null, rating: null },
  };
}

/** Two 30-minute slots from `startsAt`, the first `filled` by the people given. */
function schedule(of: AuditionSession, first: number, people: string[]): AuditionSchedule {
  const start = Date.parse(of.startsAt);
  const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
  const slots = [0, 1].map((index) => ({
    id: id(first + index),
    position: index,
    startsAt: at(index * 30),
    endsAt: at(index * 30 + 30),
    capacity: 1,
    taken: index === 0 ? people.length : 0,
  }));
  return {
    session: of,
    slots,
    invitations: people.map((name, index) => person(first + 10 + index, name, slots[0]!.id)),
  };
}

// 3 Nov 2031 in Paris (UTC+1): the morning and the afternoon; the New York evening of 3 Nov is the 4th in Paris.
const MORNING = session(
  1,
  'Morning round',
  '2031-11-03T08:00:00.000Z',
  '2031-11-03T09:00:00.000Z',
  'Europe/Paris',
);
const AFTERNOON = session(
  2,
  'Afternoon round',
  '2031-11-03T13:00:00.000Z',
  '2031-11-03T14:00:00.000Z',
  'Europe/London',
);
const LATE = session(
  3,
  'New York round',
  '2031-11-04T03:30:00.000Z',
  '2031-11-04T04:30:00.000Z',
  'America/New_York',
);

function renderDay() {
  const sessionsPath = `/api/projects/${PROJECT}/auditions/sessions`;
  return renderWithApi(
    {
      [`GET ${sessionsPath}`]: () =>
        jsonResponse(200, { items: [AFTERNOON, LATE, MORNING], nextCursor: null }),
      [`GET ${sessionsPath}/${MORNING.id}`]: () => jsonResponse(200, schedule(MORNING, 100, ['Ana'])),
      [`GET ${sessionsPath}/${AFTERNOON.id}`]: () => jsonResponse(200, schedule(AFTERNOON, 200, [])),
      [`GET ${sessionsPath}/${LATE.id}`]: () => jsonResponse(200, schedule(LATE, 300, ['Zoe'])),
    },
    <DaySchedule project={buildProjectDetail({ id: PROJECT, projectActor: 'PO' })} day="2031-11-03" />,
  );
}

describe('a day’s schedule', () => {
  it('shows the day’s sessions in start order with their slots and the day’s totals, not another day’s', async () => {
    const double = renderDay();
    expect(
      screen.getByRole('heading', { name: T.dayTitle(formatAuditionDay('2031-11-03')) }),
    ).toBeInTheDocument();
    const totals = await screen.findByRole('region', { name: T.dayTotals });
    expect(totals).toHaveTextContent(T.dayScheduled(1));
    // Morning: one slot taken, one open; afternoon: both open.
    expect(totals).toHaveTextContent(T.openSlots(3));

    const sections = screen.getAllByRole('region', { name: /round$/ });
    expect(sections.map((section) => section.getAttribute('aria-label'))).toEqual([
      'Morning round',
      'Afternoon round',
    ]);
    const [morning, afternoon] = sections as [HTMLElement, HTMLElement];
    expect(within(morning).getByRole('listitem', { name: T.slotLabel('09:00–09:30') })).toHaveTextContent(
      'Ana Doe',
    );
    expect(within(morning).getByRole('listitem', { name: T.slotLabel('09:30–10:00') })).toHaveTextContent(
      T.emptySlot,
    );
    // The London session's times on the viewer's clock, its own local time named beside them.
    expect(within(afternoon).getByRole('listitem', { name: T.slotLabel('14:00–14:30') })).toBeInTheDocument();
    expect(afternoon).toHaveTextContent(T.sessionZone('Mon 3 Nov 2031, 13:00 (Europe/London)'));
    expect(within(afternoon).getByRole('link', { name: T.openSchedule('Afternoon round') })).toHaveAttribute(
      'href',
      `/projects/${PROJECT}/auditions/${AFTERNOON.id}`,
    );

    expect(screen.queryByText('New York round')).toBeNull();
    expect(screen.queryByText('Zoe Doe')).toBeNull();
    expect(double.callsTo(`GET /api/projects/${PROJECT}/auditions/sessions/${LATE.id}`)).toHaveLength(0);
  });
});
