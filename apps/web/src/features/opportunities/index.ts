export { ProjectRolesPage } from './roles-page';
export { RoleSelect } from './role-select';
export type { RoleSelectProps } from './role-select';
export { truncateName } from './truncate-name';
export { rolesQuery, roleOptionsQuery } from './opportunities-api';
export { RoleDialog } from './role-dialog';
