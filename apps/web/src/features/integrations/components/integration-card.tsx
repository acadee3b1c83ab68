import type { Integration } from '@lumen/contract';
import { RefreshCwIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format-date';
import { cn } from '@/lib/utils';
import { type CardState, hasConnection } from '../utils/card-state';
import { PROVIDERS } from '../utils/providers';
import { IntegrationCardFrame } from './integration-card-frame';
import { SyncFailures } from './sync-failures';
import { SyncProgress } from './sync-progress';

const STATE_TEXT_KEYS = {
  'not-configured': 'state.notConfigured',
  disconnected: 'state.disconnected',
  connecting: 'state.connecting',
  connected: 'state.connected',
  syncing: 'state.syncing',
  'needs-reconnect': 'state.needsReconnect',
  error: 'state.error',
} as const satisfies Record<CardState, string>;

const STATE_TONES: Record<CardState, string> = {
  'not-configured': 'text-muted-foreground',
  disconnected: 'text-muted-foreground',
  connecting: 'text-amber-700 dark:text-amber-400',
  connected: 'text-green-700 dark:text-green-400',
  syncing: 'text-primary-text',
  'needs-reconnect': 'text-destructive',
  error: 'text-destructive',
};

type IntegrationCardProps = {
  integration: Integration;
  state: CardState;
  onConnect: () => void;
  onSync: () => void;
  isSyncRequested: boolean;
  /** Runs after the user confirmed; the confirmation stays open until it settles. */
  onDisconnect: () => Promise<unknown>;
};

/** One provider: what it is, its state, and the action the state allows (Connect, Reconnect, Sync now, Disconnect). */
export function IntegrationCard({
  integration,
  state,
  onConnect,
  onSync,
  isSyncRequested,
  onDisconnect,
}: IntegrationCardProps) {
  const { t } = useTranslation('integrations');
  const headingId = useId();
  const { name, icon } = PROVIDERS[integration.provider];
  return (
    <IntegrationCardFrame
      id={integration.provider}
      headingId={headingId}
      name={name}
      description={t(`descriptions.${integration.provider}`)}
      icon={icon}
      status={
        // A polite live region: Connecting..., Connected, Syncing... are announced as they change.
        <span role="status" aria-atomic="true" className={cn('font-medium text-xs', STATE_TONES[state])}>
          {t(STATE_TEXT_KEYS[state])}
        </span>
      }
    >
      {state === 'not-configured' ? <NotConfigured variables={integration.missingVariables} /> : null}
      {state === 'needs-reconnect' ? (
        <p className="text-destructive text-xs">{t('needsReconnect', { platform: name })}</p>
      ) : null}
      {hasConnection(state) ? <ConnectionDetails integration={integration} isSyncing={state === 'syncing'} /> : null}
      {(state === 'error' || state === 'needs-reconnect') && integration.lastError ? (
        <p className="text-destructive text-xs">{integration.lastError}</p>
      ) : null}
      {state === 'not-configured' ? null : (
        <div className="flex flex-wrap gap-2">
          {state === 'disconnected' ? (
            <Button size="sm" variant="outline" aria-describedby={headingId} onClick={onConnect}>
              {t('connect')}
            </Button>
          ) : null}
          {state === 'connecting' ? (
            <Button size="sm" variant="outline" aria-describedby={headingId} disabled>
              <Spinner />
              {t('state.connecting')}
            </Button>
          ) : null}
          {state === 'needs-reconnect' ? (
            <Button size="sm" aria-describedby={headingId} onClick={onConnect}>
              {t('reconnect')}
            </Button>
          ) : null}
          {hasConnection(state) ? (
            <Button
              size="sm"
              variant="outline"
              aria-describedby={headingId}
              disabled={state === 'syncing' || isSyncRequested}
              onClick={onSync}
            >
              {state === 'syncing' || isSyncRequested ? <Spinner /> : <RefreshCwIcon aria-hidden="true" />}
              {state === 'syncing' ? t('state.syncing') : t('syncNow')}
            </Button>
          ) : null}
          {hasConnection(state) || state === 'needs-reconnect' ? (
            <ConfirmDialog
              title={t('confirmDisconnect.title', { platform: name })}
              description={t('confirmDisconnect.description', { platform: name })}
              confirmLabel={t('confirmDisconnect.confirm')}
              onConfirm={onDisconnect}
              trigger={
                <Button size="sm" variant="ghost" aria-describedby={headingId}>
                  {t('disconnect')}
                </Button>
              }
            />
          ) : null}
        </div>
      )}
    </IntegrationCardFrame>
  );
}

function NotConfigured({ variables }: { variables: readonly string[] }) {
  const { t } = useTranslation('integrations');
  return (
    <div className="grid gap-1 text-muted-foreground text-xs">
      <p>{t('notConfigured')}</p>
      <ul className="flex flex-wrap gap-1">
        {variables.map((variable) => (
          <li key={variable}>
            <code className="rounded bg-muted px-1 py-0.5 font-mono">{variable}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ConnectionDetails({ integration, isSyncing }: { integration: Integration; isSyncing: boolean }) {
  const { t, i18n } = useTranslation('integrations');
  const { name } = PROVIDERS[integration.provider];
  const account = integration.account?.email ?? integration.account?.name;
  const { counts } = integration;
  return (
    <div className="grid gap-1 text-xs">
      {account ? <p className="truncate">{t('account', { account })}</p> : null}
      <p className="text-muted-foreground">
        {integration.lastSyncedAt
          ? t('lastSynced', { time: formatDateTime(integration.lastSyncedAt, i18n.language) })
          : t('neverSynced')}
      </p>
      {isSyncing ? (
        <SyncProgress platform={name} counts={counts} />
      ) : (
        <p className="text-muted-foreground">
          {t('counts', { seen: counts.seen, indexed: counts.indexed, failed: counts.failed })}
        </p>
      )}
      {counts.failed > 0 ? (
        <SyncFailures provider={integration.provider} platform={name} failedCount={counts.failed} />
      ) : null}
    </div>
  );
}
