import { MonitorSmartphoneIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { useSignOut } from '../hooks/use-sign-out';

/**
 * 'Sign out everywhere' (Security settings): after a confirmation, every session of the account ends, on every
 * device and browser, this one included; then the app returns to the sign-in page.
 */
export function SignOutEverywhereButton() {
  const { t } = useTranslation();
  const { signOut, isSigningOut } = useSignOut({ isEverywhere: true });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" disabled={isSigningOut}>
          <MonitorSmartphoneIcon aria-hidden="true" />
          {t('settings.security.signOutEverywhere')}
        </Button>
      }
      title={t('settings.security.signOutEverywhereTitle')}
      description={t('settings.security.signOutEverywhereDescription')}
      confirmLabel={t('settings.security.signOutEverywhere')}
      onConfirm={signOut}
    />
  );
}
