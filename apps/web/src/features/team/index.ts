export { TeamButton } from './team-button';
export type { TeamButtonProps } from './team-button';
export { TeamDialog } from './team-dialog';
export { teamMembersQuery } from './team-api';
