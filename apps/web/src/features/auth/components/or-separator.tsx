import { useTranslation } from 'react-i18next';

export function OrSeparator() {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-3 text-muted-foreground text-xs uppercase">
      <span className="h-px flex-1 bg-border" />
      {t('common.or')}
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}
