import { PRODUCT_NAME } from './constants.ts';

/** The team room's messages, apart from its schemas (the error catalogue, which the landing page loads, imports them). */
export const TEAM_MESSAGE_MAX = 4000;

export const TEAM_CHAT_MESSAGES = {
  contentRequired: 'Please write a message',
  contentTooLong: `A message can be at most ${TEAM_MESSAGE_MAX.toLocaleString('en')} characters`,
  cursorInvalid: 'must be a message position (a whole number)',
  notFound: 'Message not found',
  notYours: 'You can only edit your own messages',
  cannotDelete: 'Only the author or a workspace admin can delete this message',
  sendFailed: 'Failed to send message',
  unknownUser: 'Unknown User',
  assistantFailed: `${PRODUCT_NAME} could not answer this time. Please ask again.`,
  assistantQuestionGone: 'The question was deleted before it was answered.',
  assistantBusy: `${PRODUCT_NAME} is still answering this room's questions. Please ask again when one is answered.`,
} as const;
