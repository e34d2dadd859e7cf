/** The profile capability's public face for the app shell: the forced change of a generated password. */
export { PasswordChangeGate } from './password-change-gate';
