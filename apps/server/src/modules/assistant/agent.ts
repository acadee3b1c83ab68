import type { LanguageModelV3 } from '@ai-sdk/provider';
import { NO_ANSWER_REPLY, PRODUCT_NAME, type ThinkingType, TOOL_THINKING_TYPES } from '@lumen/contract';
import { generateText, type ModelMessage, stepCountIs, streamText } from 'ai';
import type { AssistantSession } from './session.ts';
import { type AssistantTools, createAssistantTools } from './tools/index.ts';

/** Steps per request: tool calls plus the answer. */
export const MAX_AGENT_STEPS = 5;
/** One retry of a failed model call; someone is waiting for the answer. */
const MAX_RETRIES = 1;

/** For real models: answer only from the tools' results, cite as [n]. The builtin model ignores it. */
export const SYSTEM_PROMPT = `You are ${PRODUCT_NAME}, an assistant that answers questions about the user's own files and documents.
- Always use the tools to look at the user's documents before answering: answer_from_documents for questions, search_files to find files (pdfOnly for PDFs), summarize_document for summaries, workspace_overview for what the user has, delete_file to delete a file (the user confirms it), save_to_storage to save a document or your previous answer to the user's connected Google Drive, OneDrive or Dropbox (the user confirms it; pass your answer's text as text).
- Answer only from the tool results. Never use outside knowledge about the user's documents.
- Cite every fact with the number of the passage it comes from, in square brackets exactly as numbered in the tool results, like [1] or [2]. Cite only passages you used.
- If the tool results do not contain the answer, reply exactly: "${NO_ANSWER_REPLY}"
- Be concise. Use Markdown for lists.`;

/** For real models in the team room: every member reads the answer, and the tools read only the team's shared files. */
export const TEAM_ROOM_SYSTEM_PROMPT = `You are ${PRODUCT_NAME}, answering a question a member asked in their team's chat room, where every member reads your answer.
- Always use the tools to look at the team's shared documents before answering: answer_from_documents for questions, search_files to find files, summarize_document for summaries, workspace_overview for what the team has.
- Answer only from the tool results. Never use outside knowledge about the team's documents.
- Cite every fact with the number of the passage it comes from, in square brackets exactly as numbered in the tool results, like [1] or [2]. Cite only passages you used.
- If the tool results do not contain the answer, reply exactly: "${NO_ANSWER_REPLY}"
- Be concise. Use Markdown for lists.`;

/** The thinking type a tool call shows: the tool's own, or 'pdf-search' for a search limited to PDFs. */
export function thinkingTypeFor(toolName: string, input?: unknown): ThinkingType {
  if (toolName === 'search_files' && typeof input === 'object' && input !== null) {
    if ((input as { pdfOnly?: unknown }).pdfOnly === true) return 'pdf-search';
  }
  return TOOL_THINKING_TYPES[toolName as keyof typeof TOOL_THINKING_TYPES] ?? 'general';
}

export interface AgentRequest {
  model: LanguageModelV3;
  session: AssistantSession;
  messages: ModelMessage[];
  abortSignal?: AbortSignal;
  /** The session's tools when the caller already made them (to convert the history); made here otherwise. */
  tools?: AssistantTools;
  /** The instructions for real models (`SYSTEM_PROMPT` unless given). */
  system?: string;
}

/** The one agent loop, streamed: every model, every tool, several steps. */
export function streamAgent({ model, session, messages, abortSignal, tools, system }: AgentRequest) {
  return streamText({
    model,
    system: system ?? SYSTEM_PROMPT,
    messages,
    tools: tools ?? createAssistantTools(session),
    stopWhen: stepCountIs(MAX_AGENT_STEPS),
    maxRetries: MAX_RETRIES,
    abortSignal,
    // Failures reach the client as an error part (see the chat service); nothing to log twice here.
    onError: () => {},
    onChunk: ({ chunk }) => {
      if (chunk.type === 'tool-input-start') session.reportThinking(thinkingTypeFor(chunk.toolName));
      if (chunk.type === 'tool-call') session.reportThinking(thinkingTypeFor(chunk.toolName, chunk.input));
    },
  });
}

/** The same loop without streaming (POST /api/ask): the final text, and the text of every step (for citations). */
export async function generateAgentReply({ model, session, messages, abortSignal }: AgentRequest) {
  const result = await generateText({
    model,
    system: SYSTEM_PROMPT,
    messages,
    tools: createAssistantTools(session),
    stopWhen: stepCountIs(MAX_AGENT_STEPS),
    maxRetries: MAX_RETRIES,
    abortSignal,
  });
  return { text: result.text, allText: result.steps.map((step) => step.text).join('\n') };
}
