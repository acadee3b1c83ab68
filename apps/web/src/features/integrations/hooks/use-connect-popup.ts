import { type ConnectorProvider, type IntegrationPopupMessage, integrationPopupMessageSchema } from '@lumen/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { INTEGRATIONS } from '@/config/ui';
import { API_BASE_PATH } from '@/lib/api-client';

/** Stops a timer. */
type CancelTimer = () => void;

/** The clock the popup flow runs on; tests pass their own. Each call returns the function that cancels it. */
export type PopupTimers = {
  setTimeout: (callback: () => void, ms: number) => CancelTimer;
  setInterval: (callback: () => void, ms: number) => CancelTimer;
};

// Looked up at call time, so fake timers installed after import still apply.
const browserTimers: PopupTimers = {
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    return () => clearTimeout(handle);
  },
  setInterval: (callback, ms) => {
    const handle = setInterval(callback, ms);
    return () => clearInterval(handle);
  },
};

type OpenWindow = (url: string, target: string, features: string) => Window | null;

const openBrowserWindow: OpenWindow = (url, target, features) => window.open(url, target, features);

/** 'opened', or why no popup was opened: nobody is signed in, or the browser blocked it. */
export type ConnectOutcome = 'opened' | 'signed-out' | 'blocked';

type UseConnectPopupOptions = {
  isSignedIn: boolean;
  /** A result the callback page posted from the app's own origin. */
  onResult: (message: IntegrationPopupMessage) => void;
  /** Runs INTEGRATIONS.postCloseRefreshMs after the popup closed (however it ended): re-read the status. */
  onPopupClosed: (provider: ConnectorProvider) => void;
  openWindow?: OpenWindow;
  timers?: PopupTimers;
};

type Attempt = { popup: Window; stopCloseCheck: CancelTimer | null; stopGiveUp: CancelTimer | null };

/** The address the popup starts at: the server redirects it to the provider and back to its callback page. */
export function connectUrl(provider: ConnectorProvider): string {
  return `${API_BASE_PATH}/integrations/${encodeURIComponent(provider)}/connect`;
}

/** A 600 by 700 popup centred on the app's window (spec 000 section 9). */
export function popupFeatures(
  frame: Pick<Window, 'screenX' | 'screenY' | 'outerWidth' | 'outerHeight'> = window,
): string {
  const { popupWidth: width, popupHeight: height } = INTEGRATIONS;
  const left = Math.max(0, Math.round(frame.screenX + (frame.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(frame.screenY + (frame.outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

/** Reads a postMessage as a popup result: only from the app's own origin and only in the contract's shape. */
export function readPopupMessage(event: MessageEvent): IntegrationPopupMessage | null {
  if (event.origin !== window.location.origin) return null;
  const parsed = integrationPopupMessageSchema.safeParse(event.data);
  return parsed.success ? parsed.data : null;
}

/**
 * The OAuth popup flow (spec 000 section 4, "Integration connection"): `connect` opens the provider's popup and marks
 * it connecting; the attempt ends with a result posted by the callback page, with `stopConnecting` (a server push or
 * the status poll said connected), or after INTEGRATIONS.connectingTimeoutMs. The popup is checked for closing every
 * INTEGRATIONS.popupCheckMs, and `onPopupClosed` runs INTEGRATIONS.postCloseRefreshMs after it closed.
 */
export function useConnectPopup({
  isSignedIn,
  onResult,
  onPopupClosed,
  openWindow = openBrowserWindow,
  timers = browserTimers,
}: UseConnectPopupOptions) {
  const [connectingProviders, setConnectingProviders] = useState<ReadonlySet<ConnectorProvider>>(() => new Set());
  const attemptsRef = useRef(new Map<ConnectorProvider, Attempt>());
  const refreshTimersRef = useRef(new Set<CancelTimer>());
  const callbacksRef = useRef({ onResult, onPopupClosed });
  const timersRef = useRef(timers);
  useEffect(() => {
    callbacksRef.current = { onResult, onPopupClosed };
    timersRef.current = timers;
  });

  const setConnecting = useCallback((provider: ConnectorProvider, isConnecting: boolean) => {
    setConnectingProviders((current) => {
      if (current.has(provider) === isConnecting) return current;
      const next = new Set(current);
      if (isConnecting) next.add(provider);
      else next.delete(provider);
      return next;
    });
  }, []);

  /** Ends the connecting state; the popup, if still open, keeps being watched so its closing refreshes the status. */
  const stopConnecting = useCallback(
    (provider: ConnectorProvider) => {
      const attempt = attemptsRef.current.get(provider);
      attempt?.stopGiveUp?.();
      if (attempt) attempt.stopGiveUp = null;
      setConnecting(provider, false);
    },
    [setConnecting],
  );

  const forgetAttempt = useCallback((provider: ConnectorProvider) => {
    const attempt = attemptsRef.current.get(provider);
    if (!attempt) return;
    attempt.stopCloseCheck?.();
    attempt.stopGiveUp?.();
    attemptsRef.current.delete(provider);
  }, []);

  const connect = useCallback(
    (provider: ConnectorProvider): ConnectOutcome => {
      if (!isSignedIn) return 'signed-out';
      const popup = openWindow(connectUrl(provider), `lumen-connect-${provider}`, popupFeatures());
      if (!popup) return 'blocked';
      forgetAttempt(provider);
      const clock = timersRef.current;
      const attempt: Attempt = { popup, stopCloseCheck: null, stopGiveUp: null };
      attempt.stopCloseCheck = clock.setInterval(() => {
        if (!attempt.popup.closed) return;
        attempt.stopCloseCheck?.();
        attempt.stopCloseCheck = null;
        const stopRefresh = clock.setTimeout(() => {
          refreshTimersRef.current.delete(stopRefresh);
          callbacksRef.current.onPopupClosed(provider);
        }, INTEGRATIONS.postCloseRefreshMs);
        refreshTimersRef.current.add(stopRefresh);
      }, INTEGRATIONS.popupCheckMs);
      attempt.stopGiveUp = clock.setTimeout(() => {
        attempt.stopGiveUp = null;
        setConnecting(provider, false);
      }, INTEGRATIONS.connectingTimeoutMs);
      attemptsRef.current.set(provider, attempt);
      setConnecting(provider, true);
      return 'opened';
    },
    [isSignedIn, openWindow, forgetAttempt, setConnecting],
  );

  useEffect(() => {
    const handleMessage = (event: MessageEvent) => {
      const message = readPopupMessage(event);
      if (!message) return;
      stopConnecting(message.provider);
      callbacksRef.current.onResult(message);
    };
    window.addEventListener('message', handleMessage);
    return () => window.removeEventListener('message', handleMessage);
  }, [stopConnecting]);

  // Leaving the screen stops every timer; an open popup is left to the user.
  useEffect(() => {
    const attempts = attemptsRef.current;
    const refreshTimers = refreshTimersRef.current;
    return () => {
      for (const provider of [...attempts.keys()]) forgetAttempt(provider);
      for (const stopRefresh of refreshTimers) stopRefresh();
      refreshTimers.clear();
    };
  }, [forgetAttempt]);

  return { connectingProviders, connect, stopConnecting };
}
