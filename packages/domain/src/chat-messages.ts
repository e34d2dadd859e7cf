/**
 * The chat's texts and limits without any schema library, so the public reply page (a lean chunk, like the apply
 * pages) and the project navigation can use them without downloading zod. Contracts: contracts/chat.ts.
 */

export const CHAT_MESSAGES = {
  pageTitle: 'Chat',
  threadsHeading: 'Conversations',
  searchLabel: 'Search by candidate name',
  searchPlaceholder: 'Search candidates',
  noThreads: 'No conversations yet. Start one from a candidate’s preview.',
  noThreadsFound: 'No conversation matches this search.',
  chooseThread: 'Choose a conversation to read it.',
  noMessages: 'No messages yet. Write the first one below.',
  composerLabel: 'Message',
  composerPlaceholder: 'Write a message…',
  send: 'Send',
  sending: 'Sending…',
  attach: 'Attach files',
  filesToAttach: 'Files to attach',
  removeAttachment: (name: string) => `Remove ${name}`,
  uploading: (name: string) => `Uploading ${name}…`,
  edit: 'Edit',
  editMessageLabel: 'Edit message',
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete',
  deleteConfirm: 'Delete this message? Everyone will see that it was deleted.',
  edited: 'edited',
  deleted: 'This message was deleted.',
  loadOlder: 'Load older messages',
  loadMoreThreads: 'Load more conversations',
  unreadBadge: (count: number) => `${count} unread`,
  markUnread: 'Mark as unread',
  markAllRead: 'Mark all as read',
  markedUnread: (name: string) => `The conversation with ${name} is marked as unread.`,
  markFailed: 'The conversation could not be updated. Check your connection and try again.',
  back: 'Back to conversations',
  openChat: 'Open in chat',
  candidate: 'Candidate',
  agent: 'Agent',
  you: 'You',
  noRecipients:
    'This candidate has no e-mail address and no agent to write to: messages stay in the project until one is added.',
  deliverySent: 'Sent',
  deliveryEmailed: 'E-mailed',
  deliveryFailed: 'E-mail failed',
  loadFailed: 'The conversation could not be loaded. Check your connection and try again.',
  sendFailed: 'The message could not be sent. Check your connection and try again.',
  // API refusals.
  emptyMessage: 'Write a message or attach a file.',
  messageTooLong: (max: number) => `Use at most ${max} characters.`,
  tooManyAttachments: (max: number) => `Attach at most ${max} files to one message.`,
  attachmentTooLarge: (mb: number) => `Attach files of at most ${mb} MB.`,
  attachmentTypeRefused: 'This type of file cannot be attached. Attach images, PDF or office documents.',
  attachmentUnknown:
    'One or more attachments are not uploads of this conversation, or were not uploaded yet.',
  threadNotFound: 'This conversation does not exist.',
  messageNotFound: 'This message does not exist.',
  notYourMessage: 'Only the author of a message can edit or delete it.',
  messageAlreadyDeleted: 'This message was already deleted.',
  notYourClient: 'A talent submitter chats only about their own agency’s clients.',
  // Public reply page.
  replyTitle: (projectName: string) => `Conversation about ${projectName}`,
  replyIntro: 'Messages from the casting team. Write your answer below; the team reads it in the project.',
  replyLabel: 'Your reply',
  replySend: 'Send reply',
  replySent: 'Your reply was sent to the casting team.',
  replyLinkInvalid:
    'This reply link is not valid. Use the link from the most recent e-mail of the casting team.',
  replyLinkExpired:
    'This reply link has expired. Use the link from a more recent e-mail, or wait for the team’s next message.',
  replyExpiresOn: (date: string) => `This private link works until ${date}.`,
  // The team's message as an e-mail. It comes from the product's sending address, which no one reads.
  mailRepliesNotRead: 'Reply through the link above; replies to this e-mail are not read.',
  deliveryInterrupted:
    'Sending was interrupted and may or may not have reached the person; it is not repeated.',
} as const;

/** How long an e-mailed reply link works (decision 0304): long enough for a slow answer, short enough to age out. */
export const CHAT_REPLY_LINK_DAYS = 30;
export const CHAT_MESSAGE_MAX = 5_000;
export const CHAT_ATTACHMENTS_MAX = 5;
/** Chat attachments are small documents and pictures: one signed PUT of at most this many bytes. */
export const CHAT_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const CHAT_ATTACHMENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'application/pdf',
  'text/plain',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;
/** The public reply page shows this many of the thread's latest messages. */
export const CHAT_REPLY_PAGE_MESSAGES = 50;
export const CHAT_THREAD_PAGE_DEFAULT = 30;
export const CHAT_MESSAGE_PAGE_DEFAULT = 30;

export const CHAT_AUTHOR_KINDS = ['TEAM', 'CANDIDATE', 'AGENT'] as const;
export type ChatAuthorKind = (typeof CHAT_AUTHOR_KINDS)[number];
/** SENT: recorded in the thread; EMAILED: every recipient's mail went out; FAILED: a recipient's mail failed. */
export const CHAT_DELIVERY_STATUSES = ['SENT', 'EMAILED', 'FAILED'] as const;
export type ChatDeliveryStatus = (typeof CHAT_DELIVERY_STATUSES)[number];
