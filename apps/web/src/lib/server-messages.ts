import { TEAM_MESSAGES } from '@lumen/contract';
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

/** Whether a request failed because the user has no team yet: team-scoped routes answer 404 with TEAM_MESSAGES.noTeam. */
export function isNoTeamError(error: unknown): boolean {
  return isApiError(error) && error.status === 404 && error.serverMessage === TEAM_MESSAGES.noTeam;
}
