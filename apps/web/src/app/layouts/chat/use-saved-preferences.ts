import type { Theme } from '@lumen/contract';
import { useCallback, useEffect, useRef } from 'react';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { usePreferences } from '@/features/preferences/api/get-preferences';
import { useUpdatePreferences } from '@/features/preferences/api/update-preferences';
import { useTheme } from '@/features/theme/hooks/use-theme';
import { changeLanguage, i18n } from '@/lib/i18n';
import { storage } from '@/lib/storage';

/**
 * The user's saved preferences follow them: applied once when they load (language, theme, notifications), and a
 * theme chosen with the header's toggle is saved too. Returns the theme setter for the settings popover, whose own
 * save already covers the theme it sets.
 */
export function useSavedPreferences(): (theme: Theme) => void {
  const { data: preferences } = usePreferences();
  const { theme, setTheme } = useTheme();
  const update = useUpdatePreferences();
  const { mutate: savePreferences } = update;
  /** The theme the server has (or is being sent); null until the saved preferences are known. */
  const syncedTheme = useRef<Theme | null>(null);

  useEffect(() => {
    if (!preferences || syncedTheme.current !== null) return;
    syncedTheme.current = preferences.theme;
    setTheme(preferences.theme);
    storage.set(STORAGE_KEYS.notifications, String(preferences.notificationsEnabled));
    if (preferences.language !== i18n.resolvedLanguage) {
      changeLanguage(preferences.language).catch((error: unknown) => console.error('Failed to apply language:', error));
    }
  }, [preferences, setTheme]);

  useEffect(() => {
    if (syncedTheme.current === null || syncedTheme.current === theme) return;
    syncedTheme.current = theme;
    savePreferences({ theme });
  }, [theme, savePreferences]);

  return useCallback(
    (next: Theme) => {
      if (syncedTheme.current !== null) syncedTheme.current = next;
      setTheme(next);
    },
    [setTheme],
  );
}
