import { LANGUAGES } from '@lumen/contract';
import { LanguagesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage } from '@/lib/i18n';

/**
 * A compact native select for the UI language; the choice is stored (STORAGE_KEYS.language). Part of the landing page,
 * which loads no tailwind-merge: its classes are chosen here, not merged with a caller's.
 */
export function LanguageSelect({ isHiddenOnSmallScreens = false }: { isHiddenOnSmallScreens?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <div className={isHiddenOnSmallScreens ? 'relative hidden items-center sm:flex' : 'relative flex items-center'}>
      <LanguagesIcon aria-hidden="true" className="pointer-events-none absolute left-2 size-4 text-muted-foreground" />
      <select
        aria-label={t('common.language')}
        value={current}
        onChange={(event) => {
          const { value } = event.target;
          if (isLanguage(value)) {
            changeLanguage(value).catch((error: unknown) => console.error('Failed to change language:', error));
          }
        }}
        className="h-9 appearance-none rounded-md border border-input bg-transparent py-1 pr-3 pl-8 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:ring-ring dark:bg-input/30 [&>option]:bg-popover [&>option]:text-popover-foreground"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {t(`languages.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
