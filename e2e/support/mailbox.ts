import type { ReceivedMail } from '../../apps/server/src/test/fakes/smtp-peer.ts';

export { findLink } from '../../apps/server/src/test/fakes/smtp-peer.ts';

/** Waits for a mail to `to` at the SMTP peer started by the global setup. */
export async function readMail(to: string, subject?: string): Promise<ReceivedMail> {
  const base = process.env.E2E_MAILBOX_URL;
  if (!base) throw new Error('the mailbox is not running (global setup)');
  const url = new URL('/mail', base);
  url.searchParams.set('to', to);
  if (subject) url.searchParams.set('subject', subject);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`no mail for ${to}: ${await response.text()}`);
  return (await response.json()) as ReceivedMail;
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}
