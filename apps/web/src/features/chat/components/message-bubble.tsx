import type { Attachment } from '@lumen/contract';
import { isToolUIPart } from 'ai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CitationChips } from '@/components/citation-chips';
import { MarkdownContent } from '@/components/markdown-content';
import { CHAT } from '@/config/ui';
import { formatMessageTime } from '@/lib/format-date';
import { cn } from '@/lib/utils';
import type { ChatMessage } from '../types';
import { getCitations } from '../utils/message-parts';
import { AttachedFiles } from './attached-files';
import { ToolPartView } from './tool-part-view';
import { UploadNoticeView } from './upload-notice-view';

export type MessageBubbleProps = {
  message: ChatMessage;
  /** Position in the list: each message animates in 50 ms after the one before it. */
  index: number;
  renderAttachmentStatus?: ((attachment: Attachment) => ReactNode) | undefined;
  onRespondToApproval?: ((approvalId: string, isApproved: boolean) => void) | undefined;
};

function AssistantContent({
  message,
  onRespondToApproval,
}: Pick<MessageBubbleProps, 'message' | 'onRespondToApproval'>) {
  return (
    <>
      {message.parts.map((part, partIndex) => {
        const key = `${message.id}-${partIndex}`;
        if (part.type === 'text') return part.text.trim() ? <MarkdownContent key={key} text={part.text} /> : null;
        if (isToolUIPart(part)) {
          return <ToolPartView key={key} part={part} onRespondToApproval={onRespondToApproval} />;
        }
        return null;
      })}
      <CitationChips citations={getCitations(message)} />
    </>
  );
}

/** One message: the user's on the right in a coloured bubble, the assistant's on the left as markdown. */
export function MessageBubble({ message, index, renderAttachmentStatus, onRespondToApproval }: MessageBubbleProps) {
  const { t, i18n } = useTranslation();
  const isUser = message.role === 'user';
  const metadata = message.metadata;
  const time = formatMessageTime(metadata?.createdAt, i18n.resolvedLanguage ?? 'en');

  const content = (() => {
    if (metadata?.upload) return <UploadNoticeView notice={metadata.upload} renderStatus={renderAttachmentStatus} />;
    if (isUser) {
      return (
        <p className="whitespace-pre-wrap break-words text-sm">
          {message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('')}
        </p>
      );
    }
    if (metadata?.isErrorNotice) {
      return (
        <p className="whitespace-pre-wrap break-words text-sm">
          {message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('')}
        </p>
      );
    }
    return <AssistantContent message={message} onRespondToApproval={onRespondToApproval} />;
  })();

  return (
    <article
      aria-label={isUser ? t('chat.message.fromUser') : t('chat.message.fromAssistant')}
      data-role={message.role}
      data-testid="chat-message"
      className={cn(
        'flex w-full motion-safe:fade-in-0 motion-safe:slide-in-from-bottom-2 motion-safe:animate-in motion-safe:fill-mode-both motion-safe:duration-300',
        isUser ? 'justify-end' : 'justify-start',
      )}
      style={{ animationDelay: `${index * CHAT.messageAnimationDelayMsPerIndex}ms` }}
    >
      <div
        className={cn(
          'max-w-[85%] space-y-2 rounded-2xl px-4 py-3',
          isUser ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-muted text-foreground',
          metadata?.isErrorNotice && 'border border-destructive/50 bg-destructive/10 text-destructive',
        )}
      >
        {content}
        {!metadata?.upload ? (
          <AttachedFiles attachments={metadata?.attachments ?? []} renderStatus={renderAttachmentStatus} />
        ) : null}
        {time ? (
          <p className={cn('text-[0.7rem]', isUser ? 'text-primary-foreground' : 'text-muted-foreground')}>
            <time dateTime={metadata?.createdAt}>{time}</time>
          </p>
        ) : null}
      </div>
    </article>
  );
}
