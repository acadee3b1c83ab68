import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { SkipLink } from '@/components/skip-link';
import { Button } from '@/components/ui/button';
import { SKIP_TARGETS } from '@/config/ui';

function getErrorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return '';
}

/** The router's fallback for anything a screen throws. */
export function RouteErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  const message = getErrorMessage(error);

  useEffect(() => {
    console.error('Route error:', error);
  }, [error]);

  return (
    <>
      <SkipLink targetId={SKIP_TARGETS.main}>{t('common.skipToMain')}</SkipLink>
      <main
        id={SKIP_TARGETS.main}
        tabIndex={-1}
        className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center outline-none"
      >
        <h1 className="font-bold text-2xl">{t('errorBoundary.title')}</h1>
        {message ? (
          <pre className="max-w-2xl whitespace-pre-wrap rounded-md bg-muted p-4 text-left text-sm">{message}</pre>
        ) : null}
        <Button variant="outline" onClick={() => window.location.reload()}>
          {t('errorBoundary.reload')}
        </Button>
      </main>
    </>
  );
}
