import type { ApiModule } from '../../platform/http/module';
import { chatRoutes } from './routes';

/**
 * Chat with candidates: one thread per candidate per project, team messages e-mailed to the candidate and
 * agent with a private reply link (job `chat-mail`), replies through a public page, unread counts per team member,
 * NEW_MESSAGE on the live project channel. Decision docs/decisions/0030-chat-threads.md and the records it
 * lists.
 */
export const chatModule: ApiModule = { name: 'chat', register: chatRoutes };

export { defineChatMailJobs, deliverChatMail, chatMessageMail, CHAT_MAIL_QUEUE } from './mail';
export { purgeUnsentAttachments } from './attachment-purge';
