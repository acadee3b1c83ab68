import { AI_CHAT_MESSAGES, type Citation, type SpaceFile } from '@lumen/contract';
import { AlertCircleIcon, BotIcon, FileTextIcon, LayersIcon, SendIcon, XIcon } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useAskSpace } from '../api/ask-space';
import { getSpaceFileContentUrl } from '../api/space-file-content';

const HELP_ITEMS = ['search', 'answer', 'summarize', 'find'] as const;

/** A message of the space chat (docs/product-rules.md#space-chat); answers carry the sources they cite. */
type SpaceChatMessage = {
  id: string;
  content: string;
  isUser: boolean;
  timestamp: Date;
  citations: Citation[];
  isError: boolean;
};

// A counter, not crypto.randomUUID(): that one is missing outside secure contexts (plain http on a LAN address).
let nextMessageNumber = 0;

function createMessage(content: string, fields: Partial<SpaceChatMessage> = {}): SpaceChatMessage {
  nextMessageNumber += 1;
  return {
    id: `space-message-${nextMessageNumber}`,
    content,
    isUser: false,
    timestamp: new Date(),
    citations: [],
    isError: false,
    ...fields,
  };
}

/** The reason of a failed question, without a final period (the Connection Error text adds its own). */
function describeFailure(error: unknown): string {
  const message = isApiError(error) ? error.message : AI_CHAT_MESSAGES.invalidJson;
  return message.trim().replace(/\.+$/, '');
}

type SpaceChatWelcomeProps = { spaceName: string; files: SpaceFile[] };

/** Before the first message: the welcome, the files the assistant reads and what it can do. */
function SpaceChatWelcome({ spaceName, files }: SpaceChatWelcomeProps) {
  const { t } = useTranslation('spaces');
  return (
    <div className="flex flex-col items-center gap-4 py-6 text-center">
      <LayersIcon className="size-10 text-muted-foreground" aria-hidden="true" />
      <h2 className="font-semibold text-xl">{t('space.welcomeTitle', { name: spaceName })}</h2>
      {files.length > 0 ? (
        <ul aria-label={t('chat.welcomeFilesLabel')} className="flex flex-wrap justify-center gap-2">
          {files.map((file) => (
            <li key={file.id} className="inline-flex items-center gap-1 rounded-full border px-2.5 py-1 text-xs">
              <FileTextIcon className="size-3.5" aria-hidden="true" />
              {file.filename}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground text-sm">{t('chat.welcomeNoFiles')}</p>
      )}
      <p className="text-muted-foreground">{t('space.welcomeText')}</p>
      <ul aria-label={t('space.helpLabel')} className="grid gap-1 text-left text-sm">
        {HELP_ITEMS.map((item) => (
          <li key={item} className="list-inside list-disc">
            {t(`space.help.${item}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}

type CitationListProps = { spaceId: string; citations: Citation[]; files: SpaceFile[] };

/** An answer's sources as '[n] title, p. N', each opening the cited file of the space. */
function CitationList({ spaceId, citations, files }: CitationListProps) {
  const { t } = useTranslation('spaces');
  if (citations.length === 0) return null;
  const hrefOf = (citation: Citation) => {
    // The space's own content URL when the cited document is one of its files; else the URL the server gave.
    const file = files.find((candidate) => candidate.documentId === citation.documentId);
    if (!file) return citation.url;
    return `${getSpaceFileContentUrl(spaceId, file.id)}${citation.page ? `#page=${citation.page}` : ''}`;
  };
  return (
    <ol aria-label={t('chat.sources')} className="mt-2 grid gap-1 border-t pt-2 text-xs">
      {citations.map((citation) => (
        <li key={`${citation.index}-${citation.documentId}`}>
          <a
            href={hrefOf(citation)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
          >
            <FileTextIcon className="size-3.5 shrink-0" aria-hidden="true" />[{citation.index}] {citation.title}
            {citation.page ? `, ${t('chat.page', { page: citation.page })}` : ''}
          </a>
        </li>
      ))}
    </ol>
  );
}

type SpaceChatProps = {
  spaceId: string;
  spaceName: string;
  /** The space's files: listed in the welcome, and the targets of the citations' links. */
  files: SpaceFile[];
};

/**
 * The space chat (docs/product-rules.md#space-chat): questions go to the assistant about this space's files only;
 * answers show their sources. Enter sends, Shift+Enter adds a line; blank messages and messages sent while a reply is
 * on its way are ignored. A failure adds a 'Connection Error' message and a dismissible error bar.
 */
export function SpaceChat({ spaceId, spaceName, files }: SpaceChatProps) {
  const { t } = useTranslation('spaces');
  const [messages, setMessages] = useState<SpaceChatMessage[]>([]);
  const [text, setText] = useState('');
  const [errorText, setErrorText] = useState<string | null>(null);
  const ask = useAskSpace();
  const endRef = useRef<HTMLDivElement>(null);
  const isLoading = ask.isPending;
  const canSend = text.trim() !== '' && !isLoading;

  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls whenever a message or the thinking line appears.
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [messages.length, isLoading]);

  const send = async () => {
    const query = text.trim();
    if (query === '' || isLoading) return;
    setText('');
    setErrorText(null);
    setMessages((current) => [...current, createMessage(query, { isUser: true })]);
    try {
      const answer = await ask.mutateAsync({ spaceId, query });
      const content = answer.response.trim();
      setMessages((current) => [
        ...current,
        content === ''
          ? createMessage(t('chat.emptyReply'))
          : createMessage(answer.response, { citations: answer.citations }),
      ]);
    } catch (error) {
      console.error('Space chat request failed:', error);
      const message = t('chat.connectionError', { message: describeFailure(error) });
      setMessages((current) => [...current, createMessage(message, { isError: true })]);
      setErrorText(message);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  return (
    <Card aria-label={t('chat.label')} role="region" className="gap-4">
      <CardContent className="grid gap-4">
        {messages.length === 0 ? (
          <SpaceChatWelcome spaceName={spaceName} files={files} />
        ) : (
          <div className="max-h-[60vh] overflow-y-auto">
            <ol aria-label={t('chat.messagesLabel')} className="grid gap-3">
              {messages.map((message) => (
                <li
                  key={message.id}
                  aria-label={message.isUser ? t('chat.you') : t('chat.assistant')}
                  className={cn(
                    'max-w-[85%] rounded-2xl px-4 py-2 text-sm',
                    message.isUser
                      ? 'justify-self-end bg-primary text-primary-foreground'
                      : 'justify-self-start bg-muted',
                    message.isError && 'border border-destructive/50 bg-destructive/10 text-destructive',
                  )}
                >
                  <p className="whitespace-pre-wrap break-words">{message.content}</p>
                  <CitationList spaceId={spaceId} citations={message.citations} files={files} />
                </li>
              ))}
              {isLoading ? (
                <li
                  role="status"
                  className="inline-flex items-center gap-2 justify-self-start text-muted-foreground text-sm"
                >
                  <BotIcon className="size-4" aria-hidden="true" />
                  <Spinner />
                  {t('chat.thinking')}
                </li>
              ) : null}
            </ol>
            <div ref={endRef} />
          </div>
        )}
        {errorText ? (
          <div
            role="alert"
            className="flex items-start gap-2 rounded-md border border-destructive/50 bg-destructive/10 px-3 py-2 text-destructive text-sm"
          >
            <AlertCircleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <p className="flex-1 break-words">{errorText}</p>
            <Button
              variant="ghost"
              size="icon"
              className="size-6 text-destructive hover:bg-destructive/10"
              aria-label={t('chat.dismissError')}
              onClick={() => setErrorText(null)}
            >
              <XIcon aria-hidden="true" />
            </Button>
          </div>
        ) : null}
        <form
          className="flex items-end gap-2 rounded-2xl border bg-background p-2 shadow-sm focus-within:ring-2 focus-within:ring-ring/40"
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <textarea
            rows={1}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            aria-label={t('chat.composerLabel')}
            placeholder={t('chat.placeholder', { name: spaceName })}
            className="max-h-[120px] min-h-9 flex-1 resize-none bg-transparent px-2 py-2 text-sm outline-none placeholder:text-muted-foreground"
          />
          <Button type="submit" size="icon" aria-label={t('chat.send')} disabled={!canSend}>
            <SendIcon aria-hidden="true" />
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
