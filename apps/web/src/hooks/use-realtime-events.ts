import type { ClientRealtimeMessage, RealtimeEvent } from '@lumen/contract';
import { createContext, useContext, useEffect, useRef } from 'react';
import type { RealtimeStatus } from '@/lib/realtime';

type RealtimeListener = (event: RealtimeEvent) => void;

/** Adds a listener to the app's one realtime connection; returns the function that removes it. */
export type SubscribeToRealtime = (listener: RealtimeListener) => () => void;

/**
 * The signed-in app's realtime subscription (app/realtime/realtime-provider.tsx provides it). A feature listens through
 * it instead of opening a socket of its own; outside the provider there is nothing to listen to.
 */
export const RealtimeEventsContext = createContext<SubscribeToRealtime | null>(null);

/** Calls `listener` for every event the server pushes while the component is mounted (always the latest listener). */
export function useRealtimeEvents(listener: RealtimeListener): void {
  const subscribe = useContext(RealtimeEventsContext);
  const listenerRef = useRef(listener);
  useEffect(() => {
    listenerRef.current = listener;
  });
  useEffect(() => subscribe?.((event) => listenerRef.current(event)), [subscribe]);
}

/** The app's realtime connection state (app/realtime/realtime-provider.tsx provides it); null outside the signed-in app. */
export const RealtimeStatusContext = createContext<RealtimeStatus | null>(null);

/** Live / Reconnecting / Offline, or null outside the signed-in app. */
export function useRealtimeStatus(): RealtimeStatus | null {
  return useContext(RealtimeStatusContext);
}

/** Sends a message over the app's realtime connection (RealtimeProvider provides it); a no-op outside it. */
export const RealtimeSendContext = createContext<(message: ClientRealtimeMessage) => void>(() => {});

export function useRealtimeSend(): (message: ClientRealtimeMessage) => void {
  return useContext(RealtimeSendContext);
}
