import { INVITATION_MESSAGES, type PublicInvitation } from '@lumen/contract';
import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-client';

/** Why an invitation cannot be accepted; each names one of the fixed messages (docs/product-rules.md#invitations). */
export type InvitationProblem = 'invalidLink' | 'notFound' | 'alreadyAccepted' | 'expired' | 'loadFailed';

type InvitationState = {
  /** The `id` query parameter, trimmed ('' when missing). */
  invitationId: string;
  invitation: PublicInvitation | undefined;
  error: unknown;
  now?: number;
};

/** What is wrong with the invitation the page loaded, or null when it can be accepted (or is still loading). */
export function getInvitationProblem({
  invitationId,
  invitation,
  error,
  now = Date.now(),
}: InvitationState): InvitationProblem | null {
  if (!invitationId) return 'invalidLink';
  if (error) return isApiError(error) && error.status === 404 ? 'notFound' : 'loadFailed';
  if (!invitation) return null;
  if (invitation.status === 'accepted') return 'alreadyAccepted';
  // The server marks expired invitations; the date is checked too, in case it passed while the page was open.
  if (invitation.status === 'expired' || Date.parse(invitation.expiresAt) <= now) return 'expired';
  return null;
}

/** Server messages of an acceptance that are shown in the reader's language; any other is shown as the server sent it. */
const TRANSLATED_ACCEPT_MESSAGES = [
  'differentEmail',
  'notFound',
  'alreadyAccepted',
  'expired',
  'alreadyInAnotherTeam',
  'acceptFailed',
] as const satisfies readonly (keyof typeof INVITATION_MESSAGES)[];

function findTranslatedAcceptMessage(message: string) {
  return TRANSLATED_ACCEPT_MESSAGES.find((key) => INVITATION_MESSAGES[key] === message);
}

/** The invitation belongs to another email than the signed-in one (403): signing in with the right account helps. */
export function isWrongAccountError(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}

/**
 * Why accepting failed: the server's text (translated when it is one of the fixed texts), else 'Failed to accept
 * invitation'.
 */
export function getAcceptInvitationErrorMessage(t: TFunction<'dashboards'>, error: unknown): string {
  const serverMessage = isApiError(error) && !error.isNetworkError ? error.serverMessage : undefined;
  if (!serverMessage) return t('invitation.messages.acceptFailed');
  const key = findTranslatedAcceptMessage(serverMessage);
  return key ? t(`invitation.messages.${key}`) : serverMessage;
}
