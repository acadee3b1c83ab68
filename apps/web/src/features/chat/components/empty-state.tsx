import { SparklesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { WelcomeHints } from './welcome-hints';

/** A conversation with no messages yet. */
export function EmptyState() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-0 flex-1 flex-col items-center justify-center gap-4 px-4 text-center">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-primary/15 text-primary-text">
        <SparklesIcon aria-hidden="true" className="size-6" />
      </span>
      <h2 className="font-semibold text-2xl tracking-tight">{t('chat.empty.title')}</h2>
      <p className="max-w-md text-muted-foreground">{t('chat.empty.hint')}</p>
      <WelcomeHints className="mt-2" />
    </div>
  );
}
