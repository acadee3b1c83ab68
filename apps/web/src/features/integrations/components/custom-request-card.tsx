import type { IntegrationRequest } from '@lumen/contract';
import { PlusIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { isNoTeamError } from '@/lib/api-client';
import { useOwnIntegrationRequests } from '../api/get-own-integration-requests';
import { IntegrationCardFrame } from './integration-card-frame';
import { IntegrationRequestForm } from './integration-request-form';
import { IntegrationRequestStatusBadge } from './integration-request-status-badge';

/** The card lists this many of the caller's latest requests with their answers. */
const SHOWN_REQUESTS = 3;

function OwnRequest({ request }: { request: IntegrationRequest }) {
  const { t, i18n } = useTranslation('integrations');
  const date = new Date(request.decidedAt ?? request.createdAt).toLocaleDateString(i18n.language);
  return (
    <li className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
      <span className="font-medium">{request.platform}</span>
      <IntegrationRequestStatusBadge status={request.status} />
      <span className="text-muted-foreground">
        {request.status === 'open' ? t('customRequest.askedOn', { date }) : t('customRequest.answeredOn', { date })}
      </span>
    </li>
  );
}

/**
 * "Need another platform?": opens a short form (which platform, what for, how urgent) that the team's admins review,
 * and shows the caller's latest requests with the admins' answers. Someone without a team is told to join one first.
 */
export function CustomRequestCard() {
  const { t } = useTranslation('integrations');
  const headingId = useId();
  const noteId = useId();
  const [isFormOpen, setIsFormOpen] = useState(false);
  const ownRequests = useOwnIntegrationRequests();
  const hasNoTeam = ownRequests.isError && isNoTeamError(ownRequests.error);
  const shown = ownRequests.data?.slice(0, SHOWN_REQUESTS) ?? [];

  return (
    <IntegrationCardFrame
      id="custom-request"
      headingId={headingId}
      name={t('customRequest.name')}
      description={t('descriptions.custom-request')}
      icon={PlusIcon}
    >
      {hasNoTeam ? (
        <p id={noteId} className="text-muted-foreground text-xs">
          {t('customRequest.needsTeam')}
        </p>
      ) : null}
      {shown.length > 0 ? (
        <ul aria-label={t('customRequest.yourRequests')} className="grid gap-1">
          {shown.map((request) => (
            <OwnRequest key={request.id} request={request} />
          ))}
        </ul>
      ) : null}
      <FormDialog
        isOpen={isFormOpen}
        onOpenChange={setIsFormOpen}
        title={t('customRequest.formTitle')}
        description={t('customRequest.formDescription')}
        trigger={
          <Button
            size="sm"
            variant="outline"
            className="self-start"
            disabled={hasNoTeam}
            aria-describedby={hasNoTeam ? noteId : undefined}
          >
            {t('customRequest.action')}
          </Button>
        }
      >
        <IntegrationRequestForm onDone={() => setIsFormOpen(false)} />
      </FormDialog>
    </IntegrationCardFrame>
  );
}
