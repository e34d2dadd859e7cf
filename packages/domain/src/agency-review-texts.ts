/**
 * Agency review in the candidates workspace (ours): the talent submitter's "Send to casting" and the casting team's
 * line on what still waits with the agencies.
 */
const candidates = (count: number) => `${count} ${count === 1 ? 'candidate' : 'candidates'}`;

export const AGENCY_REVIEW_TEXTS = {
  sendToCasting: 'Send to casting',
  confirmTitle: (count: number) => `Send ${candidates(count)} to casting?`,
  confirmMessage: (count: number) =>
    `${count === 1 ? 'This candidate goes' : `These ${count} candidates go`} to the opportunity’s New Submissions, where the casting team will see ${count === 1 ? 'them' : 'them all'}. A submission cannot be withdrawn.`,
  confirmSend: (count: number) => `Send ${candidates(count)}`,
  sent: (count: number) => `${candidates(count)} sent to casting`,
  sendFailed: 'The candidates could not be sent to casting',
  /** "3 candidates wait in agency review: 2 with Northlight Talent, 1 with Bright Agency". */
  waiting: (total: number, groups: readonly { agencyName: string | null; count: number }[]) =>
    `${candidates(total)} ${total === 1 ? 'waits' : 'wait'} in agency review: ${groups
      .map(
        (group) => `${group.count} ${group.agencyName ? `with ${group.agencyName}` : 'with no agency named'}`,
      )
      .join(', ')}`,
} as const;
