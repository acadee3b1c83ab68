import { TEAM_CHAT_MESSAGES, TEAM_MESSAGE_MAX, type TeamMessage } from '@lumen/contract';
import { useQuery } from '@tanstack/react-query';
import { PencilIcon, SendIcon, SparklesIcon, Trash2Icon } from 'lucide-react';
import {
  type FormEvent,
  Fragment,
  type KeyboardEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { CitationChips } from '@/components/citation-chips';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadError } from '@/components/load-error';
import { MarkdownContent } from '@/components/markdown-content';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useServerErrorText } from '@/hooks/use-server-error-text';
import { formatDate, formatMessageTime } from '@/lib/format-date';
import { cn } from '@/lib/utils';
import { useDeleteTeamMessage } from '../api/delete-team-message';
import { useEditTeamMessage } from '../api/edit-team-message';
import { getTeamChatUnreadQueryOptions } from '../api/get-team-chat-unread';
import { useTeamPresence } from '../api/get-team-presence';
import { useMarkTeamChatRead } from '../api/mark-team-chat-read';
import { useSendTeamMessage } from '../api/send-team-message';
import { useTeamRoom } from '../hooks/use-team-room';
import { useTypingMembers, useTypingNotice } from '../hooks/use-typing';
import { groupByDay, withMessages, withoutMessage } from '../utils/room-state';

type TeamChatRoomProps = {
  /** The signed-in user: their messages sit on the right and may be edited. */
  currentUserId: string;
  /** Team admins may delete anyone's message. */
  isTeamAdmin: boolean;
};

/** How close to the bottom (px) the reader must be for a new message to scroll the list down. */
const STICK_TO_BOTTOM_PX = 80;

function initialsOf(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase();
}

/**
 * The team's chat room (/team-chat): the last 50 messages with older ones a click away, day separators, the reader's
 * own messages on the right, live updates for every member, and a composer that keeps the text when a send fails.
 */
export function TeamChatRoom({ currentUserId, isTeamAdmin }: TeamChatRoomProps) {
  const { t, i18n } = useTranslation('teamChat');
  const room = useTeamRoom();
  const typingNames = useTypingMembers(currentUserId);
  const listRef = useRef<HTMLDivElement>(null);
  const isNearBottom = useRef(true);
  const messages = room.data?.messages ?? [];
  const newestId = messages.at(-1)?.id;
  const newestSeq = messages.at(-1)?.seq;
  const markRead = useMarkTeamChatRead();
  const firstUnreadId = useFirstUnreadId(messages, currentUserId);

  // The room is open: what it shows is read (the dashboards' unread count drops), once the marker of where the new
  // messages start is placed.
  useEffect(() => {
    if (newestSeq !== undefined && firstUnreadId !== undefined) markRead(newestSeq);
  }, [newestSeq, firstUnreadId, markRead]);

  // A new message keeps the reader at the bottom if they were there; reading older ones, they stay put.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && newestId && isNearBottom.current) list.scrollTop = list.scrollHeight;
  }, [newestId]);

  if (room.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={t('loading')} />
      </div>
    );
  }
  if (room.isError) {
    return <LoadError message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void room.refetch()} />;
  }

  return (
    <section aria-label={t('roomLabel')} className="flex min-h-[28rem] flex-col rounded-xl border bg-card">
      <OnlineMembers />
      <div
        ref={listRef}
        onScroll={(event) => {
          const list = event.currentTarget;
          isNearBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight < STICK_TO_BOTTOM_PX;
        }}
        className="max-h-[60vh] flex-1 overflow-y-auto p-4"
      >
        {room.data?.hasOlder && (
          <div className="mb-4 flex justify-center">
            <Button variant="outline" size="sm" onClick={() => void room.loadOlder()} disabled={room.isLoadingOlder}>
              {room.isLoadingOlder && <Spinner aria-hidden="true" />}
              {t('loadOlder')}
            </Button>
          </div>
        )}
        {messages.length === 0 ? (
          <p className="py-10 text-center text-muted-foreground">{t('empty')}</p>
        ) : (
          <div role="log" aria-label={t('messagesLabel')}>
            <ol className="grid gap-4">
              {groupByDay(messages).map((group) => (
                <li key={group.day} className="grid gap-3">
                  <p className="flex items-center gap-3 text-muted-foreground text-xs">
                    <span className="h-px flex-1 bg-border" aria-hidden="true" />
                    <span>{formatDate(group.messages[0]?.createdAt ?? '', i18n.language)}</span>
                    <span className="h-px flex-1 bg-border" aria-hidden="true" />
                  </p>
                  <ol className="grid gap-3">
                    {group.messages.map((message) => (
                      <Fragment key={message.id}>
                        {message.id === firstUnreadId && (
                          <li className="flex items-center gap-3 font-medium text-primary-text text-xs">
                            <span className="h-px flex-1 bg-primary/40" aria-hidden="true" />
                            <span>{t('newMessages')}</span>
                            <span className="h-px flex-1 bg-primary/40" aria-hidden="true" />
                          </li>
                        )}
                        <MessageItem
                          message={message}
                          isOwn={message.userId === currentUserId}
                          canDelete={message.userId === currentUserId || isTeamAdmin}
                          onChanged={(changed) => room.update((current) => withMessages(current, [changed]))}
                          onDeleted={(id) => room.update((current) => withoutMessage(current, id))}
                        />
                      </Fragment>
                    ))}
                  </ol>
                </li>
              ))}
            </ol>
          </div>
        )}
      </div>
      <p className="min-h-5 px-4 text-muted-foreground text-xs">
        {typingNames.length > 0 && t('typing', { names: typingNames.join(', '), count: typingNames.length })}
      </p>
      <Composer
        onSent={(message) => {
          isNearBottom.current = true;
          room.update((current) => withMessages(current, [message]));
        }}
      />
    </section>
  );
}

/**
 * Where the messages the reader has not seen start: the first message of someone else after their read position when
 * the room opened (null when there is none; undefined until that position is known). It stays put while the room is
 * open, though reading moves the position on.
 */
function useFirstUnreadId(messages: readonly TeamMessage[], currentUserId: string): string | null | undefined {
  const unread = useQuery({ ...getTeamChatUnreadQueryOptions(), refetchOnMount: 'always' });
  const [readUpTo, setReadUpTo] = useState<number | null | undefined>(undefined);
  useEffect(() => {
    if (readUpTo !== undefined) return;
    if (unread.isError) setReadUpTo(null);
    else if (unread.isFetchedAfterMount && unread.data)
      setReadUpTo(unread.data.count > 0 ? (unread.data.lastReadSeq ?? 0) : null);
  }, [readUpTo, unread.isError, unread.isFetchedAfterMount, unread.data]);
  if (readUpTo === undefined) return undefined;
  if (readUpTo === null) return null;
  return messages.find((message) => message.seq > readUpTo && message.userId !== currentUserId)?.id ?? null;
}

/** The online count and who it is, from presence (a member with two tabs counts once). */
function OnlineMembers() {
  const { t } = useTranslation('teamChat');
  const presence = useTeamPresence();
  const online = presence.data?.online ?? [];
  return (
    <div className="flex flex-wrap items-center gap-2 border-b px-4 py-2 text-sm">
      <span className="flex items-center gap-2 font-medium">
        <span aria-hidden="true" className="size-2 rounded-full bg-emerald-500" />
        {t('onlineCount', { count: online.length })}
      </span>
      {online.length > 0 && (
        <ul aria-label={t('onlineLabel')} className="flex flex-wrap gap-x-2 text-muted-foreground">
          {online.map((member, index) => (
            <li key={member.userId}>
              {member.name}
              {index < online.length - 1 ? ',' : ''}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

type MessageItemProps = {
  message: TeamMessage;
  isOwn: boolean;
  canDelete: boolean;
  onChanged: (message: TeamMessage) => void;
  onDeleted: (id: string) => void;
};

function MessageItem({ message, isOwn, canDelete, onChanged, onDeleted }: MessageItemProps) {
  const { t, i18n } = useTranslation('teamChat');
  const { errorText } = useServerErrorText();
  const [isEditing, setIsEditing] = useState(false);
  const [draft, setDraft] = useState(message.content);
  const [error, setError] = useState<string | null>(null);
  const editMessage = useEditTeamMessage();
  const deleteMessage = useDeleteTeamMessage();
  const editId = useId();
  const time = formatMessageTime(message.createdAt, i18n.language);
  const isAnswer = message.kind === 'assistant';
  const isAnswering = isAnswer && message.status === 'answering';

  const save = async () => {
    if (!draft.trim() || editMessage.isPending) return;
    setError(null);
    try {
      onChanged(await editMessage.mutateAsync({ id: message.id, content: draft }));
      setIsEditing(false);
    } catch (caught) {
      setError(errorText(caught, t('editFailed')));
    }
  };

  return (
    <li className={cn('flex gap-3', isOwn && 'flex-row-reverse')}>
      <span
        aria-hidden="true"
        className={cn(
          'flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full font-medium text-xs',
          isAnswer ? 'bg-primary/15 text-primary-text' : 'bg-muted',
        )}
      >
        {isAnswer ? (
          <SparklesIcon className="size-4" />
        ) : message.sender.avatarUrl ? (
          <img src={message.sender.avatarUrl} alt="" className="size-full object-cover" />
        ) : (
          initialsOf(message.sender.name)
        )}
      </span>
      <article
        aria-label={t('messageBy', { name: message.sender.name, time })}
        // While an answer is written, screen readers wait for the whole of it rather than reading every piece.
        aria-busy={isAnswering || undefined}
        data-testid={isAnswer ? 'assistant-answer' : undefined}
        className={cn(
          'grid max-w-[75%] gap-1 rounded-lg px-3 py-2',
          isOwn ? 'bg-primary/10 text-foreground' : 'bg-muted/60',
        )}
      >
        <p className={cn('flex flex-wrap items-baseline gap-2 text-xs', isOwn && 'justify-end')}>
          <span className="font-medium">{isOwn ? t('you') : message.sender.name}</span>
          <time dateTime={message.createdAt} className="text-muted-foreground">
            {time}
          </time>
          {message.editedAt && <span className="text-muted-foreground">{t('edited')}</span>}
        </p>
        {isEditing ? (
          <form
            className="grid gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <label htmlFor={editId} className="sr-only">
              {t('editLabel')}
            </label>
            <Textarea
              id={editId}
              value={draft}
              maxLength={TEAM_MESSAGE_MAX}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') setIsEditing(false);
              }}
              autoFocus
            />
            {error && (
              <p role="alert" className="text-destructive text-sm">
                {error}
              </p>
            )}
            <div className="flex justify-end gap-2">
              <Button type="button" variant="ghost" size="sm" onClick={() => setIsEditing(false)}>
                {t('cancel')}
              </Button>
              <Button type="submit" size="sm" disabled={!draft.trim() || editMessage.isPending}>
                {t('save')}
              </Button>
            </div>
          </form>
        ) : isAnswer ? (
          <AnswerBody message={message} />
        ) : (
          <MarkdownContent text={message.content} />
        )}
        {!isEditing && (isOwn || canDelete) && (
          <div className={cn('flex gap-1', isOwn ? 'justify-end' : 'justify-start')}>
            {isOwn && (
              <Button
                variant="ghost"
                size="icon"
                className="size-7"
                aria-label={t('editMessage')}
                onClick={() => {
                  setDraft(message.content);
                  setError(null);
                  setIsEditing(true);
                }}
              >
                <PencilIcon aria-hidden="true" />
              </Button>
            )}
            {canDelete && (
              <ConfirmDialog
                title={t('deleteTitle')}
                description={t('deleteDescription')}
                confirmLabel={t('delete')}
                onConfirm={async () => {
                  try {
                    await deleteMessage.mutateAsync(message.id);
                    onDeleted(message.id);
                  } catch (caught) {
                    setError(errorText(caught, t('deleteFailed')));
                  }
                }}
                trigger={
                  <Button variant="ghost" size="icon" className="size-7" aria-label={t('deleteMessage')}>
                    <Trash2Icon aria-hidden="true" />
                  </Button>
                }
              />
            )}
          </div>
        )}
        {!isEditing && error && (
          <p role="alert" className="text-destructive text-sm">
            {error}
          </p>
        )}
      </article>
    </li>
  );
}

/** The assistant's answer: its text as it is written, then its sources; a failure in the reader's language. */
function AnswerBody({ message }: { message: TeamMessage }) {
  const { t } = useTranslation('teamChat');
  if (message.status === 'failed') {
    return (
      <p className="text-muted-foreground text-sm">
        {message.content === TEAM_CHAT_MESSAGES.assistantQuestionGone
          ? t('assistantQuestionGone')
          : t('assistantFailed')}
      </p>
    );
  }
  return (
    <div className="grid gap-2">
      {message.content ? <MarkdownContent text={message.content} /> : null}
      {message.status === 'answering' ? (
        <p className="flex items-center gap-2 text-muted-foreground text-xs">
          <Spinner aria-hidden="true" />
          {t('assistantAnswering')}
        </p>
      ) : (
        <CitationChips citations={message.citations} />
      )}
    </div>
  );
}

/**
 * Writes to the room: Enter sends, Shift+Enter starts a new line. A blank message, or one typed while the last is still
 * sending, is ignored (spec 001); a failed send shows 'Failed to send message' and keeps the text to try again.
 */
function Composer({ onSent }: { onSent: (message: TeamMessage) => void }) {
  const { t } = useTranslation('teamChat');
  const { errorText } = useServerErrorText();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const sendMessage = useSendTeamMessage();
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const noticeTyping = useTypingNotice();

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const send = async () => {
    if (!text.trim() || sendMessage.isPending) return;
    setError(null);
    try {
      const message = await sendMessage.mutateAsync({ content: text });
      setText('');
      onSent(message);
    } catch (caught) {
      const reason = errorText(caught, '');
      setError(reason ? `${t('sendFailed')}: ${reason}` : t('sendFailed'));
    }
  };

  return (
    <form
      className="grid gap-2 border-t p-3"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void send();
      }}
    >
      {error && (
        <p id={errorId} role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-destructive text-sm">
          {error}
        </p>
      )}
      <div className="flex items-end gap-2">
        <label htmlFor={inputId} className="sr-only">
          {t('composerLabel')}
        </label>
        <Textarea
          ref={inputRef}
          id={inputId}
          value={text}
          rows={2}
          maxLength={TEAM_MESSAGE_MAX}
          placeholder={t('composerPlaceholder')}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value.trim()) noticeTyping();
          }}
          onKeyDown={(event: KeyboardEvent<HTMLTextAreaElement>) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void send();
            }
          }}
          className="min-h-0 resize-none"
        />
        <Button type="submit" disabled={!text.trim() || sendMessage.isPending} aria-label={t('send')}>
          {sendMessage.isPending ? <Spinner aria-hidden="true" /> : <SendIcon aria-hidden="true" />}
        </Button>
      </div>
      <p id={hintId} className="text-muted-foreground text-xs">
        {t('assistantHint')}
      </p>
    </form>
  );
}
