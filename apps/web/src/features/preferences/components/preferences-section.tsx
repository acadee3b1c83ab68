import type { Language, Theme, UserPreferences } from '@lumen/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { changeLanguage, isLanguage } from '@/lib/i18n';
import { storage } from '@/lib/storage';
import { usePreferences } from '../api/get-preferences';
import { useUpdatePreferences } from '../api/update-preferences';

/**
 * The languages the settings popover offers (docs/product-rules.md#workspace-and-dashboard); the current one is added
 * when it is another.
 */
const POPOVER_LANGUAGES: Language[] = ['en', 'es', 'fr'];

type PreferencesSectionProps = {
  isDarkMode: boolean;
  /** Applies a theme chosen here (the theme itself lives outside this feature). */
  onThemeChange: (theme: Theme) => void;
};

/** Language, notifications and dark mode: applied at once and saved for the user (PUT /api/me/preferences). */
export function PreferencesSection({ isDarkMode, onThemeChange }: PreferencesSectionProps) {
  const { t, i18n } = useTranslation();
  const ids = { language: useId(), notifications: useId(), darkMode: useId() };
  const { data: preferences } = usePreferences();
  const update = useUpdatePreferences({
    mutationConfig: { onError: () => toast.error(t('preferences.saveFailed')) },
  });

  const language: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const languages = POPOVER_LANGUAGES.includes(language) ? POPOVER_LANGUAGES : [...POPOVER_LANGUAGES, language];
  // Optimistic: a change shows at once, and goes back if it cannot be saved.
  const pendingNotifications = update.isPending ? update.variables?.notificationsEnabled : undefined;
  const isNotificationsEnabled =
    pendingNotifications ?? preferences?.notificationsEnabled ?? storage.get(STORAGE_KEYS.notifications) !== 'false';

  const save = (changes: Partial<UserPreferences>) => update.mutate(changes);

  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={ids.language}>{t('preferences.language')}</Label>
        <select
          id={ids.language}
          value={language}
          onChange={(event) => {
            const { value } = event.target;
            if (!isLanguage(value)) return;
            changeLanguage(value).catch((error: unknown) => console.error('Failed to change language:', error));
            save({ language: value });
          }}
          className="h-8 rounded-md border border-input bg-transparent px-2 text-sm dark:bg-input/30 [&>option]:bg-popover [&>option]:text-popover-foreground"
        >
          {languages.map((option) => (
            <option key={option} value={option}>
              {t(`preferences.languages.${option}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={ids.notifications}>{t('preferences.notifications')}</Label>
        <Switch
          id={ids.notifications}
          checked={isNotificationsEnabled}
          onCheckedChange={(checked) => {
            storage.set(STORAGE_KEYS.notifications, String(checked));
            save({ notificationsEnabled: checked });
          }}
        />
      </div>
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={ids.darkMode}>{t('preferences.darkMode')}</Label>
        <Switch
          id={ids.darkMode}
          checked={isDarkMode}
          onCheckedChange={(checked) => {
            const theme: Theme = checked ? 'dark' : 'light';
            onThemeChange(theme);
            save({ theme });
          }}
        />
      </div>
    </div>
  );
}
