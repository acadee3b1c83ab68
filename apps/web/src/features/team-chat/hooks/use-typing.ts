import { TYPING_NOTICE_INTERVAL_MS, TYPING_SHOWN_FOR_MS } from '@lumen/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRealtimeEvents, useRealtimeSend } from '@/hooks/use-realtime-events';

/** Tells the team the reader is typing: at most once per TYPING_NOTICE_INTERVAL_MS however fast they type. */
export function useTypingNotice(): () => void {
  const send = useRealtimeSend();
  const lastSentAt = useRef(0);
  return useCallback(() => {
    const now = Date.now();
    if (now - lastSentAt.current < TYPING_NOTICE_INTERVAL_MS) return;
    lastSentAt.current = now;
    send({ type: 'typing' });
  }, [send]);
}

/**
 * The names of the teammates typing now: each shown for TYPING_SHOWN_FOR_MS after their last notice, or until their
 * message arrives. The reader's own notices are not shown to them.
 */
export function useTypingMembers(currentUserId: string): string[] {
  const [typing, setTyping] = useState<ReadonlyMap<string, { name: string; until: number }>>(new Map());

  useRealtimeEvents((event) => {
    if (event.type === 'typing' && event.userId !== currentUserId) {
      setTyping((current) =>
        new Map(current).set(event.userId, { name: event.name, until: Date.now() + TYPING_SHOWN_FOR_MS }),
      );
    } else if (event.type === 'team_message' && event.message.userId) {
      const author = event.message.userId;
      setTyping((current) => {
        if (!current.has(author)) return current;
        const next = new Map(current);
        next.delete(author);
        return next;
      });
    }
  });

  const hasTyping = typing.size > 0;
  useEffect(() => {
    if (!hasTyping) return;
    const timer = setInterval(() => {
      const now = Date.now();
      setTyping((current) => new Map([...current].filter(([, entry]) => entry.until > now)));
    }, 1000);
    return () => clearInterval(timer);
  }, [hasTyping]);

  return [...typing.values()].map((entry) => entry.name);
}
