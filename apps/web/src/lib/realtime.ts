import { type ClientRealtimeMessage, type RealtimeEvent, realtimeEventSchema } from '@lumen/contract';
import { INTEGRATIONS } from '@/config/ui';

export type RealtimeStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';

type Listener = (event: RealtimeEvent) => void;
type StatusListener = (status: RealtimeStatus) => void;

export interface RealtimeConnection {
  subscribe(listener: Listener): () => void;
  /** Sends a message to the server when the socket is open (dropped otherwise: such messages are transient). */
  send(message: ClientRealtimeMessage): void;
  onStatus(listener: StatusListener): () => void;
  status(): RealtimeStatus;
  close(): void;
}

/** WebSocket.OPEN, spelled out so fake sockets in tests need no global. */
const SOCKET_OPEN = 1;

/** A refused connection (no session, foreign origin): retrying cannot help. */
const POLICY_VIOLATION = 1008;
/** A clean, normal close: the connection was ended on purpose, not lost (the spec: a clean close does not retry). */
const NORMAL_CLOSURE = 1000;

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/ws`;
}

/**
 * The app's one WebSocket (ADR 0052): after an unclean close, or the server going away (1001), it reconnects at most 5 times, waiting 2^n
 * seconds, and reports Live / Reconnecting / Offline. Messages that are not a known event are ignored.
 */
export function connectRealtime(
  createSocket: (url: string) => WebSocket = (url) => new WebSocket(url),
): RealtimeConnection {
  const listeners = new Set<Listener>();
  const statusListeners = new Set<StatusListener>();
  let status: RealtimeStatus = 'connecting';
  let attempts = 0;
  let socket: WebSocket | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let isClosedByUs = false;

  const setStatus = (next: RealtimeStatus) => {
    status = next;
    for (const listener of statusListeners) listener(next);
  };

  const open = () => {
    socket = createSocket(socketUrl());
    socket.onopen = () => {
      attempts = 0;
      setStatus('live');
    };
    socket.onmessage = (message) => {
      let data: unknown;
      try {
        data = JSON.parse(String(message.data));
      } catch {
        return;
      }
      const parsed = realtimeEventSchema.safeParse(data);
      if (!parsed.success) return;
      for (const listener of listeners) listener(parsed.data);
    };
    socket.onclose = (event) => {
      socket = null;
      if (isClosedByUs) return;
      // A server going away (1001, a restart or a deploy) or a lost connection is retried; an ended one is not.
      if (event.wasClean && (event.code === POLICY_VIOLATION || event.code === NORMAL_CLOSURE)) {
        setStatus('offline');
        return;
      }
      if (attempts >= INTEGRATIONS.reconnectMaxAttempts) {
        setStatus('offline');
        return;
      }
      attempts += 1;
      setStatus('reconnecting');
      retryTimer = setTimeout(open, 2 ** attempts * 1000);
    };
  };

  open();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    status: () => status,
    send(message) {
      if (socket && socket.readyState === SOCKET_OPEN) socket.send(JSON.stringify(message));
    },
    close() {
      isClosedByUs = true;
      if (retryTimer) clearTimeout(retryTimer);
      socket?.close(1000);
    },
  };
}
