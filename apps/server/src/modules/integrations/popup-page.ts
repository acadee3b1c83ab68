import { type ConnectorProvider, INTEGRATION_POPUP_MESSAGE_TYPE, PLATFORM_LABELS } from '@lumen/contract';
import type { ConnectOutcome } from './connect.service.ts';

/** Where the result page's script is served; the CSP allows only scripts of our own origin (ADR 0006). */
export const POPUP_SCRIPT_PATH = '/api/integrations/popup-result.js';

/**
 * The popup's script: reads the outcome from the page's data-* attributes, posts it to the window that opened the
 * popup at the app's origin only, and closes the popup. Static, so it needs no inline script or nonce.
 */
export const POPUP_SCRIPT = `(function () {
  var el = document.getElementById('integration-result');
  if (!el) return;
  var message = { type: el.dataset.type, provider: el.dataset.provider, ok: el.dataset.ok === 'true' };
  if (el.dataset.error) message.error = el.dataset.error;
  if (window.opener && el.dataset.targetOrigin) window.opener.postMessage(message, el.dataset.targetOrigin);
  window.close();
})();
`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** The small page the popup ends on; its text stays readable when the popup cannot close itself. */
export function renderPopupResult(input: {
  provider: ConnectorProvider;
  outcome: ConnectOutcome;
  targetOrigin: string;
}): string {
  const { provider, outcome } = input;
  const label = PLATFORM_LABELS[provider];
  const text = outcome.ok ? `${label} is connected. You can close this window.` : outcome.error;
  const attributes = [
    ['id', 'integration-result'],
    ['data-type', INTEGRATION_POPUP_MESSAGE_TYPE],
    ['data-provider', provider],
    ['data-ok', String(outcome.ok)],
    ...(outcome.ok ? [] : [['data-error', outcome.error]]),
    ['data-target-origin', input.targetOrigin],
  ]
    .map(([name, value]) => `${name}="${escapeHtml(value ?? '')}"`)
    .join(' ');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(label)}</title></head>
<body>
<p ${attributes} role="status">${escapeHtml(text)}</p>
<script src="${POPUP_SCRIPT_PATH}"></script>
</body>
</html>
`;
}
