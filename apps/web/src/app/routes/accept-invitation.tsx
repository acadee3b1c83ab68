import { useTranslation } from 'react-i18next';
import { ScreenTitle } from '@/components/screen-title';

/** /accept-invitation?id=…: the invitation flow arrives with the teams issue; only the title for now. */
export function AcceptInvitationRoute() {
  const { t } = useTranslation();
  return <ScreenTitle>{t('pages.acceptInvitation')}</ScreenTitle>;
}
