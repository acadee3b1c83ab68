import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useServerErrorText } from '@/hooks/use-server-error-text';
import { loadNamespaces } from '@/lib/i18n';

export type PendingInviteOptions = {
  /** The invite code kept from the employee pages, or null (the auth feature's store, passed in by the route). */
  readPendingInviteCode: () => string | null;
  clearPendingInviteCode: () => void;
  /** Joins the team (the teams feature's mutation: it refreshes the team and the role before resolving). */
  acceptInvitation: (invitationId: string) => Promise<unknown>;
};

/**
 * Returns a function that accepts the stored invite code, if there is one. The code is tried once: it is cleared
 * whatever the outcome. Success ('already accepted' by this same user included: the server answers 200) and failure
 * (the server's text, or 'Failed to accept invitation') are toasted. Resolves when done, never rejects.
 */
export function useAcceptPendingInvite({
  readPendingInviteCode,
  clearPendingInviteCode,
  acceptInvitation,
}: PendingInviteOptions): () => Promise<void> {
  const { i18n } = useTranslation();
  const { errorText } = useServerErrorText();
  return useCallback(async () => {
    const code = readPendingInviteCode();
    if (!code) return;
    clearPendingInviteCode();
    const [outcome] = await Promise.allSettled([
      acceptInvitation(code),
      // The messages live with the invitation page's texts, which the signed-in screens may not have loaded yet.
      loadNamespaces(['dashboards']).catch((error: unknown) => console.error('Failed to load texts:', error)),
    ]);
    const t = i18n.getFixedT(null, 'dashboards');
    if (outcome.status === 'fulfilled') toast.success(t('invitation.messages.accepted'));
    else toast.error(errorText(outcome.reason, t('invitation.messages.acceptFailed')));
  }, [readPendingInviteCode, clearPendingInviteCode, acceptInvitation, i18n, errorText]);
}

/**
 * For the signed-in root: accepts a stored invite code once, on arrival. `isAccepting` stays true until that is done,
 * so the screens (and the role guards) only read the role once it includes the new team.
 */
export function useAcceptPendingInviteOnArrival(options: PendingInviteOptions): { isAccepting: boolean } {
  const acceptPendingInvite = useAcceptPendingInvite(options);
  const [isAccepting, setIsAccepting] = useState(() => options.readPendingInviteCode() !== null);
  const hasStarted = useRef(false);

  useEffect(() => {
    // Once per mount, even when effects run twice (StrictMode).
    if (hasStarted.current || !isAccepting) return;
    hasStarted.current = true;
    void acceptPendingInvite().finally(() => setIsAccepting(false));
  }, [acceptPendingInvite, isAccepting]);

  return { isAccepting };
}
