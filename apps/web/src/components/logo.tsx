import { SparklesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/lib/utils';

type LogoProps = {
  to: string;
  className?: string;
};

/** The product mark and name, linking home (or to the app's start page when signed in). */
export function Logo({ to, className }: LogoProps) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      aria-label={t('common.homeLink')}
      className={cn('flex items-center gap-2 rounded-md font-semibold text-lg', className)}
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <SparklesIcon aria-hidden="true" className="size-4" />
      </span>
      <span>{t('common.productName')}</span>
    </Link>
  );
}
