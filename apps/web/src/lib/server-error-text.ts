import {
  type ErrorReason,
  findErrorReason,
  isErrorReason,
  type UploadRefusal,
  uploadRefusalsSchema,
} from '@lumen/contract';
import type { TFunction } from 'i18next';
import { isApiError } from './api-client';
import { addEnglishTexts } from './i18n';
import { englishServerErrors, TRANSLATED_REASONS, type TranslatedReason } from './translated-reasons';

const translatedReasons = new Set<string>(TRANSLATED_REASONS);

// English's server error texts are the contract's catalogue (ADR 0109).
addEnglishTexts({ serverErrors: englishServerErrors() });

/**
 * Whether the texts have a translation for the reason. English is the fallback of every language, so a reason with an
 * English text is one every loaded language answers.
 */
function isTranslatedReason(reason: ErrorReason): reason is TranslatedReason & ErrorReason {
  return translatedReasons.has(reason);
}

/** Values filled into a reason's text: `{{filename}}` and the like. */
export type ReasonParams = Readonly<Record<string, string | number>>;

/** Whether the values fill every `{{placeholder}}` of the reason's text (a text with a hole reads worse than English). */
function canFill(reason: TranslatedReason, params: ReasonParams | undefined): boolean {
  const placeholders = englishServerErrors()[reason].match(/{{\w+}}/g) ?? [];
  return placeholders.every((placeholder) => params !== undefined && Object.hasOwn(params, placeholder.slice(2, -2)));
}

/**
 * The reader's text for a reason (ADR 0061), or undefined when the texts have none. A text with placeholders needs
 * their values (`params`, as an upload's refusals carry them); without them the server's own words are better.
 */
export function reasonText(t: TFunction, reason: ErrorReason | undefined, params?: ReasonParams): string | undefined {
  if (reason === undefined || !isTranslatedReason(reason) || !canFill(reason, params)) return undefined;
  return t(`serverErrors.${reason}`, { ...params });
}

/** Why one file of an upload was refused, in the reader's words when the texts have its reason (ADR 0091). */
export function uploadRefusalText(t: TFunction, refusal: UploadRefusal): string {
  return (isErrorReason(refusal.reason) ? reasonText(t, refusal.reason, refusal.params) : undefined) ?? refusal.message;
}

/** The files an upload's error lists as refused (when every file was refused: `details.refused`), or none. */
export function uploadRefusalsOf(error: unknown): UploadRefusal[] {
  if (!isApiError(error) || typeof error.details !== 'object' || error.details === null) return [];
  const parsed = uploadRefusalsSchema.safeParse((error.details as { refused?: unknown }).refused);
  return parsed.success ? parsed.data : [];
}

/**
 * The text of a failed request (docs/product-rules.md#messages-and-texts): the translation of the server's reason when
 * there is one, else the server's own message, else `fallback` (a network error, a body that is not ours).
 */
export function serverErrorText(t: TFunction, error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  return reasonText(t, error.reason, error.params) ?? error.serverMessage ?? fallback;
}

/**
 * The text of a message of a shared zod schema, checked in the browser before anything is sent: zod only carries the
 * message, so its reason is looked up in the contract's catalogue (`findErrorReason`); any other message is shown as
 * it is.
 */
export function formMessageText(t: TFunction, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  return reasonText(t, findErrorReason(message)) ?? message;
}
