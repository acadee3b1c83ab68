import { INTEGRATION_REQUEST_STATUSES, type IntegrationRequest, type IntegrationRequestStatus } from '@lumen/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { LoadError } from '@/components/load-error';
import { LoadMoreButton } from '@/components/load-more-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { useServerErrorText } from '@/hooks/use-server-error-text';
import { useDecideIntegrationRequest } from '../api/decide-integration-request';
import { useTeamIntegrationRequests } from '../api/get-team-integration-requests';
import { IntegrationRequestStatusBadge } from './integration-request-status-badge';

/** The answers an admin can give a request in each status (a request answered by mistake can be opened again). */
const NEXT_STATUSES: Record<IntegrationRequestStatus, readonly IntegrationRequestStatus[]> = {
  open: ['planned', 'declined'],
  planned: ['declined', 'open'],
  declined: ['planned', 'open'],
};

function RequestRow({ request }: { request: IntegrationRequest }) {
  const { t, i18n } = useTranslation('integrations');
  const { errorText } = useServerErrorText();
  const decide = useDecideIntegrationRequest();
  const headingId = useId();
  const formatDate = (value: string) => new Date(value).toLocaleDateString(i18n.language);

  const answer = (status: IntegrationRequestStatus) =>
    decide.mutate(
      { id: request.id, status },
      {
        onSuccess: () => toast.success(t(`requests.answered.${status}`, { platform: request.platform })),
        onError: (error) => toast.error(errorText(error, t('requests.answerFailed'))),
      },
    );

  return (
    <li aria-labelledby={headingId} className="grid gap-2 rounded-lg border p-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="font-medium text-sm">
          {request.platform}
        </h3>
        <IntegrationRequestStatusBadge status={request.status} />
        <Badge variant="outline">{t(`customRequest.urgency.${request.urgency}`)}</Badge>
      </div>
      <p className="whitespace-pre-line text-sm">{request.purpose}</p>
      <p className="text-muted-foreground text-xs">
        {t('requests.askedBy', { name: request.requesterName, date: formatDate(request.createdAt) })}
        {request.decidedAt && request.deciderName
          ? ` · ${t('requests.answeredBy', { name: request.deciderName, date: formatDate(request.decidedAt) })}`
          : null}
      </p>
      <div className="flex flex-wrap gap-2">
        {NEXT_STATUSES[request.status].map((status) => (
          <Button
            key={status}
            size="sm"
            variant={status === 'planned' ? 'default' : 'outline'}
            disabled={decide.isPending}
            aria-describedby={headingId}
            onClick={() => answer(status)}
          >
            {t(`requests.actions.${status}`)}
          </Button>
        ))}
      </div>
    </li>
  );
}

/**
 * The team's requests for integrations Lumen does not have (team admins): newest first, filtered by status, a page at
 * a time, each answered planned or declined (or opened again).
 */
export function IntegrationRequestsPanel() {
  const { t } = useTranslation('integrations');
  const filterId = useId();
  const [status, setStatus] = useState<IntegrationRequestStatus | null>('open');
  const requests = useTeamIntegrationRequests(status);
  const rows = requests.data?.pages.flatMap((page) => page.requests) ?? [];

  const content = (() => {
    if (requests.isPending) return <Spinner label={t('loading')} className="my-4 text-muted-foreground" />;
    if (requests.isError && !requests.data) {
      return (
        <LoadError message={t('requests.loadFailed')} retryLabel={t('retry')} onRetry={() => void requests.refetch()} />
      );
    }
    if (rows.length === 0) {
      return (
        <p className="text-muted-foreground text-sm">
          {status ? t(`requests.empty.${status}`) : t('requests.empty.all')}
        </p>
      );
    }
    return (
      <div className="grid gap-3">
        <ul aria-label={t('requests.title')} className="grid gap-2">
          {rows.map((request) => (
            <RequestRow key={request.id} request={request} />
          ))}
        </ul>
        {requests.hasNextPage ? (
          <LoadMoreButton isLoading={requests.isFetchingNextPage} onLoadMore={() => void requests.fetchNextPage()}>
            {requests.isFetchingNextPage ? t('requests.loadingMore') : t('requests.loadMore')}
          </LoadMoreButton>
        ) : null}
      </div>
    );
  })();

  return (
    <Card className="gap-4">
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle className="text-lg">
            <h2>{t('requests.title')}</h2>
          </CardTitle>
          <CardDescription>{t('requests.description')}</CardDescription>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={filterId}>{t('requests.filter')}</Label>
          <NativeSelect
            id={filterId}
            value={status ?? 'all'}
            onChange={(event) => {
              const value = event.target.value;
              setStatus(INTEGRATION_REQUEST_STATUSES.find((candidate) => candidate === value) ?? null);
            }}
          >
            <option value="all">{t('requests.status.all')}</option>
            {INTEGRATION_REQUEST_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`requests.status.${value}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </CardHeader>
      <CardContent>{content}</CardContent>
    </Card>
  );
}
