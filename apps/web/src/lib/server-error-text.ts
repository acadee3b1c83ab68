import { type ErrorReason, findErrorReason } from '@lumen/contract';
import type { TFunction } from 'i18next';
import en from '@/locales/en.json';
import { isApiError } from './api-client';

/** Reasons with a text of their own in `serverErrors` (locales/<language>.json). */
export type TranslatedReason = keyof (typeof en)['serverErrors'];

/**
 * Whether the texts have a translation for the reason. The English texts ship with the app and are the fallback of
 * every language, so a key of en.json is a key every loaded language answers.
 */
function isTranslatedReason(reason: ErrorReason): reason is TranslatedReason & ErrorReason {
  return Object.hasOwn(en.serverErrors, reason);
}

/** The reader's text for a reason (ADR 0061), or undefined when the texts have none. */
export function reasonText(t: TFunction, reason: ErrorReason | undefined): string | undefined {
  return reason !== undefined && isTranslatedReason(reason) ? t(`serverErrors.${reason}`) : undefined;
}

/**
 * The text of a failed request (docs/product-rules.md#messages-and-texts): the translation of the server's reason when
 * there is one, else the server's own message, else `fallback` (a network error, a body that is not ours).
 */
export function serverErrorText(t: TFunction, error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  return reasonText(t, error.reason) ?? error.serverMessage ?? fallback;
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
