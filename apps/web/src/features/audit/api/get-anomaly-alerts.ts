import { type AnomalyAlert, type AnomalyAlertList, anomalyAlertListSchema } from '@lumen/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvents } from '@/hooks/use-realtime-events';
import { api } from '@/lib/api-client';
import { auditKeys } from './keys';

/** GET /api/audit/alerts: the team's open anomaly alerts, newest first (team admins only). */
export async function getAnomalyAlerts(signal?: AbortSignal): Promise<AnomalyAlertList> {
  return anomalyAlertListSchema.parse(await api.get<unknown>('/audit/alerts', { signal }));
}

export function getAnomalyAlertsQueryOptions() {
  return queryOptions({ queryKey: auditKeys.alerts, queryFn: ({ signal }) => getAnomalyAlerts(signal) });
}

function createdTime(alert: AnomalyAlert): number {
  const time = Date.parse(alert.createdAt);
  return Number.isNaN(time) ? 0 : time;
}

/**
 * The open alerts once the server said `alert` changed: an open one is new or grew (it replaces the one of its id, the
 * list kept newest first by `createdAt`); a resolved one leaves the list.
 */
export function applyAlertChange(list: AnomalyAlertList, alert: AnomalyAlert): AnomalyAlertList {
  const others = list.alerts.filter((item) => item.id !== alert.id);
  if (alert.status !== 'open') return { alerts: others };
  // A stable sort: alerts of the same moment keep their order, the changed one first among them.
  const alerts = [alert, ...others].sort((a, b) => createdTime(b) - createdTime(a));
  return { alerts };
}

/** The cached list without the alert of `id` (resolved here or elsewhere). */
export function withoutAlert(list: AnomalyAlertList, id: string): AnomalyAlertList {
  return { alerts: list.alerts.filter((alert) => alert.id !== id) };
}

/**
 * The team's open anomaly alerts: read once, then kept current by the `anomaly_alert` events the server pushes to the
 * team's admins, and read again after a `resync` (the server may have missed events).
 */
export function useAnomalyAlerts() {
  const queryClient = useQueryClient();
  useRealtimeEvents((event) => {
    if (event.type === 'anomaly_alert') {
      if (queryClient.getQueryData<AnomalyAlertList>(auditKeys.alerts)) {
        queryClient.setQueryData<AnomalyAlertList>(auditKeys.alerts, (list) =>
          list ? applyAlertChange(list, event.alert) : list,
        );
      } else {
        // Nothing read yet (or the read failed): read the list again rather than miss the change.
        void queryClient.invalidateQueries({ queryKey: auditKeys.alerts });
      }
    } else if (event.type === 'resync') {
      void queryClient.invalidateQueries({ queryKey: auditKeys.alerts });
    }
  });
  return useQuery(getAnomalyAlertsQueryOptions());
}
