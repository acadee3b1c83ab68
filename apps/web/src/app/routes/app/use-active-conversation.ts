import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { createUuid, isUuid } from '@/lib/uuid';

export const CONVERSATION_PARAM = 'c';

export type ActiveConversation = {
  id: string;
  /** Whether its messages must be loaded from the server (false for a chat started here). */
  shouldLoad: boolean;
};

/**
 * The open conversation, kept in the URL (`/chat?c=<uuid>`). A new chat gets a fresh UUID that enters the URL with
 * its first message; a UUID that comes from the URL (a reload, a link, the sidebar) is loaded from the server.
 */
export function useActiveConversation() {
  const [searchParams, setSearchParams] = useSearchParams();
  const rawId = searchParams.get(CONVERSATION_PARAM);
  const urlId = isUuid(rawId) ? rawId.toLowerCase() : null;

  const [active, setActive] = useState<ActiveConversation>(() =>
    urlId ? { id: urlId, shouldLoad: true } : { id: createUuid(), shouldLoad: false },
  );
  const [previousUrlId, setPreviousUrlId] = useState(urlId);

  // Follow the URL (sidebar, back/forward, links): another id opens that conversation; losing it starts a new chat.
  if (urlId !== previousUrlId) {
    setPreviousUrlId(urlId);
    if (urlId && urlId !== active.id) setActive({ id: urlId, shouldLoad: true });
    else if (!urlId && previousUrlId) setActive({ id: createUuid(), shouldLoad: false });
  }

  const selectConversation = useCallback(
    (conversationId: string) => setSearchParams({ [CONVERSATION_PARAM]: conversationId }),
    [setSearchParams],
  );

  const startNewConversation = useCallback(() => {
    if (urlId) setSearchParams({});
    else setActive({ id: createUuid(), shouldLoad: false });
  }, [setSearchParams, urlId]);

  /** The first message went out: the conversation exists on the server now, and its id goes into the URL. */
  const markConversationStarted = useCallback(
    (conversationId: string) => {
      if (urlId !== conversationId) setSearchParams({ [CONVERSATION_PARAM]: conversationId }, { replace: true });
    },
    [setSearchParams, urlId],
  );

  return { conversation: active, selectConversation, startNewConversation, markConversationStarted };
}
