import type { AuditionSession } from '@casting/domain';
import { describe, expect, it } from 'vitest';
import { changedFields, draftOfSession } from './edit-session-dialog';
import { overlapsOf } from './new-session-dialog';
import { draftInput } from './session-fields';

const session: AuditionSession = {
  id: '00000000-0000-4000-8000-000000000001',
  projectId: '00000000-0000-4000-8000-000000000002',
  kind: 'AUDITION',
  name: 'Lead reads',
  roleIds: ['00000000-0000-4000-8000-000000000003'],
  day: '2031-06-10',
  start: '10:00',
  end: '13:00',
  timeZone: 'Europe/London',
  startsAt: '2031-06-10T09:00:00.000Z',
  endsAt: '2031-06-10T12:00:00.000Z',
  place: null,
  videoLink: null,
  slotMinutes: 10,
  breaks: [
    { start: '11:00', end: '11:15' },
    { start: '12:00', end: '12:30' },
  ],
  perSlot: 1,
  staff: null,
  notes: 'Bring sides.',
  sourceSessionId: null,
  openSlots: 12,
};

describe('editing a session', () => {
  it('sends only what changed, so a rename of a booked session leaves its hours alone', () => {
    const before = draftInput(draftOfSession(session))!;
    expect(before).toMatchObject({ breaks: session.breaks, place: null, notes: 'Bring sides.' });
    expect(changedFields(before, before)).toEqual({});
    const renamed = draftInput({
      ...draftOfSession(session),
      name: ' Lead reads, day 1 ',
      place: 'Studio 2',
    })!;
    expect(changedFields(before, renamed)).toEqual({ name: 'Lead reads, day 1', place: 'Studio 2' });
    const later = draftInput({ ...draftOfSession(session), breaks: '11:00-11:15' })!;
    expect(changedFields(before, later)).toEqual({ breaks: [{ start: '11:00', end: '11:15' }] });
  });

  it('names the other sessions the new hours would run beside, before saving', () => {
    const afternoon = {
      ...session,
      id: '00000000-0000-4000-8000-000000000009',
      name: 'Afternoon reads',
      startsAt: '2031-06-10T13:00:00.000Z',
      endsAt: '2031-06-10T15:00:00.000Z',
    };
    expect(overlapsOf(draftOfSession(session), [afternoon])).toEqual([]);
    const longer = { ...draftOfSession(session), end: '15:00' };
    expect(overlapsOf(longer, [afternoon]).map((item) => item.name)).toEqual(['Afternoon reads']);
  });
});
