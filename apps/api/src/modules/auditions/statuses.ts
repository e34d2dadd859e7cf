/** The statuses of an invitation that is still answered or awaited: its event stands in the recipient's calendar. */
export const LIVE_STATUSES = ['INVITED', 'CONFIRMED', 'CHANGE_REQUESTED'] as const;
/** The statuses of an invitation that still holds (or may hold) its slot. */
export const HOLDING_STATUSES: readonly string[] = LIVE_STATUSES;
