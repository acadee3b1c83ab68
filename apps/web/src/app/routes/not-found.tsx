import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';

export function NotFoundRoute() {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="font-bold text-6xl">{t('notFound.code')}</h1>
      <p className="text-muted-foreground text-xl">{t('notFound.message')}</p>
      <Link
        to={paths.home.getHref()}
        className="text-primary-text underline underline-offset-4 hover:text-primary-text/80"
      >
        {t('notFound.returnHome')}
      </Link>
    </main>
  );
}
