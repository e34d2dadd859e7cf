/** What other modules may use of the users module: its table queries and the User view. */
export {
  findUserByEmail,
  findUserById,
  insertUser,
  isUniqueViolation,
  updateUser,
  type UserRow,
} from './user-store';
export { roleCodeOf, toUserDto } from './user-view';
