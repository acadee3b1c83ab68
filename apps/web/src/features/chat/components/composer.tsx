import { CHAT_LIMITS, UPLOAD_EXTENSIONS } from '@lumen/contract';
import { PaperclipIcon, SendIcon } from 'lucide-react';
import { type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CHAT, SKIP_TARGETS } from '@/config/ui';
import { reasonText } from '@/lib/server-error-text';

export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');

const MAX_TEXT_BYTES = CHAT_LIMITS.userTextKilobytes * 1024;
const TOO_LARGE_HINT_ID = 'composer-too-large';
const encoder = new TextEncoder();

type ComposerProps = {
  /** Receives the trimmed text. */
  onSend: (text: string) => void;
  /** Without it, there is no file picker (a space's chat reads the space's files only). */
  onAttachFiles?: ((files: File[]) => void) | undefined;
  /** A reply is on its way: sending waits for it. */
  isLoading: boolean;
  /** Replaces the default 'Type your message...'. */
  placeholder?: string | undefined;
};

/** The message box: grows to 120 px, Enter sends, Shift+Enter adds a line; plus the file picker and the send button. */
export function Composer({ onSend, onAttachFiles, isLoading, placeholder }: ComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const trimmed = text.trim();
  // The server refuses more (413); saying so here keeps the text in the box instead of losing it to a failed send.
  const isTooLarge = text.length > MAX_TEXT_BYTES / 4 && encoder.encode(trimmed).length > MAX_TEXT_BYTES;
  const canSend = trimmed !== '' && !isLoading && !isTooLarge;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text.
  useLayoutEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    textarea.style.height = 'auto';
    textarea.style.height = `${Math.min(textarea.scrollHeight, CHAT.composerMaxHeightPx)}px`;
  }, [text]);

  const send = () => {
    if (!canSend) return;
    onSend(trimmed);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <form
      className="flex flex-wrap items-end gap-2 rounded-2xl border bg-background p-2 shadow-sm focus-within:ring-2 focus-within:ring-ring"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      {onAttachFiles ? (
        <>
          <input
            ref={fileInputRef}
            type="file"
            multiple
            accept={UPLOAD_ACCEPT}
            className="hidden"
            data-testid="chat-file-input"
            aria-label={t('chat.composer.attach')}
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              event.target.value = '';
              if (files.length > 0) onAttachFiles(files);
            }}
          />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={t('chat.composer.attach')}
            onClick={() => fileInputRef.current?.click()}
          >
            <PaperclipIcon aria-hidden="true" />
          </Button>
        </>
      ) : null}
      <textarea
        ref={textareaRef}
        id={SKIP_TARGETS.composer}
        rows={1}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        aria-label={t('chat.composer.label')}
        aria-invalid={isTooLarge || undefined}
        aria-describedby={isTooLarge ? TOO_LARGE_HINT_ID : undefined}
        placeholder={placeholder ?? t('chat.composer.placeholder')}
        className="max-h-[120px] min-h-9 flex-1 resize-none bg-transparent px-2 py-2 text-sm outline-none placeholder:text-muted-foreground"
      />
      <Button type="submit" size="icon" aria-label={t('chat.composer.send')} disabled={!canSend}>
        <SendIcon aria-hidden="true" />
      </Button>
      {isTooLarge ? (
        <p id={TOO_LARGE_HINT_ID} role="alert" className="basis-full px-2 text-destructive text-xs">
          {reasonText(t, 'CHAT_REQUEST_TOO_LARGE', {
            kilobytes: CHAT_LIMITS.userTextKilobytes,
            parts: CHAT_LIMITS.maxParts,
          })}
        </p>
      ) : null}
    </form>
  );
}
