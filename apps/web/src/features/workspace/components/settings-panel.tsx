import type { Role, UserPreferences } from '@lumen/contract';
import { InfoIcon, LogOutIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PreferencesForm } from './preferences-form';

/** Read-only fields look it: no input background to type into. */
const READ_ONLY_CLASS_NAME = 'cursor-default bg-muted text-muted-foreground shadow-none dark:bg-muted';

type SettingsPanelProps = {
  workspaceName: string;
  role: Role | null;
  preferences: UserPreferences | undefined;
  isPreferencesPending: boolean;
  /** Saves a change of the user's preferences (PUT /api/me/preferences); rejects when it could not be saved. */
  savePreferences: (changes: Partial<UserPreferences>) => Promise<unknown>;
  onSignOut: () => void;
  isSigningOut: boolean;
};

/**
 * Settings: the workspace's name and the user's role, read-only (only the workspace administrator changes them), the
 * user's own preferences, and Sign Out.
 */
export function SettingsPanel({
  workspaceName,
  role,
  preferences,
  isPreferencesPending,
  savePreferences,
  onSignOut,
  isSigningOut,
}: SettingsPanelProps) {
  const { t } = useTranslation(['workspace', 'teams']);
  const ids = { name: useId(), role: useId() };

  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
      <Card className="gap-4">
        <CardHeader>
          <CardTitle className="text-lg">
            <h2>{t('settings.workspace')}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Field>
            <Label htmlFor={ids.name}>{t('settings.workspaceName')}</Label>
            <Input id={ids.name} readOnly value={workspaceName} className={READ_ONLY_CLASS_NAME} />
          </Field>
          <Field>
            <Label htmlFor={ids.role}>{t('settings.yourRole')}</Label>
            <Input
              id={ids.role}
              readOnly
              value={t(`teams:roles.${role ?? 'member'}`)}
              className={READ_ONLY_CLASS_NAME}
            />
          </Field>
          <p className="flex items-start gap-2 rounded-lg bg-muted p-3 text-muted-foreground text-sm">
            <InfoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t('settings.adminNote')}
          </p>
        </CardContent>
      </Card>
      <div className="grid content-start gap-6">
        <Card className="gap-4">
          <CardHeader>
            <CardTitle className="text-lg">
              <h2>{t('settings.preferences')}</h2>
            </CardTitle>
            <CardDescription>{t('settings.preferencesDescription')}</CardDescription>
          </CardHeader>
          <CardContent>
            <PreferencesForm
              preferences={preferences}
              isLoading={isPreferencesPending}
              savePreferences={savePreferences}
            />
          </CardContent>
        </Card>
        <Card className="gap-4">
          <CardHeader>
            <CardTitle className="text-lg">
              <h2>{t('settings.account')}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <Button variant="outline" disabled={isSigningOut} onClick={onSignOut}>
              <LogOutIcon aria-hidden="true" />
              {t('settings.signOut')}
            </Button>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
