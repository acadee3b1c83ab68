/** The conversations module: the assistant's saved conversations and their messages (the chat service writes them). */
export {
  type ConversationRow,
  countUserConversations,
  createConversation,
  findConversation,
  findMessage,
  insertMessage,
  listMessages,
  type MessageRow,
  saveAssistantMessage,
  touchConversation,
  updateMessageParts,
} from './conversations.repository.ts';
export { conversationsRoutes } from './conversations.routes.ts';
export { requireOwnConversation } from './conversations.service.ts';
