import { PlusIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { IntegrationCardFrame } from './integration-card-frame';

/** "Need another platform?": requests have no backend yet, so the action stays disabled and says why. */
export function CustomRequestCard() {
  const { t } = useTranslation('integrations');
  const headingId = useId();
  const noteId = useId();
  return (
    <IntegrationCardFrame
      id="custom-request"
      headingId={headingId}
      name={t('customRequest.name')}
      description={t('descriptions.custom-request')}
      icon={PlusIcon}
    >
      <p id={noteId} className="text-muted-foreground text-xs">
        {t('customRequest.unavailable')}
      </p>
      <Button size="sm" variant="outline" className="self-start" disabled aria-describedby={noteId}>
        {t('customRequest.action')}
      </Button>
    </IntegrationCardFrame>
  );
}
