import { LightbulbIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CHAT } from '@/config/ui';
import { cn } from '@/lib/utils';
import { useRotatingIndex } from '../hooks/use-rotating-index';

const HINT_KEYS = [
  'chat.hints.attach',
  'chat.hints.question',
  'chat.hints.summarize',
  'chat.hints.find',
  'chat.hints.shortcut',
] as const;

/** A tip that changes every 3 seconds. */
export function WelcomeHints({ className }: { className?: string }) {
  const { t } = useTranslation();
  const index = useRotatingIndex(HINT_KEYS.length, CHAT.welcomeHintIntervalMs);
  const key = HINT_KEYS[index] ?? HINT_KEYS[0];
  return (
    <p
      aria-live="polite"
      data-testid="welcome-hint"
      className={cn('flex items-center justify-center gap-2 text-muted-foreground text-sm', className)}
    >
      <LightbulbIcon aria-hidden="true" className="size-4 shrink-0 text-primary-text" />
      <span key={key} className="fade-in-0 animate-in duration-500">
        {t(key)}
      </span>
    </p>
  );
}
