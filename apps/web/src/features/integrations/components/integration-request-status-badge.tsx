import type { IntegrationRequestStatus } from '@lumen/contract';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

const VARIANT: Record<IntegrationRequestStatus, 'secondary' | 'default' | 'outline'> = {
  open: 'outline',
  planned: 'default',
  declined: 'secondary',
};

/** Open, Planned or Declined, in words (never by colour alone). */
export function IntegrationRequestStatusBadge({ status }: { status: IntegrationRequestStatus }) {
  const { t } = useTranslation('integrations');
  return <Badge variant={VARIANT[status]}>{t(`requests.status.${status}`)}</Badge>;
}
