import { AISDKError, APICallError } from '@ai-sdk/provider';
import { NoSuchToolError, RetryError } from 'ai';

/** Whether a failure came from the model or its provider (HTTP error, unreachable server, bad model output). */
export function isProviderError(error: unknown): boolean {
  return AISDKError.isInstance(error) || isNetworkError(error);
}

function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError && /fetch failed|network|ECONNREFUSED|ENOTFOUND/i.test(String(error.message));
}

function causeCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}

/** A message a person can act on, without stack traces or secrets (the web shows it as 'AI Agent Error: ...'). */
export function describeProviderError(error: unknown): string {
  if (RetryError.isInstance(error)) return describeProviderError(error.lastError);
  if (APICallError.isInstance(error)) {
    const status = error.statusCode ? `${error.statusCode} ` : '';
    const detail = readProviderMessage(error.responseBody) ?? error.message;
    if (!error.statusCode) return `The AI service could not be reached (${detail}).`;
    return `The AI service answered ${status}${detail ? `: ${detail}` : ''}`.trim();
  }
  if (NoSuchToolError.isInstance(error))
    return `The AI model asked for a tool that does not exist (${error.toolName}).`;
  if (isNetworkError(error)) {
    return `The AI service could not be reached${causeCode(error) ? ` (${causeCode(error)})` : ''}.`;
  }
  if (AISDKError.isInstance(error)) return `The AI model failed: ${error.message}`;
  return 'Something went wrong while answering. Please try again.';
}

/** The `error.message` of an OpenAI- or Anthropic-style error body, when there is one. */
function readProviderMessage(body: string | undefined): string | undefined {
  if (!body) return undefined;
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    if (typeof parsed.error === 'string') return parsed.error;
    if (typeof parsed.error?.message === 'string') return parsed.error.message;
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // not JSON: use the text itself
  }
  return body.slice(0, 300);
}
