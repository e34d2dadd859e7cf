/**
 * The chat feature's public entry: the conversation inside a candidate's preview, the unread count the project
 * navigation shows and who may chat. The pages (/projects/chat/:id and the public reply page) are loaded by the
 * route table from their own modules, so this entry stays small.
 */
export { CandidateChat } from './candidate-chat';
export { mayChat, useChatLive, useChatUnreadCount } from './chat-live';
