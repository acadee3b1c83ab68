import type { ClientRealtimeMessage, RealtimeEvent } from '@lumen/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import {
  RealtimeEventsContext,
  RealtimeSendContext,
  RealtimeStatusContext,
  type SubscribeToRealtime,
  useRealtimeStatus,
} from '@/hooks/use-realtime-events';
import {
  DOCUMENTS_QUERY_KEY,
  INTEGRATION_REQUESTS_QUERY_KEY,
  ROLE_QUERY_KEY,
  SHARED_FILES_QUERY_KEY,
  SPACES_QUERY_KEY,
  TASKS_QUERY_KEY,
  TEAM_QUERY_KEY,
} from '@/lib/query-keys';
import { connectRealtime, type RealtimeConnection, type RealtimeStatus } from '@/lib/realtime';

type ChangedResource = Extract<RealtimeEvent, { type: 'changed' }>['resource'];

/** What each "changed" notice makes the app refetch. */
const QUERIES_TO_REFRESH: Record<ChangedResource, ReadonlyArray<readonly string[]>> = {
  tasks: [TASKS_QUERY_KEY],
  shared_files: [SHARED_FILES_QUERY_KEY],
  spaces: [SPACES_QUERY_KEY, TEAM_QUERY_KEY],
  documents: [SPACES_QUERY_KEY, DOCUMENTS_QUERY_KEY],
  team: [TEAM_QUERY_KEY, ROLE_QUERY_KEY],
  integration_requests: [INTEGRATION_REQUESTS_QUERY_KEY],
};

/** Refetches what a "changed" notice names; after a `resync` (the server may have missed events), all of it. */
export function refreshFor(queryClient: QueryClient, event: RealtimeEvent): void {
  if (event.type === 'resync') {
    const everything = new Set(Object.values(QUERIES_TO_REFRESH).flat());
    for (const queryKey of everything) void queryClient.invalidateQueries({ queryKey });
    return;
  }
  if (event.type !== 'changed') return;
  for (const queryKey of QUERIES_TO_REFRESH[event.resource]) void queryClient.invalidateQueries({ queryKey });
}

/**
 * The signed-in app's live connection: team changes pushed by the server refresh the screens that show them, and
 * features listen to every event through `useRealtimeEvents` (one socket for the whole app).
 */
export function RealtimeProvider({
  children,
  connect = connectRealtime,
}: {
  children: ReactNode;
  connect?: () => RealtimeConnection;
}) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<RealtimeStatus>('connecting');
  // The features' listeners outlive a reconnect, so they are kept here rather than on the connection.
  const listenersRef = useRef(new Set<(event: RealtimeEvent) => void>());
  const subscribe = useCallback<SubscribeToRealtime>((listener) => {
    listenersRef.current.add(listener);
    return () => listenersRef.current.delete(listener);
  }, []);
  const connectionRef = useRef<RealtimeConnection | null>(null);
  const send = useCallback((message: ClientRealtimeMessage) => connectionRef.current?.send(message), []);

  useEffect(() => {
    const connection = connect();
    connectionRef.current = connection;
    const stopStatus = connection.onStatus(setStatus);
    const stopEvents = connection.subscribe((event) => {
      refreshFor(queryClient, event);
      for (const listener of listenersRef.current) listener(event);
    });
    return () => {
      stopStatus();
      stopEvents();
      connection.close();
      connectionRef.current = null;
    };
  }, [connect, queryClient]);

  return (
    <RealtimeStatusContext.Provider value={status}>
      <RealtimeEventsContext.Provider value={subscribe}>
        <RealtimeSendContext.Provider value={send}>{children}</RealtimeSendContext.Provider>
      </RealtimeEventsContext.Provider>
    </RealtimeStatusContext.Provider>
  );
}

export { useRealtimeStatus };
