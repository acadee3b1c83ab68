import { SearchXIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The screen of a space that does not exist or that the user may not see (the server answers 404 for both). */
export function SpaceNotFound({ action }: { action?: ReactNode }) {
  const { t } = useTranslation('spaces');
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-16 text-center">
      <SearchXIcon className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="font-semibold text-2xl tracking-tight">{t('notFound')}</h1>
      <p className="text-muted-foreground">{t('notFoundDescription')}</p>
      {action}
    </div>
  );
}
