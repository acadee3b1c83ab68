import { type AnomalyAlert, type AnomalyAlertList, anomalyAlertSchema } from '@lumen/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { withoutAlert } from './get-anomaly-alerts';
import { auditKeys } from './keys';

/** POST /api/audit/alerts/:id/resolve: the alert, now resolved (404 ANOMALY_ALERT_NOT_FOUND for an unknown id). */
export async function resolveAnomalyAlert(id: string): Promise<AnomalyAlert> {
  return anomalyAlertSchema.parse(await api.post<unknown>(`/audit/alerts/${encodeURIComponent(id)}/resolve`));
}

/** Resolves an alert; once the server has, it leaves the cached list of open alerts (on failure it stays). */
export function useResolveAnomalyAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveAnomalyAlert,
    onSuccess: (_resolved, id) => {
      queryClient.setQueryData<AnomalyAlertList>(auditKeys.alerts, (list) => (list ? withoutAlert(list, id) : list));
    },
  });
}
