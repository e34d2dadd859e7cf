import type { DeadlineWarning } from './self-tape-rules';

/** "1 candidate", "3 candidates". */
const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The self-tape requests' texts: the request dialog, the tracking page, the recipient's private page, refusals. */
export const SELF_TAPE_TEXTS = {
  request: 'Request self-tapes',
  dialogTitle: 'Request self-tapes',
  title: 'Title',
  instructions: 'Instructions',
  slate: 'Slate instructions',
  deadline: 'Deadline',
  timeZone: 'Time zone',
  preset: 'Notice rule',
  presets: {
    UK_EQUITY: 'UK Equity (4 days for up to 6 pages)',
    SAG_AFTRA: 'SAG-AFTRA (48 hours, 72 for minors)',
    OFFICE: 'The office’s own rule',
    NONE: 'No rule',
  },
  pages: 'Pages of sides',
  takes: 'Takes to record',
  latePolicy: 'Late tapes',
  latePolicies: { ACCEPT_LATE: 'Accept and mark late', REFUSE: 'Refuse' },
  sendToTalent: 'Send to represented talent too',
  confirm: 'Send anyway',
  send: 'Send request',
  sending: (handled: number, total: number) =>
    `Sent to ${handled} of ${counted(total, 'candidate', 'candidates')}`,
  sent: 'The request is on its way.',
  tracking: 'Self-tape tracking',
  totals: (t: { recipients: number; submitted: number; declined: number }) =>
    `${t.submitted} submitted, ${t.declined} declined, of ${counted(t.recipients, 'recipient', 'recipients')}`,
  statuses: { SENT: 'Sent', OPENED: 'Opened', SUBMITTED: 'Submitted', DECLINED: 'Declined' },
  lateMark: 'Late',
  extensionStates: { ASKED: 'More time asked', GRANTED: 'More time granted', REFUSED: 'More time refused' },
  grant: 'Grant more time',
  refuse: 'Refuse more time',
  loadMore: 'Load more',
  // The recipient's private page.
  dueIn: (left: string, when: string, zone: string) => `Due in ${left}, ${when} (${zone})`,
  overdue: (when: string, zone: string) => `The deadline was ${when} (${zone})`,
  sides: 'Sides',
  upload: 'Upload takes',
  replace: 'Replace takes',
  submit: 'Submit self-tape',
  submitted: 'Your self-tape is sent. Thank you.',
  decline: 'Decline',
  declineReason: 'Why are you declining?',
  askForTime: 'Ask for more time',
  askNote: 'How much more time do you need, and why?',
  asked: 'Your request for more time is sent to the casting office.',
  declined: 'You declined this request.',
  // Refusals.
  notFound: 'This self-tape request link is not valid.',
  closedDeclined: 'This request was declined; nothing more can be sent.',
  closedSubmitted: 'This self-tape is already submitted.',
  deadlinePassed: 'The deadline has passed and this request does not accept late tapes.',
  noTakes: 'Upload at least one take before submitting.',
  tooManyTakes: (n: number) => `This request asks for at most ${n} takes.`,
  kindNotAccepted: 'This kind of file is not accepted for this request.',
  chooseCandidates: 'Choose candidates or a folder.',
  confirmWarnings: 'The deadline breaks the notice rule; confirm to send anyway.',
  noExtensionAsked: 'This recipient has not asked for more time.',
  laterDeadline: 'The new deadline must be later than the current one.',
  noEmail: 'Some candidates have no e-mail address.',
  sidesArePdf: 'Sides must be PDF documents.',
  uploadSides: 'Upload sides (PDF)',
  closeRequest: 'Close request',
  closed: 'Closed',
  requestClosed: 'This request is closed; nothing more can be sent.',
  sendRelease: 'Send release notice',
  keepLegend: 'Keep for the next step (no release notice)',
  releaseDone: (candidates: number) =>
    `Release notice sent to ${counted(candidates, 'candidate', 'candidates')}.`,
  closeFirst: 'Close the request before sending its release notice.',
  releaseSent: 'The release notice of this request was already sent.',
  requests: 'Self-tape requests',
  receivedFilter: 'Self-tapes',
  receivedAny: 'Any candidate',
  receivedStates: {
    ANY: 'Asked for a self-tape',
    SUBMITTED: 'Self-tape submitted',
    LATE: 'Self-tape submitted late',
    DECLINED: 'Self-tape declined',
    PENDING: 'Self-tape pending',
  },
  receivedView: 'Self-tapes received',
  noRequests: 'No self-tape requests yet.',
  agencyReview: 'Agents review their talent’s tapes first',
  agencyDeadline: 'Deadline for talent (agency review)',
  agencyDeadlineOrder: 'The agency review deadline must be before the office’s deadline and still ahead.',
  awaitingReview: 'Your takes are with your agent for review.',
  returnedByAgent: 'Your agent sent your takes back; replace them and submit again.',
  reviewTakes: 'Your talent’s takes',
  forward: 'Forward to the casting office',
  sendBack: 'Send back to talent',
  nothingToReview: 'The talent has not handed in takes to review.',
  reviewStates: {
    OPEN: 'Not handed in',
    PENDING: 'Handed in for your review',
    RETURNED: 'Sent back to talent',
    FORWARDED: 'Forwarded to the office',
  },
  sideNotReady: 'Your copy of this side is being prepared; try again in a minute.',
  /** The line printed on every page of a recipient's own copy of the sides. */
  watermark: (name: string, email: string) => `Sent to ${name} <${email}> – not for sharing`,
  /** The private page's list of the takes that submitting sends (a new upload replaces them). */
  takesToSubmit: 'Takes to submit',
  /** The tracking page's list: everyone the request went to (talent and each agent). */
  recipients: 'Recipients',
} as const;

/** One warning of the request dialog, in words. */
export function deadlineWarningText(warning: DeadlineWarning): string {
  switch (warning.kind) {
    case 'DEADLINE_PASSED':
      return 'The deadline is already past.';
    case 'TOO_FEW_HOURS':
      return `The rule asks for at least ${warning.requiredHours} hours for these sides; this deadline gives ${warning.givenHours}.`;
    case 'MINOR_NEEDS_MORE':
      return `A minor is among the candidates: the rule asks for at least ${warning.requiredHours} hours; this deadline gives ${warning.givenHours}.`;
  }
}
