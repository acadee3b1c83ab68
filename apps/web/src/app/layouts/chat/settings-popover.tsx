import type { Theme } from '@lumen/contract';
import { LogOutIcon, SettingsIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { paths } from '@/config/paths';
import { AssistantModelLabel } from '@/features/assistant-model/components/assistant-model-label';
import { useRequestPasswordReset } from '@/features/auth/api/request-password-reset';
import { SignOutEverywhereButton } from '@/features/auth/components/sign-out-everywhere-button';
import { useSession } from '@/features/auth/hooks/use-session';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { getAuthErrorMessage } from '@/features/auth/utils/get-auth-error-message';
import { PreferencesSection } from '@/features/preferences/components/preferences-section';
import { useTheme } from '@/features/theme/hooks/use-theme';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-2 border-b pb-3 last:border-b-0 last:pb-0">
      <h3 className="font-medium text-muted-foreground text-xs uppercase tracking-wide">{title}</h3>
      {children}
    </section>
  );
}

/** The header's settings: account, preferences, security, the answering model, and Sign Out. */
export function SettingsPopover({ onThemeChange }: { onThemeChange: (theme: Theme) => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const { resolvedTheme } = useTheme();
  const { signOut, isSigningOut } = useSignOut();
  const passwordReset = useRequestPasswordReset({
    mutationConfig: {
      onSuccess: (_data, { email }) => toast.success(t('settings.security.resetSent', { email })),
      onError: (error) => toast.error(getAuthErrorMessage(t, error, t('auth.toasts.resetLinkFailed'))),
    },
  });

  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t('settings.trigger')}>
          <SettingsIcon aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-80 space-y-3" aria-label={t('settings.title')}>
        <Section title={t('settings.account.title')}>
          <p className="truncate text-sm">{user?.email}</p>
          <p className="inline-flex rounded-full bg-primary/15 px-2 py-0.5 font-medium text-primary-text text-xs">
            {t('chat.plan')}
          </p>
          <Button asChild variant="outline" size="sm" className="w-full">
            <Link to={paths.workspace.getHref()}>{t('settings.account.manage')}</Link>
          </Button>
        </Section>
        <Section title={t('settings.preferences.title')}>
          <PreferencesSection isDarkMode={resolvedTheme === 'dark'} onThemeChange={onThemeChange} />
        </Section>
        <Section title={t('settings.security.title')}>
          <div className="grid gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={!user?.email || passwordReset.isPending}
              onClick={() => user?.email && passwordReset.mutate({ email: user.email })}
            >
              {t('settings.security.changePassword')}
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link to={paths.workspace.getHref()}>{t('settings.security.privacy')}</Link>
            </Button>
            <SignOutEverywhereButton />
          </div>
        </Section>
        <Section title={t('settings.model.title')}>
          <AssistantModelLabel />
        </Section>
        <Button variant="ghost" className="w-full justify-start" disabled={isSigningOut} onClick={() => void signOut()}>
          <LogOutIcon aria-hidden="true" />
          {t('userMenu.signOut')}
        </Button>
      </PopoverContent>
    </Popover>
  );
}
