import { USER_ROLE_IDS } from '@casting/domain';
import type { AuditionSession, MyOffice, Office, ProjectDetail, User, UserRoleCode } from '@casting/domain';

/** A user as GET /users/me returns it; each test overrides only what matters to it. */
export function buildUser(overrides: Partial<User> & { roleCode?: UserRoleCode } = {}): User {
  const { roleCode = 'SUPER_ADMIN', ...rest } = overrides;
  const roleId = USER_ROLE_IDS[roleCode];
  return {
    id: 'user-1',
    firstName: 'Dana',
    lastName: 'Scott',
    fullName: 'Dana Scott',
    email: 'dana@example.com',
    imageUrl: null,
    roleId,
    role: { id: roleId, code: roleCode },
    agent: null,
    otpRequired: false,
    otpEnabled: false,
    phoneNumber: null,
    smsMfaEnabled: false,
    ...rest,
  };
}

export function sessionGrant(accessToken = 'access-1') {
  return { accessToken, accessTokenExpiresIn: 900, trackingId: 'track-1', sessionDurationMinutes: 240 };
}

/** A project as GET /v2/projects/{id} returns it: an empty web project owned by Dana Whitford; override what matters. */
export function buildProjectDetail(overrides: Partial<ProjectDetail> = {}): ProjectDetail {
  return {
    id: 'p1',
    name: 'Harbor Lights',
    version: 1,
    isWeb: true,
    projectAccessScope: 'PROJECT_OWNER',
    projectActor: 'PO',
    collectRepresentativeInfo: false,
    settings: { applicantOnlyInOneFolder: false },
    projectType: null,
    unionStatus: null,
    projectStatus: null,
    description: null,
    productionCompany: null,
    submissionDeadline: null,
    auditionDate: null,
    callbackDate: null,
    shootStartDate: null,
    shootEndDate: null,
    location: null,
    regions: [],
    rateNotes: null,
    lookingFor: null,
    lookingForTypes: [],
    geographic: [],
    archived: false,
    archivedAt: null,
    owner: { id: 'u1', fullName: 'Dana Whitford' },
    createdAt: '2031-01-01T00:00:00.000Z',
    updatedAt: '2031-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The current office as GET /offices/current returns it: an active office where the caller is a casting director. */
export function buildOffice(overrides: Partial<Office> = {}): Office {
  return {
    id: '0190a0a0-0000-7000-8000-000000000001',
    name: 'Harbor Casting',
    logoUrl: null,
    timeZone: 'Europe/London',
    dateFormat: 'DD/MM/YYYY',
    mailSenderName: null,
    status: 'ACTIVE',
    ageOfMajority: 18,
    retentionDays: null,
    myRole: 'CASTING_DIRECTOR',
    ...overrides,
  };
}

/** One entry of GET /offices/mine; by default the current office of `buildOffice`. */
export function buildMyOffice(overrides: Partial<MyOffice> = {}): MyOffice {
  return {
    id: '0190a0a0-0000-7000-8000-000000000001',
    name: 'Harbor Casting',
    status: 'ACTIVE',
    role: 'CASTING_DIRECTOR',
    current: true,
    ...overrides,
  };
}

/** An audition session of one hour on 10 June 2031 in London, as the sessions list answers it. */
export function buildAuditionSession(overrides: Partial<AuditionSession> = {}): AuditionSession {
  return {
    id: '0190a5f6-0000-7000-8000-0000000000a1',
    projectId: '0190a5f6-0000-7000-8000-000000000001',
    kind: 'AUDITION',
    name: 'First round',
    roleIds: [],
    day: '2031-06-10',
    start: '10:00',
    end: '11:00',
    timeZone: 'Europe/London',
    startsAt: '2031-06-10T09:00:00.000Z',
    endsAt: '2031-06-10T10:00:00.000Z',
    place: null,
    videoLink: null,
    slotMinutes: 10,
    breaks: [],
    perSlot: 1,
    staff: null,
    notes: null,
    sourceSessionId: null,
    openSlots: 0,
    ...overrides,
  };
}
