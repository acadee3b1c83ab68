import { ArrowRightIcon, UserPlusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';

export function LandingHero() {
  const { t } = useTranslation();
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="-z-10 absolute inset-x-0 top-0 h-[32rem] bg-[radial-gradient(ellipse_at_top,var(--color-primary)_0%,transparent_65%)] opacity-20"
      />
      <div className="mx-auto grid max-w-4xl justify-items-center gap-6 px-4 py-24 text-center sm:py-32">
        <h1 className="text-balance font-bold text-4xl tracking-tight sm:text-6xl">{t('landing.headline')}</h1>
        <p className="max-w-2xl text-balance text-lg text-muted-foreground sm:text-xl">{t('landing.subline')}</p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <a href={paths.auth.getHref('signup')} className={buttonVariants({ size: 'lg' })}>
            {t('landing.adminGetStarted')}
            <ArrowRightIcon aria-hidden="true" />
          </a>
          <a href={paths.employeeSignup.getHref()} className={buttonVariants({ size: 'lg', variant: 'outline' })}>
            <UserPlusIcon aria-hidden="true" />
            {t('landing.employeeSignUp')}
          </a>
        </div>
      </div>
    </section>
  );
}
