import type { ThinkingType } from '@lumen/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT } from '@/config/ui';
import { prefersReducedMotion } from '@/lib/motion';
import type { ChatMessage } from '../types';
import { hasVisibleContent } from '../utils/message-parts';
import { MessageBubble, type MessageBubbleProps } from './message-bubble';
import { ThinkingIndicator } from './thinking-indicator';

type MessageListProps = Pick<MessageBubbleProps, 'renderAttachmentStatus' | 'onRespondToApproval'> & {
  messages: ChatMessage[];
  isThinking: boolean;
  thinkingType: ThinkingType;
};

/**
 * The conversation, max width 4xl, scrolled to the bottom 50 ms after messages or the thinking state change: smoothly,
 * or at once when the system asks for reduced motion (the messages' entrance animation is then off too).
 */
export function MessageList({
  messages,
  isThinking,
  thinkingType,
  renderAttachmentStatus,
  onRespondToApproval,
}: MessageListProps) {
  const { t } = useTranslation();
  const endRef = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls whenever the messages or the thinking state change.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      endRef.current?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'end' });
    }, CHAT.autoScrollDelayMs);
    return () => window.clearTimeout(timer);
  }, [messages, isThinking, thinkingType]);

  const visible = messages.filter(hasVisibleContent);
  // Only the latest answer can still be confirmed (the server takes approvals for its last message only).
  const confirmableId = messages.findLast(
    (message) => message.role === 'assistant' && !message.metadata?.isErrorNotice,
  )?.id;
  return (
    <section aria-label={t('chat.message.list')} className="min-h-0 flex-1 overflow-y-auto">
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-4 px-4 py-6">
        {visible.map((message, index) => (
          <MessageBubble
            key={message.id}
            message={message}
            index={index}
            renderAttachmentStatus={renderAttachmentStatus}
            onRespondToApproval={message.id === confirmableId ? onRespondToApproval : undefined}
          />
        ))}
        {isThinking ? <ThinkingIndicator type={thinkingType} /> : null}
        <div ref={endRef} aria-hidden="true" />
      </div>
    </section>
  );
}
