import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/lib/utils';
import { LOGO_LINK_CLASS, LogoMark } from './logo-mark';

type LogoProps = {
  to: string;
  className?: string;
};

/** The product mark and name, linking home (or to the app's start page when signed in). */
export function Logo({ to, className }: LogoProps) {
  const { t } = useTranslation();
  return (
    <Link to={to} aria-label={t('common.homeLink')} className={cn(LOGO_LINK_CLASS, className)}>
      <LogoMark />
    </Link>
  );
}
