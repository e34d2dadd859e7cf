export { VoteReminder } from './vote-reminder';
