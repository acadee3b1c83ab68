import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SkipLink } from '@/components/skip-link';
import { paths } from '@/config/paths';
import { SKIP_TARGETS } from '@/config/ui';

export function NotFoundRoute() {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <>
      <SkipLink targetId={SKIP_TARGETS.main}>{t('common.skipToMain')}</SkipLink>
      <main
        id={SKIP_TARGETS.main}
        tabIndex={-1}
        className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center outline-none"
      >
        <h1 className="font-bold text-6xl">{t('notFound.code')}</h1>
        <p className="text-muted-foreground text-xl">{t('notFound.message')}</p>
        <Link
          to={paths.home.getHref()}
          className="text-primary-text underline underline-offset-4 hover:text-primary-text/80"
        >
          {t('notFound.returnHome')}
        </Link>
      </main>
    </>
  );
}
