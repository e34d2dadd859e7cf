import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { expect } from 'vitest';
import type { AuditionSessionInput, Role } from '@casting/domain';
import { agencies, agents, applicantRepresentatives, applicants } from '../../src/platform/db/schema';
import type { TestApp } from '../support/app';
import { buildApplicant } from '../support/candidates';
import { queuedMailsTo } from '../links/helpers';
import type { ActorName, Cast } from '../support/projects';

/** The calls the audition tests make, bound to the file's app and cast (read lazily: they exist after beforeAll). */
export function auditionCalls(ctx: () => { t: TestApp; cast: Cast; role: Role }) {
  const api = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    actor: ActorName = 'PO',
  ) =>
    ctx().t.app.inject({
      method,
      url: `/api${url}`,
      headers: ctx().cast.headers(actor),
      ...(payload ? { payload } : {}),
    });
  const base = () => `/projects/${ctx().cast.project.id}/auditions/sessions`;
  const page = (token: string, projectId = ctx().cast.project.id) =>
    ctx().t.app.inject({ method: 'GET', url: `/api/auditions/invitations/${projectId}?token=${token}` });
  const answer = (payload: object, projectId = ctx().cast.project.id) =>
    ctx().t.app.inject({ method: 'POST', url: `/api/auditions/invitations/${projectId}/answer`, payload });
  const calendar = async (token: string) => {
    const res = await ctx().t.app.inject({
      method: 'GET',
      url: `/api/auditions/invitations/${ctx().cast.project.id}/calendar.ics?token=${token}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    return readCalendar(res.body);
  };

  const session = (overrides: Partial<AuditionSessionInput> = {}): AuditionSessionInput => ({
    kind: 'AUDITION',
    name: `Session ${randomUUID().slice(0, 6)}`,
    roleIds: [ctx().role.id],
    day: '2031-06-10',
    start: '10:00',
    end: '11:00',
    timeZone: 'Europe/London',
    place: '1 Studio Lane, London',
    slotMinutes: 10,
    perSlot: 1,
    notes: 'Bring sides.',
    ...overrides,
  });

  async function createSession(overrides: Partial<AuditionSessionInput> = {}) {
    const res = await api('POST', base(), session(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as {
      session: { id: string; startsAt: string; endsAt: string; openSlots: number };
      overlapping: { id: string }[];
    };
  }

  async function candidate(label: string) {
    return buildApplicant(ctx().role, ctx().cast.people.PO.user, {
      firstName: label,
      lastName: `Cand-${randomUUID().slice(0, 6)}`,
      email: `${label.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`,
    });
  }
  const emailOf = async (applicantId: string) =>
    (await ctx().t.ownerDb.select().from(applicants).where(eq(applicants.id, applicantId)))[0]!.email!;
  async function tokenIn(to: string) {
    const [mail] = await queuedMailsTo(to);
    const token = new RegExp(`/auditions/${ctx().cast.project.id}\\?token=([A-Za-z0-9_-]+)`).exec(
      mail?.text ?? '',
    )?.[1];
    expect(token, mail?.text).toBeDefined();
    return token!;
  }
  async function invite(sessionId: string, applicantIds: string[], extra: object = {}) {
    const res = await api('POST', `${base()}/${sessionId}/invitations`, {
      applicantIds,
      mode: 'OFFICE_ASSIGNS',
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  /** Gives the candidate a confirmed agent (of a new agency); answers the agent's e-mail. */
  async function representBy(applicantId: string) {
    const db = ctx().t.ownerDb;
    const [agency] = await db.insert(agencies).values({ name: 'Agency', searchText: 'agency' }).returning();
    const email = `agent-${randomUUID().slice(0, 8)}@example.com`;
    const [agent] = await db
      .insert(agents)
      .values({ agencyId: agency!.id, firstName: 'Alex', lastName: 'Agent', email, searchText: 'alex agent' })
      .returning();
    await db.insert(applicantRepresentatives).values({
      projectId: ctx().cast.project.id,
      applicantId,
      agentId: agent!.id,
      agencyId: agency!.id,
      status: 'CONFIRMED',
      claimTokenHash: randomUUID(),
    });
    return email;
  }

  return {
    api,
    base,
    page,
    answer,
    calendar,
    session,
    createSession,
    candidate,
    emailOf,
    tokenIn,
    invite,
    representBy,
  };
}

/** An iCalendar file as a calendar reads it (ical.js): method, UID, sequence, status, place and zoned start. */
export function readCalendar(text: string) {
  const component = new ICAL.Component(ICAL.parse(text));
  const zone = component.getFirstSubcomponent('vtimezone');
  if (zone) ICAL.TimezoneService.register(zone);
  const event = new ICAL.Event(component.getFirstSubcomponent('vevent')!);
  return {
    method: component.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    status: event.component.getFirstPropertyValue('status'),
    location: event.location,
    start: event.startDate.toJSDate().toISOString(),
    zone: event.startDate.zone?.tzid,
  };
}
