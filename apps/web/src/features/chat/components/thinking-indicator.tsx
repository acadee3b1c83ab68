import type { ThinkingType } from '@lumen/contract';
import { SparklesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AnimatedDots } from './animated-dots';

/**
 * What the assistant is doing right now, by the thinking type its reply reported
 * (docs/product-rules.md#thinking-types).
 */
export function ThinkingIndicator({ type }: { type: ThinkingType }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      data-testid="thinking-indicator"
      data-thinking-type={type}
      className="flex items-center motion-safe:fade-in-0 motion-safe:animate-in gap-2 self-start rounded-2xl bg-muted px-4 py-3 text-muted-foreground text-sm"
    >
      <SparklesIcon aria-hidden="true" className="size-4 text-primary-text motion-safe:animate-pulse" />
      <span>{t(`chat.thinking.${type}`)}</span>
      <AnimatedDots />
    </div>
  );
}
