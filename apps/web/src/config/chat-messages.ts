/** The chat's English error texts (docs/product-rules.md#chat-errors): the locales' `chat.errors.*` must say the same. */
export const AI_CHAT_MESSAGES = {
  requestFailed: (status: number, text: string, detail: string) =>
    `AI Agent request failed: ${status} ${text}. ${detail}`.trim(),
  invalidJson: 'Failed to parse AI agent response',
  missingResponse: 'AI Agent response is missing the response field',
  networkError: 'Network error: Unable to connect to AI service...',
  agentErrorPrefix: 'AI Agent Error: ',
  emptyReply: 'I received an empty response from the AI service. Please try rephrasing your message.',
  connectionError: (message: string) => `Connection Error: ${message} Please check your connection and try again.`,
} as const;
