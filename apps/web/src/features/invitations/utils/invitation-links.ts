import type { PublicInvitation } from '@lumen/contract';
import { paths } from '@/config/paths';

/** The query parameters the employee pages prefill their form from (see config/paths). */
const INVITE_PARAM = 'invite';
const EMAIL_PARAM = 'email';

export type InvitePrefill = { inviteCode: string; email: string };

/** /employee-login?invite=<id>&email=<invited email>. */
export function getSignInToAcceptHref(invitation: Pick<PublicInvitation, 'id' | 'email'>): string {
  return paths.employeeLogin.getHref({ invite: invitation.id, email: invitation.email });
}

/** /employee-signup?invite=<id>&email=<invited email>. */
export function getCreateAccountHref(invitation: Pick<PublicInvitation, 'id' | 'email'>): string {
  return paths.employeeSignup.getHref({ invite: invitation.id, email: invitation.email });
}

/** The invite code and email an employee page starts with ('' when the link carries none). */
export function readInvitePrefill(searchParams: URLSearchParams): InvitePrefill {
  return {
    inviteCode: searchParams.get(INVITE_PARAM)?.trim() ?? '',
    email: searchParams.get(EMAIL_PARAM)?.trim() ?? '',
  };
}
