import { INTEGRATION_POPUP_MESSAGE_TYPE } from '@lumen/contract';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createManualClock } from '@/testing/manual-clock';
import { popupFeatures, useConnectPopup } from './use-connect-popup';

function renderPopupHook() {
  const clock = createManualClock();
  const popup = { closed: false };
  const openWindow = vi.fn(() => popup as unknown as Window);
  const onResult = vi.fn();
  const onPopupClosed = vi.fn();
  const view = renderHook(() =>
    useConnectPopup({ isSignedIn: true, onResult, onPopupClosed, openWindow, timers: clock }),
  );
  return { ...view, clock, popup, openWindow, onResult, onPopupClosed };
}

describe('useConnectPopup', () => {
  it('centres the 600x700 popup on the window', () => {
    expect(popupFeatures({ screenX: 100, screenY: 50, outerWidth: 1400, outerHeight: 900 })).toBe(
      'popup=yes,width=600,height=700,left=500,top=150',
    );
  });

  it('ends connecting when told (a push or the poll said connected), keeping the close watch for the refresh', () => {
    const { result, clock, popup, onPopupClosed } = renderPopupHook();
    act(() => {
      result.current.connect('dropbox');
    });
    expect(result.current.connectingProviders.has('dropbox')).toBe(true);

    act(() => result.current.stopConnecting('dropbox'));
    expect(result.current.connectingProviders.has('dropbox')).toBe(false);

    popup.closed = true;
    act(() => clock.advance(3_000));
    expect(onPopupClosed).toHaveBeenCalledWith('dropbox');
  });

  it('passes on a valid result from the app origin and ends connecting', () => {
    const { result, onResult } = renderPopupHook();
    act(() => {
      result.current.connect('onedrive');
    });
    const message = { type: INTEGRATION_POPUP_MESSAGE_TYPE, provider: 'onedrive', ok: true };

    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { origin: window.location.origin, data: { ...message, ok: 'yes' } }),
      );
    });
    expect(onResult).not.toHaveBeenCalled();
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { origin: window.location.origin, data: message }));
    });

    expect(onResult).toHaveBeenCalledWith(message);
    expect(result.current.connectingProviders.size).toBe(0);
  });

  it('stops its timers when the dialog goes away', () => {
    const { result, clock, popup, onPopupClosed, unmount } = renderPopupHook();
    act(() => {
      result.current.connect('google-drive');
    });
    popup.closed = true;
    act(() => clock.advance(1_000));

    unmount();
    clock.advance(5_000);

    expect(onPopupClosed).not.toHaveBeenCalled();
  });
});
