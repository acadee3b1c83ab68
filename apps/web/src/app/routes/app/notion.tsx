import { useQueryClient } from '@tanstack/react-query';
import { ExternalLinkIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/load-error';
import { LoadMoreButton } from '@/components/load-more-button';
import { ScreenTitle } from '@/components/screen-title';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth/hooks/use-session';
import { ChatView } from '@/features/chat/components/chat-view';
import { DOCUMENT_LIST_PAGE_SIZE, getDocumentContentHref, useDocuments } from '@/features/documents/api/get-documents';
import { ConnectedServicesPanel } from '@/features/integrations/components/connected-services-panel';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { formatDate } from '@/lib/format-date';
import { CONVERSATIONS_QUERY_KEY, DAILY_UPDATES_QUERY_KEY } from '@/lib/query-keys';
import { createUuid } from '@/lib/uuid';

/** How long typing pauses before the page list asks the server again. */
const SEARCH_DEBOUNCE_MS = 300;

/** The Notion pages synced for the user, searchable by title, each opening at Notion; a page at a time. */
function NotionPages() {
  const { t, i18n } = useTranslation('integrations');
  const searchId = useId();
  const [query, setQuery] = useState('');
  const debouncedQuery = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const pages = useDocuments(DOCUMENT_LIST_PAGE_SIZE, {
    filters: { source: 'notion', q: debouncedQuery },
    pollWhileIndexing: true,
  });
  const rows = pages.data?.pages.flatMap((page) => page.documents) ?? [];

  const content = (() => {
    if (pages.isPending) return <Spinner label={t('notionPage.loading')} className="my-4 text-muted-foreground" />;
    if (pages.isError && !pages.data) {
      return (
        <LoadError message={t('notionPage.loadFailed')} retryLabel={t('retry')} onRetry={() => void pages.refetch()} />
      );
    }
    if (rows.length === 0) {
      return (
        <p className="text-muted-foreground text-sm">
          {debouncedQuery ? t('notionPage.noMatch', { query: debouncedQuery }) : t('notionPage.empty')}
        </p>
      );
    }
    return (
      <div className="grid gap-3">
        <ul aria-label={t('notionPage.pagesTitle')} className="grid gap-2">
          {rows.map((page) => (
            <li key={page.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border p-3">
              <a
                href={getDocumentContentHref(page.id)}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1.5 font-medium text-sm underline-offset-4 hover:underline"
              >
                {page.title}
                <ExternalLinkIcon aria-hidden="true" className="size-3.5" />
                <span className="sr-only">{t('notionPage.opensAtNotion')}</span>
              </a>
              <span className="text-muted-foreground text-xs">
                {t('notionPage.updated', { date: formatDate(page.updatedAt, i18n.language) })}
              </span>
              {page.status === 'ready' ? null : (
                <Badge variant="outline">{t(`notionPage.status.${page.status}`)}</Badge>
              )}
            </li>
          ))}
        </ul>
        {pages.hasNextPage ? (
          <LoadMoreButton isLoading={pages.isFetchingNextPage} onLoadMore={() => void pages.fetchNextPage()}>
            {pages.isFetchingNextPage ? t('notionPage.loadingMore') : t('notionPage.loadMore')}
          </LoadMoreButton>
        ) : null}
      </div>
    );
  })();

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="text-lg">
          <h2>{t('notionPage.pagesTitle')}</h2>
        </CardTitle>
        <CardDescription>{t('notionPage.pagesDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid max-w-md gap-1.5">
          <Label htmlFor={searchId}>{t('notionPage.searchLabel')}</Label>
          <Input
            id={searchId}
            type="search"
            value={query}
            placeholder={t('notionPage.searchPlaceholder')}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        {content}
      </CardContent>
    </Card>
  );
}

/**
 * Questions about Notion only: the chat of /chat (streamed, cited, saved with the conversations), each message sent with
 * `platform: 'notion'`, so the assistant reads only the synced Notion pages. New Question starts another conversation.
 */
function AskNotion() {
  const { t } = useTranslation('integrations');
  const queryClient = useQueryClient();
  const titleId = useId();
  const [conversationId, setConversationId] = useState(createUuid);
  return (
    <Card role="region" aria-labelledby={titleId} className="gap-0 overflow-hidden py-0">
      <CardHeader className="flex flex-wrap items-start justify-between gap-3 border-b py-4">
        <div className="grid gap-1.5">
          <CardTitle className="text-lg">
            <h2 id={titleId}>{t('notionPage.askTitle')}</h2>
          </CardTitle>
          <CardDescription>{t('notionPage.askDescription')}</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => setConversationId(createUuid())}>
          {t('notionPage.newQuestion')}
        </Button>
      </CardHeader>
      <div className="flex h-[28rem] min-h-0 flex-col">
        <ChatView
          key={conversationId}
          conversationId={conversationId}
          initialMessages={[]}
          platform="notion"
          placeholder={t('notionPage.askPlaceholder')}
          emptyState={
            <p className="m-auto max-w-md p-6 text-center text-muted-foreground">{t('notionPage.askEmpty')}</p>
          }
          onReplyFinished={() => {
            void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY });
            void queryClient.invalidateQueries({ queryKey: DAILY_UPDATES_QUERY_KEY });
          }}
        />
      </div>
    </Card>
  );
}

/**
 * /notion, linked from the dashboard: the Notion connection (connect, last sync, counts, sync now, disconnect: the
 * connected-services card itself), the pages it synced, and questions to the assistant about them only. Composes the
 * integrations, documents and chat features.
 */
export function NotionRoute() {
  const { t } = useTranslation(['translation', 'integrations']);
  const { user } = useSession();
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <div className="grid gap-1">
        <ScreenTitle>{t('pages.notion', { name: '' })}</ScreenTitle>
        <p className="text-muted-foreground">{t('integrations:notionPage.intro')}</p>
      </div>
      <Card className="gap-4">
        <CardHeader>
          <CardTitle className="text-lg">
            <h2>{t('integrations:notionPage.connectionTitle')}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ConnectedServicesPanel isSignedIn={user !== null} providers={['notion']} />
        </CardContent>
      </Card>
      <NotionPages />
      <AskNotion />
    </div>
  );
}
