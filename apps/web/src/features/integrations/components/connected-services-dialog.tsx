import {
  BookOpenIcon,
  BoxIcon,
  CloudIcon,
  HardDriveIcon,
  type LucideIcon,
  MessageSquareIcon,
  NotebookTextIcon,
  PlugIcon,
  PlusIcon,
} from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';

type IntegrationCard = {
  id: 'google-drive' | 'onedrive' | 'dropbox' | 'slack' | 'notion' | 'confluence' | 'custom-request';
  name: string;
  icon: LucideIcon;
  isCustomRequest?: boolean;
};

/** The integrations, in the order of docs/product-rules.md#integrations. */
const INTEGRATIONS: IntegrationCard[] = [
  { id: 'google-drive', name: 'Google Drive', icon: HardDriveIcon },
  { id: 'onedrive', name: 'OneDrive', icon: CloudIcon },
  { id: 'dropbox', name: 'Dropbox', icon: BoxIcon },
  { id: 'slack', name: 'Slack', icon: MessageSquareIcon },
  { id: 'notion', name: 'Notion', icon: NotebookTextIcon },
  { id: 'confluence', name: 'Confluence', icon: BookOpenIcon },
  { id: 'custom-request', name: '', icon: PlusIcon, isCustomRequest: true },
];

/**
 * The connected-services dialog: one card per integration. Connecting needs each integration to be configured by an
 * administrator first (a later issue), so the actions are disabled and the dialog says why; nothing is simulated.
 */
export function ConnectedServicesDialog() {
  const { t } = useTranslation();
  const noteId = useId();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={setIsOpen}
      title={t('integrations.title')}
      description={t('integrations.description')}
      className="sm:max-w-2xl"
      trigger={
        <Button variant="ghost" size="icon" aria-label={t('integrations.trigger')}>
          <PlugIcon aria-hidden="true" />
        </Button>
      }
    >
      <p id={noteId} className="rounded-md border border-dashed px-3 py-2 text-muted-foreground text-sm">
        {t('integrations.adminNote')}
      </p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {INTEGRATIONS.map((integration) => {
          const Icon = integration.icon;
          const name = integration.isCustomRequest ? t('integrations.customRequest.name') : integration.name;
          return (
            <li
              key={integration.id}
              data-testid={`integration-${integration.id}`}
              className="flex gap-3 rounded-lg border p-3"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary-text">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <div>
                  <h3 className="font-medium text-sm">{name}</h3>
                  <p className="text-muted-foreground text-xs">{t(`integrations.descriptions.${integration.id}`)}</p>
                </div>
                <Button size="sm" variant="outline" className="self-start" disabled aria-describedby={noteId}>
                  {integration.isCustomRequest ? t('integrations.customRequest.action') : t('integrations.connect')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </FormDialog>
  );
}
