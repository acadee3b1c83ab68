import { isUuid } from '@/lib/uuid';

/** Any origin will do: the link may come from another deployment's mail, or be pasted without its origin. */
const PLACEHOLDER_ORIGIN = 'https://invitation.invalid';
const ACCEPT_INVITATION_PATH = '/accept-invitation';

/**
 * The invitation id in what a person pasted: the code itself (a UUID) or the invitation link
 * (…/accept-invitation?id=<code>, with or without its origin). Null when it is neither.
 */
export function parseInvitationCode(input: string): string | null {
  // Mail clients and chats wrap links in <…> or quotes; people copy a trailing full stop.
  const text = input
    .trim()
    .replace(/^[<"'(]+|[>"').,;]+$/g, '')
    .trim();
  if (text === '') return null;
  if (isUuid(text)) return text.toLowerCase();

  let url: URL;
  try {
    url = new URL(text, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  if (!url.pathname.replace(/\/+$/, '').endsWith(ACCEPT_INVITATION_PATH)) return null;
  const id = url.searchParams.get('id')?.trim();
  return isUuid(id) ? id.toLowerCase() : null;
}
