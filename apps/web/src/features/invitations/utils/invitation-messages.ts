import type { PublicInvitation } from '@lumen/contract';
import { hasErrorReason, isApiError } from '@/lib/api-client';

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

/** The invitation belongs to another email than the signed-in one: signing in with the right account helps. */
export function isWrongAccountError(error: unknown): boolean {
  return hasErrorReason(error, 'INVITATION_DIFFERENT_EMAIL');
}
