import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface SmtpPeer {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Resolves with the first message to `address` (optionally matching the subject) that arrives, or fails. */
  waitForMail(
    address: string,
    options?: { subject?: RegExp; timeoutMs?: number; after?: number },
  ): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on a loopback port that keeps what it receives, parsed. */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        try {
          const parsed = await PostalMime.parse(Buffer.concat(chunks));
          messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: parsed.html ?? '',
          });
          for (const wake of waiters) wake();
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  const find = (address: string, subject?: RegExp, after = 0) =>
    messages
      .slice(after)
      .find((mail) => mail.to.includes(address.toLowerCase()) && (!subject || subject.test(mail.subject)));

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitForMail(address, { subject, timeoutMs = 10_000, after = 0 } = {}) {
      const found = find(address, subject, after);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail to ${address} within ${timeoutMs} ms`));
        }, timeoutMs);
        const check = () => {
          const mail = find(address, subject, after);
          if (!mail) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mail);
        };
        waiters.add(check);
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that contains `fragment`. */
export function findLink(mail: ReceivedMail, fragment: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(fragment));
  if (!link) throw new Error(`no link with ${fragment} in mail "${mail.subject}"`);
  return link;
}
