/** Admin scripts (super admins): the project's maintenance page. */
export { ProjectAdminScriptsPage } from './admin-scripts-page';
