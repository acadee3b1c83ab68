import { PlugIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { loadNamespaces } from '@/lib/i18n';
import type { ConnectedServicesPanelProps } from './connected-services-panel';

// The cards, their requests and texts load when the dialog first opens, never with the screen that shows the button.
const ConnectedServicesPanel = lazy(async () => {
  const [{ ConnectedServicesPanel: Panel }] = await Promise.all([
    import('./connected-services-panel'),
    loadNamespaces(['integrations']),
  ]);
  return { default: Panel };
});

type ConnectedServicesDialogProps = ConnectedServicesPanelProps & {
  /** 'icon' in the chat header; 'button' (icon and label) where there is room, as in the workspace header. */
  triggerVariant?: 'icon' | 'button';
};

/** The connected-services dialog (spec 000 section 2): one card per integration, opened from its trigger button. */
export function ConnectedServicesDialog({ triggerVariant = 'icon', ...panelProps }: ConnectedServicesDialogProps) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={setIsOpen}
      title={t('integrations.title')}
      description={t('integrations.description')}
      className="sm:max-w-2xl"
      trigger={
        triggerVariant === 'icon' ? (
          <Button variant="ghost" size="icon" aria-label={t('integrations.trigger')}>
            <PlugIcon aria-hidden="true" />
          </Button>
        ) : (
          <Button variant="outline" size="sm">
            <PlugIcon aria-hidden="true" />
            {t('integrations.trigger')}
          </Button>
        )
      }
    >
      <Suspense
        fallback={
          <div className="flex justify-center py-8">
            <Spinner label={t('common.loading')} className="size-6 text-muted-foreground" />
          </div>
        }
      >
        <ConnectedServicesPanel {...panelProps} />
      </Suspense>
    </FormDialog>
  );
}
