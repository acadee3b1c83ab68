import { randomUUID } from 'node:crypto';
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3GenerateResult,
  LanguageModelV3Message,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3ToolResultOutput,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { NO_ANSWER_REPLY } from '@lumen/contract';
import { toolOutputSchema } from '../../tool-outputs.ts';
import { chooseTool, type PreviousTurn, type ToolChoice } from './intent.ts';
import {
  DELETE_DENIED_REPLY,
  DELETE_NEEDS_CHAT_REPLY,
  replyToDelete,
  replyToDocument,
  replyToPassages,
  replyToSave,
  replyToWorkspace,
  SAVE_DENIED_REPLY,
  SAVE_NEEDS_CHAT_REPLY,
} from './replies.ts';

export const BUILTIN_MODEL_ID = 'lumen-extractive-1';
export const BUILTIN_MODEL_LABEL = 'Lumen builtin (offline, extractive)';

/** What the model does on this step: call one tool, or write the reply. */
type Step = { kind: 'tool'; choice: ToolChoice } | { kind: 'text'; text: string };

interface ToolResultSeen {
  toolName: string;
  input: unknown;
  output: LanguageModelV3ToolResultOutput;
}

const ZERO_USAGE: LanguageModelV3Usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

function textOf(message: LanguageModelV3Message): string {
  if (message.role === 'system') return message.content;
  return message.content
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join(' ')
    .trim();
}

/** One macrotask between text deltas: the time a remote model's tokens take to arrive over the network. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The parts as a stream that gives the event loop a turn after each text delta, as a remote model's network reads
 * do. Without it the whole answer, the citations and the saving of the message run as one chain of microtasks, and
 * the HTTP response (which Node flushes on the next tick) keeps the first words back until all of that is done.
 * It also keeps one long answer from holding up every other request.
 */
function streamWithTurns(parts: LanguageModelV3StreamPart[]): ReadableStream<LanguageModelV3StreamPart> {
  let next = 0;
  return new ReadableStream<LanguageModelV3StreamPart>(
    {
      async pull(controller) {
        const part = parts[next++];
        if (!part) {
          controller.close();
          return;
        }
        controller.enqueue(part);
        if (part.type === 'text-delta') await nextTurn();
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * The builtin model: an AI SDK language model that runs offline with no weights. On the first step of a turn it
 * picks a tool from the question's intent; once the tool's result is in the prompt it writes an extractive reply
 * (quoted sentences with [n] citations), or says plainly that the documents do not contain the answer.
 */
export class BuiltinLanguageModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3';
  readonly provider = 'lumen.builtin';
  readonly modelId = BUILTIN_MODEL_ID;
  readonly supportedUrls: Record<string, RegExp[]> = {};

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    const step = this.decide(options);
    const content: LanguageModelV3Content[] =
      step.kind === 'tool'
        ? [
            {
              type: 'tool-call',
              toolCallId: `call_${randomUUID()}`,
              toolName: step.choice.toolName,
              input: JSON.stringify(step.choice.input),
            },
          ]
        : [{ type: 'text', text: step.text }];
    return {
      content,
      finishReason: { unified: step.kind === 'tool' ? 'tool-calls' : 'stop', raw: undefined },
      usage: ZERO_USAGE,
      warnings: [],
    };
  }

  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    const step = this.decide(options);
    const parts: LanguageModelV3StreamPart[] = [{ type: 'stream-start', warnings: [] }];
    if (step.kind === 'tool') {
      const id = `call_${randomUUID()}`;
      const input = JSON.stringify(step.choice.input);
      parts.push(
        { type: 'tool-input-start', id, toolName: step.choice.toolName },
        { type: 'tool-input-delta', id, delta: input },
        { type: 'tool-input-end', id },
        { type: 'tool-call', toolCallId: id, toolName: step.choice.toolName, input },
      );
    } else {
      const id = 'text-0';
      parts.push({ type: 'text-start', id });
      // Word-sized deltas, as a generating model would stream them.
      for (const delta of step.text.match(/\S+\s*|\s+/g) ?? []) parts.push({ type: 'text-delta', id, delta });
      parts.push({ type: 'text-end', id });
    }
    parts.push({
      type: 'finish',
      finishReason: { unified: step.kind === 'tool' ? 'tool-calls' : 'stop', raw: undefined },
      usage: ZERO_USAGE,
    });
    return { stream: streamWithTurns(parts) };
  }

  /** Reads the prompt: the last user message is the question; tool results after it are this turn's evidence. */
  private decide(options: LanguageModelV3CallOptions): Step {
    const prompt = options.prompt;
    let lastUser = -1;
    for (let i = prompt.length - 1; i >= 0; i--) {
      if (prompt[i]?.role === 'user') {
        lastUser = i;
        break;
      }
    }
    const question = lastUser >= 0 ? textOf(prompt[lastUser] as LanguageModelV3Message) : '';
    const calls = new Map<string, { toolName: string; input: unknown }>();
    const results: ToolResultSeen[] = [];
    for (const message of prompt.slice(lastUser + 1)) {
      if (message.role === 'assistant') {
        for (const part of message.content) {
          if (part.type === 'tool-call') calls.set(part.toolCallId, { toolName: part.toolName, input: part.input });
        }
      }
      if (message.role === 'tool') {
        for (const part of message.content) {
          if (part.type !== 'tool-result') continue;
          results.push({
            toolName: part.toolName,
            input: calls.get(part.toolCallId)?.input,
            output: part.output,
          });
        }
      }
    }
    const last = results.at(-1);
    if (last) return { kind: 'text', text: this.reply(question, last) };
    if (!question) return { kind: 'text', text: 'Ask me anything about your files and documents.' };

    const available = new Set(
      (options.tools ?? []).filter((tool) => tool.type === 'function').map((tool) => tool.name),
    );
    const choice = chooseTool(question, readPreviousTurn(prompt.slice(0, lastUser)));
    if (available.has(choice.toolName)) return { kind: 'tool', choice };
    if (choice.toolName === 'delete_file') return { kind: 'text', text: DELETE_NEEDS_CHAT_REPLY };
    if (choice.toolName === 'save_to_storage') return { kind: 'text', text: SAVE_NEEDS_CHAT_REPLY };
    if (available.has('answer_from_documents')) {
      return { kind: 'tool', choice: { toolName: 'answer_from_documents', input: { query: question } } };
    }
    if (available.has('search_files')) {
      return { kind: 'tool', choice: { toolName: 'search_files', input: { query: question } } };
    }
    return { kind: 'text', text: NO_ANSWER_REPLY };
  }

  private reply(question: string, result: ToolResultSeen): string {
    const requested = readRequestedName(result.input);
    if (result.output.type === 'execution-denied') {
      return result.toolName === 'save_to_storage' ? SAVE_DENIED_REPLY : DELETE_DENIED_REPLY;
    }
    if (result.output.type === 'error-text') return `I couldn't do that: ${result.output.value}`;
    if (result.output.type !== 'json') return NO_ANSWER_REPLY;
    const parsed = toolOutputSchema.safeParse(result.output.value);
    if (!parsed.success) return NO_ANSWER_REPLY;
    const output = parsed.data;
    switch (output.kind) {
      case 'passages':
        return replyToPassages(question, output);
      case 'document':
        return replyToDocument(output, requested);
      case 'workspace':
        return replyToWorkspace(output);
      case 'delete':
        return replyToDelete(output, requested);
      case 'save':
        return replyToSave(output, requested);
    }
  }
}

/** The last answer with text before the request, and the question it answered ("save this answer"). */
function readPreviousTurn(earlier: LanguageModelV3Prompt): PreviousTurn {
  for (let i = earlier.length - 1; i >= 0; i--) {
    const message = earlier[i];
    if (message?.role !== 'assistant') continue;
    const answer = textOf(message);
    if (!answer) continue;
    const question = earlier.slice(0, i).findLast((candidate) => candidate.role === 'user');
    return { answer, question: question ? textOf(question) : undefined };
  }
  return {};
}

function readRequestedName(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const record = input as Record<string, unknown>;
  for (const key of ['documentTitle', 'fileName', 'title', 'documentId']) {
    const value = record[key];
    if (typeof value === 'string' && value) return value;
  }
  return undefined;
}
