import { randomUUID } from 'node:crypto';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import {
  type Attachment,
  type ChatDataParts,
  type ChatMessageMetadata,
  type ChatRequest,
  type Citation,
  deriveConversationTitle,
  type ThinkingType,
} from '@lumen/contract';
import { convertToModelMessages, createUIMessageStream, pruneMessages, type UIMessage, type UIMessageChunk } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db.ts';
import type { Embedder } from '../../platform/embeddings.ts';
import { AppError } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import { areaOfSpace, requireSpaceAccess } from '../access/index.ts';
import {
  type ConversationRow,
  createConversation,
  findConversation,
  findMessage,
  insertMessage,
  listMessages,
  type MessageRow,
  requireOwnConversation,
  saveAssistantMessage,
  touchConversation,
  updateMessageParts,
} from '../conversations/index.ts';
import { findVisibleDocumentsByIds } from '../documents/index.ts';
import type { CloudFileStore } from '../integrations/index.ts';
import { streamAgent, thinkingTypeFor } from './agent.ts';
import { recordAiQuery } from './ai-query-audit.ts';
import { describeProviderError } from './provider-errors.ts';
import { createSession } from './session.ts';
import { createAssistantTools } from './tools/index.ts';

/** The chat's UI messages: our metadata and data parts (`data-thinking`, `data-citations`). */
export type ChatUIMessage = UIMessage<ChatMessageMetadata, ChatDataParts>;
type ChatPart = ChatUIMessage['parts'][number];

export interface ChatDeps {
  db: Database;
  storage: Storage;
  embedder: Embedder | null;
  model: LanguageModelV3;
  log: FastifyBaseLogger;
  /** Where save_to_storage saves; null where no store can be used (it is not offered then). */
  cloudFiles: CloudFileStore | null;
}

const THINKING_PART_ID = 'thinking';
const CITATIONS_PART_ID = 'citations';

function textOfParts(parts: ReadonlyArray<{ type: string; text?: unknown }>): string {
  return parts
    .map((part) => (part.type === 'text' && typeof part.text === 'string' ? part.text : ''))
    .join('\n')
    .trim();
}

function toUIMessage(row: MessageRow): ChatUIMessage {
  return {
    id: row.id,
    role: row.role,
    parts: (Array.isArray(row.parts) ? row.parts : []) as ChatPart[],
    metadata: {
      createdAt: row.createdAt.toISOString(),
      attachments: Array.isArray(row.attachments) ? (row.attachments as Attachment[]) : [],
    },
  };
}

/** Attachments the user may reference: files without a document yet, or documents they may read in this chat. */
async function keepOwnAttachments(
  db: Database,
  userId: string,
  spaceId: string | null,
  attachments: Attachment[],
): Promise<Attachment[]> {
  const ids = attachments.map((a) => a.documentId).filter((id): id is string => id !== null);
  const own = new Set((await findVisibleDocumentsByIds(db, userId, ids, areaOfSpace(spaceId))).map((doc) => doc.id));
  return attachments.filter((a) => a.documentId === null || own.has(a.documentId)).slice(0, 50);
}

/**
 * The conversation continues only for its owner and in the space it was created in (or outside spaces, if it was):
 * anything else answers like a stranger's conversation, 404.
 */
function assertConversationScope(
  conversation: ConversationRow | null,
  userId: string,
  spaceId: string | null,
): asserts conversation is ConversationRow {
  if (!conversation || conversation.userId !== userId || conversation.spaceId !== spaceId) {
    throw AppError.of('CONVERSATION_NOT_FOUND');
  }
}

/** Saves the new user message (before anything streams); the conversation is created on its first message. */
async function saveUserMessage(
  db: Database,
  userId: string,
  spaceId: string | null,
  request: ChatRequest,
): Promise<ConversationRow> {
  const { id: conversationId, message } = request;
  const text = textOfParts(message.parts);
  if (!text) throw AppError.of('MESSAGE_EMPTY');
  const attachments = await keepOwnAttachments(db, userId, spaceId, message.metadata?.attachments ?? []);
  let conversation = await findConversation(db, conversationId);
  if (conversation) assertConversationScope(conversation, userId, spaceId);
  else {
    conversation = await createConversation(db, {
      id: conversationId,
      userId,
      spaceId,
      title: deriveConversationTitle(text),
    });
    // A concurrent first message may have created it first, possibly elsewhere.
    assertConversationScope(conversation, userId, spaceId);
  }
  const inserted = await insertMessage(db, {
    id: message.id,
    conversationId,
    role: 'user',
    parts: [{ type: 'text', text }],
    attachments,
    citations: [],
  });
  if (!inserted) {
    const previous = await findMessage(db, message.id);
    // The same message sent again (a retry) is fine; an id of another message is not.
    if (previous?.conversationId !== conversationId || previous.role !== 'user') {
      throw AppError.of('MESSAGE_ID_IN_USE');
    }
  }
  // The conversation's updatedAt moves when the answer is saved (one write less before the first token).
  return conversation;
}

interface ApprovalAnswer {
  id: string;
  approved: boolean;
  reason?: string;
}

function readApproval(part: Record<string, unknown>): ApprovalAnswer | null {
  const approval = part.approval as { id?: unknown; approved?: unknown; reason?: unknown } | undefined;
  if (part.state !== 'approval-responded' || !approval) return null;
  if (typeof approval.id !== 'string' || typeof approval.approved !== 'boolean') return null;
  return {
    id: approval.id,
    approved: approval.approved,
    ...(typeof approval.reason === 'string' ? { reason: approval.reason.slice(0, 500) } : {}),
  };
}

/**
 * The user's answer to a confirmation (delete_file): only the approval responses of the client's copy of the last
 * assistant message are taken; everything else stays as the server stored it.
 */
async function applyApprovals(
  db: Database,
  userId: string,
  spaceId: string | null,
  request: ChatRequest,
): Promise<{ conversation: ConversationRow; thinking: ThinkingType }> {
  const conversation = await requireOwnConversation(db, userId, request.id);
  assertConversationScope(conversation, userId, spaceId);
  const rows = await listMessages(db, request.id);
  const last = rows.at(-1);
  if (!last || last.id !== request.message.id || last.role !== 'assistant') {
    throw AppError.of('CONFIRM_LAST_MESSAGE_ONLY');
  }
  const answers = new Map<string, ApprovalAnswer>();
  for (const part of request.message.parts) {
    const answer = readApproval(part);
    if (answer) answers.set(answer.id, answer);
  }
  let changed = false;
  let thinking: ThinkingType = 'general';
  const parts = (Array.isArray(last.parts) ? last.parts : []).map((stored) => {
    const part = stored as Record<string, unknown>;
    const approval = part.approval as { id?: unknown } | undefined;
    if (part.state !== 'approval-requested' || typeof approval?.id !== 'string') return part;
    const answer = answers.get(approval.id);
    if (!answer) return part;
    changed = true;
    if (answer.approved && typeof part.type === 'string') thinking = thinkingTypeFor(part.type.replace(/^tool-/, ''));
    return { ...part, state: 'approval-responded', approval: answer };
  });
  if (!changed) throw AppError.of('NOTHING_TO_CONFIRM');
  await updateMessageParts(db, last.id, parts);
  return { conversation, thinking };
}

function isContentPart(part: ChatPart): boolean {
  return part.type === 'text' || part.type === 'dynamic-tool' || part.type.startsWith('tool-');
}

function citationsOf(message: ChatUIMessage): Citation[] {
  for (const part of message.parts) if (part.type === 'data-citations') return part.data.citations;
  return [];
}

/**
 * POST /api/chat: saves the user's message (or their confirmation), then streams the agent's answer as an AI SDK UI
 * message stream: `data-thinking` parts as the agent works, the text, one `data-citations` part, and an `error` part
 * if the model fails. The answer is saved when it finishes, also when the client has gone. With `spaceId` (a space's
 * chat), the caller must be allowed to view that space, and the agent reads only its documents.
 */
export async function startChat(
  deps: ChatDeps,
  userId: string,
  request: ChatRequest,
): Promise<ReadableStream<UIMessageChunk>> {
  const { db, model, log } = deps;
  const startedAt = performance.now();
  // Checked on every message: someone who left a private space cannot go on asking about it.
  const spaceId = request.spaceId ? (await requireSpaceAccess(db, userId, { id: request.spaceId })).space.id : null;
  let conversation: ConversationRow;
  let firstThinking: ThinkingType = 'general';
  if (request.message.role === 'user') conversation = await saveUserMessage(db, userId, spaceId, request);
  else {
    // A confirmed tool runs first: its thinking type shows from the start.
    ({ conversation, thinking: firstThinking } = await applyApprovals(db, userId, spaceId, request));
  }

  const history = (await listMessages(db, request.id)).map(toUIMessage);
  const attachedDocumentIds = history
    .flatMap((message) => message.metadata?.attachments ?? [])
    .map((attachment) => attachment.documentId)
    .filter((id): id is string => id !== null)
    .reverse();

  const stream = createUIMessageStream<ChatUIMessage>({
    originalMessages: history,
    generateId: randomUUID,
    execute: async ({ writer }) => {
      const session = createSession({
        db,
        storage: deps.storage,
        embedder: deps.embedder,
        log,
        userId,
        cloudFiles: deps.cloudFiles,
        attachedDocumentIds,
        canConfirm: true,
        area: areaOfSpace(conversation.spaceId),
        platform: request.platform ?? null,
        reportThinking: (type) => writer.write({ type: 'data-thinking', id: THINKING_PART_ID, data: { type } }),
      });
      const tools = createAssistantTools(session);
      const converted = await convertToModelMessages(history, { tools, ignoreIncompleteToolCalls: true });
      // Earlier turns' tool calls and passages are not sent again: their [n] numbers belong to those turns, and they
      // would only grow the prompt. A confirmation continues the last turn, so it keeps them.
      const messages =
        request.message.role === 'user'
          ? pruneMessages({ messages: converted, toolCalls: 'before-last-message', emptyMessages: 'remove' })
          : converted;
      writer.write({ type: 'start', messageMetadata: { createdAt: new Date().toISOString(), model: model.modelId } });
      session.reportThinking(firstThinking);
      const result = streamAgent({ model, session, messages, tools });
      writer.merge(
        result.toUIMessageStream<ChatUIMessage>({
          sendStart: false,
          sendFinish: false,
          onError: describeProviderError,
        }),
      );
      let finishReason: Awaited<typeof result.finishReason>;
      let text: string;
      try {
        const steps = await result.steps;
        text = steps.map((step) => step.text).join('\n');
        finishReason = await result.finishReason;
      } catch (error) {
        log.warn({ err: error }, 'assistant model failed');
        return;
      }
      writer.write({
        type: 'data-citations',
        id: CITATIONS_PART_ID,
        data: { citations: session.registry.citationsFor(text) },
      });
      writer.write({ type: 'finish', finishReason });
    },
    onError: describeProviderError,
    onFinish: async ({ responseMessage }) => {
      try {
        // An answer that failed before saying or doing anything is not kept (the error was shown in the stream).
        if (!responseMessage.parts.some(isContentPart)) return;
        await saveAssistantMessage(db, {
          id: responseMessage.id,
          conversationId: request.id,
          parts: responseMessage.parts,
          citations: citationsOf(responseMessage),
        });
        await touchConversation(db, request.id);
        if (request.message.role === 'user') {
          await recordAiQuery(db, {
            userId,
            surface: conversation.spaceId ? 'space_chat' : 'chat',
            citations: citationsOf(responseMessage),
            durationMs: performance.now() - startedAt,
            model: model.modelId,
            resourceId: request.id,
          });
        }
      } catch (error) {
        log.error({ err: error }, 'could not save the assistant message');
      }
    },
  });

  // One branch goes to the client; the other is read to the end here, so the agent finishes and the answer is saved
  // even when the client disconnects mid-stream.
  const [toClient, toStore] = stream.tee();
  void drain(toStore);
  return toClient;
}

async function drain(stream: ReadableStream<unknown>): Promise<void> {
  const reader = stream.getReader();
  try {
    while (!(await reader.read()).done) {
      // keep reading
    }
  } catch {
    // the error part already went to the client
  }
}
