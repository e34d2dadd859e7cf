/** The session capability's public face: inactivity tracking for the signed-in session. */
export { SessionTracker } from './session-tracker';
