import { DEFAULT_USER_PREFERENCES, LANGUAGES, type Language, type UserPreferences } from '@lumen/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { changeLanguage, isLanguage } from '@/lib/i18n';

type PreferenceChanges = Partial<UserPreferences>;

type PreferencesFormProps = {
  /** The saved preferences; the defaults (both switches on) show until they load. */
  preferences: UserPreferences | undefined;
  isLoading: boolean;
  savePreferences: (changes: PreferenceChanges) => Promise<unknown>;
};

function withoutKeys(changes: PreferenceChanges, keys: readonly string[]): PreferenceChanges {
  return Object.fromEntries(Object.entries(changes).filter(([key]) => !keys.includes(key)));
}

/**
 * App Language, Email Notifications and Auto-save Documents, each saved as soon as it changes. A change shows at once
 * and goes back, with a toast, when it cannot be saved; a control waits while its own change is being saved.
 */
export function PreferencesForm({ preferences, isLoading, savePreferences }: PreferencesFormProps) {
  const { t, i18n } = useTranslation('workspace');
  const ids = { language: useId(), emailNotifications: useId(), autoSave: useId() };
  /** Changes on their way to the server, shown in the meantime. */
  const [unsaved, setUnsaved] = useState<PreferenceChanges>({});
  const saved = preferences ?? DEFAULT_USER_PREFERENCES;
  const language: Language = unsaved.language ?? (isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en');
  const emailNotifications = unsaved.emailNotifications ?? saved.emailNotifications;
  const autoSaveDocuments = unsaved.autoSaveDocuments ?? saved.autoSaveDocuments;

  const save = async (changes: PreferenceChanges): Promise<boolean> => {
    setUnsaved((current) => ({ ...current, ...changes }));
    try {
      await savePreferences(changes);
      return true;
    } catch (error) {
      console.error('Failed to save preferences:', error);
      toast.error(t('settings.saveFailed'));
      return false;
    } finally {
      setUnsaved((current) => withoutKeys(current, Object.keys(changes)));
    }
  };

  const selectLanguage = async (next: Language) => {
    const previous = language;
    setUnsaved((current) => ({ ...current, language: next }));
    try {
      await changeLanguage(next);
    } catch (error) {
      console.error('Failed to change language:', error);
    }
    const isSaved = await save({ language: next });
    if (!isSaved) {
      await changeLanguage(previous).catch((error: unknown) => console.error('Failed to change language:', error));
    }
  };

  return (
    <div className="grid gap-5">
      <div className="grid gap-2">
        <Label htmlFor={ids.language}>{t('settings.appLanguage')}</Label>
        <NativeSelect
          id={ids.language}
          value={language}
          disabled={unsaved.language !== undefined}
          onChange={(event) => {
            const { value } = event.target;
            if (isLanguage(value) && value !== language) void selectLanguage(value);
          }}
        >
          {LANGUAGES.map((option) => (
            <option key={option} value={option}>
              {t(`settings.languages.${option}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex items-center justify-between gap-4">
        <Label htmlFor={ids.emailNotifications}>{t('settings.emailNotifications')}</Label>
        <Switch
          id={ids.emailNotifications}
          checked={emailNotifications}
          disabled={isLoading || unsaved.emailNotifications !== undefined}
          onCheckedChange={(checked) => void save({ emailNotifications: checked })}
        />
      </div>
      <div className="flex items-center justify-between gap-4">
        <Label htmlFor={ids.autoSave}>{t('settings.autoSave')}</Label>
        <Switch
          id={ids.autoSave}
          checked={autoSaveDocuments}
          disabled={isLoading || unsaved.autoSaveDocuments !== undefined}
          onCheckedChange={(checked) => void save({ autoSaveDocuments: checked })}
        />
      </div>
    </div>
  );
}
