import { SparklesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The classes of a link made of the logo. */
export const LOGO_LINK_CLASS = 'flex items-center gap-2 rounded-md font-semibold text-lg';

/** The product mark and name: the inside of every logo link. */
export function LogoMark() {
  const { t } = useTranslation();
  return (
    <>
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <SparklesIcon aria-hidden="true" className="size-4" />
      </span>
      <span>{t('common.productName')}</span>
    </>
  );
}

/** The logo as a plain link, for a page rendered outside the router (the landing page). */
export function LogoAnchor({ href }: { href: string }) {
  const { t } = useTranslation();
  return (
    <a href={href} aria-label={t('common.homeLink')} className={LOGO_LINK_CLASS}>
      <LogoMark />
    </a>
  );
}
