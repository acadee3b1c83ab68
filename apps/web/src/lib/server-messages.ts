import { isApiError } from './api-client';

/** The server's own message of a failed request (docs/product-rules.md#messages-and-texts), else undefined. */
export function getServerMessage(error: unknown): string | undefined {
  return isApiError(error) && error.serverMessage ? error.serverMessage : undefined;
}

/**
 * The translation key of a contract message that the screens translate, else undefined (any other text is shown as
 * the server sent it).
 */
export function findMessageKey<TKey extends string>(
  table: Readonly<Record<string, TKey>>,
  message: string | undefined,
): TKey | undefined {
  return message !== undefined && Object.hasOwn(table, message) ? table[message] : undefined;
}
