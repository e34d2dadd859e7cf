import type { AuditionAttendance, AuditionKind, AuditionStatus } from './contracts/auditions';

/** Names of the audition vocabulary, as the schedule, the recipient's page and the exports show them. */
export const AUDITION_KIND_LABELS: Record<AuditionKind, string> = {
  AUDITION: 'Audition',
  CALLBACK: 'Callback',
  CHEMISTRY_READ: 'Chemistry read',
  FITTING: 'Fitting',
};
export const AUDITION_STATUS_LABELS: Record<AuditionStatus, string> = {
  INVITED: 'Invited',
  CONFIRMED: 'Confirmed',
  DECLINED: 'Declined',
  CHANGE_REQUESTED: 'Asked for another time',
  CANCELLED: 'Cancelled',
};
export const AUDITION_ATTENDANCE_LABELS: Record<AuditionAttendance, string> = {
  ARRIVED: 'Arrived',
  LATE: 'Running late',
  NO_SHOW: 'No-show',
  IN_ROOM: 'In the room',
  SEEN: 'Seen',
};

/** The texts of the sessions, schedule, check-in and the recipient's private page. */
export const AUDITION_TEXTS = {
  sessionsTitle: 'Auditions',
  newSession: 'New session',
  createSession: 'Create session',
  noSessions: 'No sessions yet.',
  openSlots: (count: number) => `${count} open ${count === 1 ? 'slot' : 'slots'}`,
  scheduleTitle: (name: string) => `Schedule: ${name}`,
  waitlist: 'Waitlist',
  unplaced: 'Not placed yet',
  moveTo: (name: string) => `Move ${name} to`,
  move: 'Move',
  checkInTitle: 'Check-in',
  rating: (name: string) => `Rating for ${name}`,
  notes: (name: string) => `Notes on ${name}`,
  attendance: (name: string) => `Attendance of ${name}`,
  exportCsv: 'Download CSV',
  callback: 'Fill a callback from ratings',
  fields: {
    kind: 'Kind',
    name: 'Name',
    day: 'Day',
    start: 'Starts',
    end: 'Ends',
    timeZone: 'Time zone',
    place: 'Address',
    videoLink: 'Video-call link',
    slotMinutes: 'Slot length (minutes)',
    perSlot: 'Candidates per slot',
    staff: 'Staff and readers present',
    notes: 'Notes for candidates',
  },
  // The recipient's private page.
  privateTitle: (project: string) => `Your invitation: ${project}`,
  yourSlot: 'Your time',
  noSlotYet: 'No time is set yet: pick one below, or the casting team will give you one.',
  shownIn: (zone: string) => `Times are shown in your time zone, ${zone}.`,
  confirm: 'Confirm',
  decline: 'Decline',
  declineReason: 'Why you cannot come',
  pick: 'Pick this time',
  askAnother: 'Ask for another time',
  askMessage: 'Message to the casting team',
  downloadCalendar: 'Add to calendar (.ics)',
  confirmed: 'You confirmed. See you there.',
  declined: 'You declined this invitation.',
  changeAsked: 'Your request is with the casting team.',
  cancelled: 'This session was cancelled.',
  incompleteLink: 'This invitation link is incomplete. Open it exactly as your e-mail gives it.',
} as const;

/** What the audition calls answer when they refuse. */
export const AUDITION_MESSAGES = {
  sessionNotFound: 'This session does not exist in this project.',
  invitationNotFound: 'This invitation does not exist or its link is no longer valid.',
  slotNotFound: 'This slot is not in this session.',
  slotFull: 'This slot is full. Choose another one.',
  scheduleFixed:
    'People already hold slots in this session: its hours, breaks and slot length can no longer change. Cancel or move them first.',
  invalidPlan: 'The session must end after it starts and hold at least one slot.',
  noCandidates: 'None of these candidates is in this project.',
  notPicking: 'The casting team gives the times of this session.',
  closed: 'This invitation is closed.',
  noChangeRequested: 'There is no request for another time to accept.',
  doublePlacement: (name: string) => `${name} would be in two slots at the same time.`,
  rosterClash: (name: string, project: string, status: string) =>
    `${name} is on ${status.toLowerCase()} for ${project} that day.`,
  fullSlot: (name: string) => `The slot chosen for ${name} is full.`,
  sessionOverlap: (name: string) => `This session overlaps "${name}" of the same project.`,
} as const;
