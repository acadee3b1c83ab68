import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Logo } from '@/components/logo';
import { PublicHeader } from '@/components/public-header';
import { SkipLink } from '@/components/skip-link';
import { paths } from '@/config/paths';
import { SKIP_TARGETS } from '@/config/ui';

/** Sign-in, sign-up and invitation pages: a slim header and a centred column. */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink targetId={SKIP_TARGETS.main}>{t('common.skipToMain')}</SkipLink>
      <PublicHeader logo={<Logo to={paths.home.getHref()} />} />
      <main
        id={SKIP_TARGETS.main}
        tabIndex={-1}
        className="flex flex-1 items-start justify-center px-4 py-10 outline-none sm:items-center"
      >
        <Outlet />
      </main>
    </div>
  );
}
