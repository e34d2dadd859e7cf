/**
 * Offices: the office menu and the office boundary of the app shell, the notice for a session without a usable office,
 * and the office's pages (settings, members, an invitation link, the operator's list of offices).
 */
export { OfficeBoundary } from './office-switch';
export { OfficeGate } from './office-gate';
export { OfficeSwitcher } from './office-switcher';
export { useOfficeRole } from './use-office-role';
export { OfficeSettingsPage } from './settings-page';
export { OfficeMembersPage } from './members-page';
export { OfficeInvitationPage } from './invitation-page';
export { OperatorOfficesPage } from './operator-page';
