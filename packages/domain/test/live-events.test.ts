import { describe, expect, it } from 'vitest';
import {
  LIVE_EVENT_PERMISSION,
  LIVE_MESSAGES,
  can,
  liveAudienceIncludes,
  liveClientMessageSchema,
  liveServerMessageSchema,
} from '../src';

describe('live project channel', () => {
  it('sends each event only to those who may see what it announces', () => {
    // Every member who may read the project refreshes its candidates (the API then filters what each sees).
    for (const actor of ['SA', 'PO', 'PE', 'TE', 'TS', 'CLIENT'] as const) {
      expect(can(actor, LIVE_EVENT_PERMISSION.APPLICANTS_UPDATED)).toBe(true);
    }
    // The project roster's changes reach only those who may read it (decision 0399).
    expect(can('TE', LIVE_EVENT_PERMISSION.PROJECT_ROSTER_UPDATED)).toBe(true);
    expect(can('TS', LIVE_EVENT_PERMISSION.PROJECT_ROSTER_UPDATED)).toBe(false);
    expect(can('CLIENT', LIVE_EVENT_PERMISSION.PROJECT_ROSTER_UPDATED)).toBe(false);
    // Client feedback reaches those who may see feedback; a talent submitter never hears of it.
    expect(can('CLIENT', LIVE_EVENT_PERMISSION.CLIENT_FEEDBACK_UPDATED)).toBe(true);
    expect(can('TS', LIVE_EVENT_PERMISSION.CLIENT_FEEDBACK_UPDATED)).toBe(false);
  });

  it("accepts the client's join message and refuses anything else", () => {
    expect(liveClientMessageSchema.parse({ projectId: 'p1', action: 'joinProject' })).toEqual({
      projectId: 'p1',
      action: 'joinProject',
    });
    expect(liveClientMessageSchema.safeParse({ projectId: 'p1', action: 'joinEverything' }).success).toBe(
      false,
    );
    expect(liveClientMessageSchema.safeParse({ action: 'joinProject' }).success).toBe(false);
  });

  it("reads the server's update and error messages", () => {
    expect(
      liveServerMessageSchema.parse({ action: 'update', projectId: 'p1', event: 'NEW_MESSAGE' }),
    ).toMatchObject({ action: 'update', event: 'NEW_MESSAGE' });
    expect(
      liveServerMessageSchema.parse({
        action: 'error',
        code: 'PROJECT_ACCESS_DENIED',
        message: LIVE_MESSAGES.projectAccessDenied,
        projectId: 'p1',
      }),
    ).toMatchObject({ code: 'PROJECT_ACCESS_DENIED', message: 'Project access denied' });
    expect(
      liveServerMessageSchema.safeParse({ action: 'update', projectId: 'p1', event: 'OTHER' }).success,
    ).toBe(false);
  });

  it('sends chat events only to those who may chat', () => {
    expect(can('TS', LIVE_EVENT_PERMISSION.NEW_MESSAGE)).toBe(false);
    expect(can('TE', LIVE_EVENT_PERMISSION.NEW_MESSAGE)).toBe(true);
    expect(can('TS', LIVE_EVENT_PERMISSION.APPLICANT_STREAM_STATUS_UPDATED_EVENT)).toBe(true);
  });
});

describe('liveAudienceIncludes', () => {
  it('names an agency only by its whole id among the listed ones', () => {
    expect(liveAudienceIncludes({ threadId: 't', agencyIds: 'a1,b22' }, 'b22')).toBe(true);
    expect(liveAudienceIncludes({ threadId: 't', agencyIds: 'a1,b22' }, 'b2')).toBe(false);
    expect(liveAudienceIncludes({ threadId: 't' }, 'a1')).toBe(false);
    expect(liveAudienceIncludes(undefined, 'a1')).toBe(false);
  });
});
