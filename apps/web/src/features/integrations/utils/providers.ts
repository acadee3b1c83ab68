import type { ConnectorProvider } from '@lumen/contract';
import {
  BookOpenIcon,
  BoxIcon,
  CloudIcon,
  HardDriveIcon,
  type LucideIcon,
  MessageSquareIcon,
  NotebookTextIcon,
} from 'lucide-react';

type ProviderDefinition = { name: string; icon: LucideIcon };

/** Each provider's product name (not translated) and icon; the cards follow CONNECTOR_PROVIDERS' order. */
export const PROVIDERS: Record<ConnectorProvider, ProviderDefinition> = {
  'google-drive': { name: 'Google Drive', icon: HardDriveIcon },
  onedrive: { name: 'OneDrive', icon: CloudIcon },
  dropbox: { name: 'Dropbox', icon: BoxIcon },
  slack: { name: 'Slack', icon: MessageSquareIcon },
  notion: { name: 'Notion', icon: NotebookTextIcon },
  confluence: { name: 'Confluence', icon: BookOpenIcon },
};

export function getProviderName(provider: ConnectorProvider): string {
  return PROVIDERS[provider].name;
}
