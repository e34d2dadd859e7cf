/** The office's talent database: the roster (/roster), the project roster, and the candidate's roster status. */
export { RosterPage } from './roster-page';
export { RosterManagementPage } from './roster-management-page';
export { CandidateRosterStatus, RosterStatusBadge } from './candidate-roster-status';
