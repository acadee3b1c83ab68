import 'i18next';
import type { DocumentFailureKey } from '@lumen/contract';
import type { TranslatedReason } from '@/lib/translated-reasons';
import type analytics from '@/locales/analytics/en.json';
import type assets from '@/locales/assets/en.json';
import type audit from '@/locales/audit/en.json';
import type dashboards from '@/locales/dashboards/en.json';
import type en from '@/locales/en.json';
import type enApp from '@/locales/en-app.json';
import type integrations from '@/locales/integrations/en.json';
import type spaces from '@/locales/spaces/en.json';
import type teamChat from '@/locales/teamChat/en.json';
import type teamManagement from '@/locales/teamManagement/en.json';
import type teams from '@/locales/teams/en.json';
import type workspace from '@/locales/workspace/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en &
        typeof enApp & {
          serverErrors: Record<TranslatedReason, string>;
          documents: { failures: Record<DocumentFailureKey, string> };
        };
      teams: typeof teams;
      workspace: typeof workspace;
      teamManagement: typeof teamManagement;
      dashboards: typeof dashboards;
      spaces: typeof spaces;
      assets: typeof assets;
      integrations: typeof integrations;
      teamChat: typeof teamChat;
      audit: typeof audit;
      analytics: typeof analytics;
    };
  }
}
