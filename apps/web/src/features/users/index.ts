/** The users administration capability's public face (super admins only). */
export { UsersPage } from './users-page';
