import type { AuditionInvitation, AuditionSchedule } from '@casting/domain';
import { describe, expect, it } from 'vitest';
import { overlapsOf } from './new-session-dialog';
import { emptyDraft } from './session-fields';
import { layOut, movesFor, nextInRoom, parseBreaks, sessionDays, slotTime } from './schedule-layout';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const slot = (n: number, capacity = 1) => ({
  id: id(100 + n),
  position: n,
  startsAt: new Date(Date.UTC(2031, 5, 10, 9, 10 * n)).toISOString(),
  endsAt: new Date(Date.UTC(2031, 5, 10, 9, 10 * n + 10)).toISOString(),
  capacity,
  taken: 0,
});
const invitation = (n: number, over: Partial<AuditionInvitation>): AuditionInvitation => ({
  id: id(n),
  applicantId: id(200 + n),
  firstName: `P${n}`,
  lastName: 'Reed',
  slotId: null,
  waitlisted: false,
  mode: 'OFFICE_ASSIGNS',
  recipients: 'AGENTS',
  status: 'INVITED',
  declineReason: null,
  requestedSlotId: null,
  changeMessage: null,
  answeredAt: null,
  result: { attendance: null, checkedInAt: null, notes: null, rating: null },
  ...over,
});

describe('the schedule grid', () => {
  it('places people in running order, counts open slots and keeps the waitlist, the unplaced and the closed apart', () => {
    const schedule = {
      session: {} as AuditionSchedule['session'],
      slots: [slot(1), slot(0, 2)],
      invitations: [
        invitation(1, { slotId: id(100) }),
        invitation(2, { waitlisted: true }),
        invitation(3, {}),
        invitation(4, { status: 'DECLINED' }),
        invitation(5, { slotId: id(101), status: 'CONFIRMED' }),
      ],
    };
    const layout = layOut(schedule);
    expect(
      layout.rows.map((row) => [row.slot.position, row.people.map((p) => p.firstName), row.open]),
    ).toEqual([
      [0, ['P1'], 1],
      [1, ['P5'], 0],
    ]);
    expect(layout.openSlots).toBe(1);
    expect(
      [layout.waitlist, layout.unplaced, layout.closed].map((list) => list.map((p) => p.firstName)),
    ).toEqual([['P2'], ['P3'], ['P4']]);
  });

  it('turns a swap into two moves in one change, each taking the other’s place', () => {
    const a = invitation(1, { slotId: id(100) });
    const b = invitation(2, { waitlisted: true });
    expect(movesFor(a, { kind: 'swap', with: b })).toEqual([
      { invitationId: a.id, slotId: null, waitlisted: true },
      { invitationId: b.id, slotId: id(100), waitlisted: false },
    ]);
    expect(movesFor(b, { kind: 'slot', slotId: id(101) })).toEqual([{ invitationId: b.id, slotId: id(101) }]);
  });

  it('shows a slot on the viewer’s clock', () => {
    expect(slotTime(slot(1), 'Europe/London')).toBe('10:10–10:20');
    expect(slotTime(slot(1), 'America/New_York')).toBe('05:10–05:20');
  });
});

describe('the new-session form', () => {
  it('reads breaks written in one field and refuses what is not HH:MM-HH:MM', () => {
    expect(parseBreaks('13:00-13:30, 15:00 – 15:15')).toEqual([
      { start: '13:00', end: '13:30' },
      { start: '15:00', end: '15:15' },
    ]);
    expect(parseBreaks('')).toEqual([]);
    expect(parseBreaks('lunch')).toBeNull();
  });

  it('names the project’s sessions the draft would overlap, read in the draft’s zone', () => {
    const london = {
      ...emptyDraft(),
      day: '2031-06-10',
      start: '10:00',
      end: '11:00',
      timeZone: 'Europe/London',
    };
    const session = (name: string, hour: number) => ({
      id: name,
      name,
      startsAt: new Date(Date.UTC(2031, 5, 10, hour)).toISOString(),
      endsAt: new Date(Date.UTC(2031, 5, 10, hour + 1)).toISOString(),
    });
    // 10:00-11:00 in London (summer time) is 09:00-10:00 UTC.
    const others = [session('Before', 8), session('Same', 9), session('After', 10)];
    expect(overlapsOf(london, others as never).map((other) => other.name)).toEqual(['Same']);
  });
});

describe('the room’s view', () => {
  it('sends in the first who arrived, else the first still expected, never a no-show', () => {
    const marked = (n: number, attendance: AuditionInvitation['result']['attendance']) => ({
      invitation: invitation(n, { result: { attendance, checkedInAt: null, notes: null, rating: null } }),
    });
    const who = (order: ReturnType<typeof marked>[]) => nextInRoom(order)?.invitation.firstName ?? null;
    expect(who([marked(1, 'SEEN'), marked(2, 'IN_ROOM'), marked(3, 'LATE'), marked(4, 'ARRIVED')])).toBe(
      'P4',
    );
    expect(who([marked(1, 'NO_SHOW'), marked(2, 'LATE'), marked(3, null)])).toBe('P2');
    expect(who([marked(1, 'SEEN'), marked(2, 'NO_SHOW')])).toBeNull();
  });
});

describe('the days that have sessions', () => {
  it('are the dates the sessions start on in the viewer’s zone, each once, earliest first', () => {
    const at = (startsAt: string) => ({ startsAt });
    // 23:30 in London on the 3rd is already the 4th in Paris.
    const sessions = [at('2031-11-03T23:30:00Z'), at('2031-11-03T12:00:00Z'), at('2031-11-03T08:00:00Z')];
    expect(sessionDays(sessions, 'Europe/Paris')).toEqual(['2031-11-03', '2031-11-04']);
    expect(sessionDays(sessions, 'Europe/London')).toEqual(['2031-11-03']);
  });
});
