import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ConnectorProvider } from '@lumen/contract';
import { startOidcProvider } from '../../apps/server/src/test/fakes/oidc-provider.ts';
import { startSmtpPeer } from '../../apps/server/src/test/fakes/smtp-peer.ts';
import { E2E_APP_URL, E2E_PORT } from '../playwright.config.ts';
import { startConnectorFakes } from './connector-fakes.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited early with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the app did not become healthy at ${url}`);
}

async function isListening(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts the real peers (an SMTP server that keeps the mail, a local OpenID provider standing in for Google, and
 * fakes of Google Drive, OneDrive, Dropbox, Slack, Notion and Confluence speaking their wire formats), then the built app
 * configured to use them. Tests read mail through a small HTTP server on loopback, which also applies a journey's changes
 * at a fake source.
 */
export default async function globalSetup() {
  if (!existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built. Run `npm run build` before `npm run test:e2e`.');
  }
  // Another server on the port would answer the health check below and the journeys would talk to it.
  if (await isListening(E2E_APP_URL)) {
    throw new Error(`Something already listens at ${E2E_APP_URL}. Stop it or choose another port with E2E_PORT.`);
  }
  const smtp = await startSmtpPeer();
  const idp = await startOidcProvider({ redirectUris: [`${E2E_APP_URL}/api/auth/callback/google`] });
  const connectors = await startConnectorFakes({ clientId: idp.clientId, clientSecret: idp.clientSecret });

  const mailbox = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://mailbox');
    // POST /source-changes/<provider>: a journey's changes at the source before its second sync (connector-fakes.ts).
    const changed = /^\/source-changes\/([a-z-]+)$/.exec(url.pathname);
    if (request.method === 'POST' && changed?.[1]) {
      const isApplied = connectors.applySourceChanges(changed[1] as ConnectorProvider);
      response.writeHead(isApplied ? 204 : 404).end();
      return;
    }
    const to = url.searchParams.get('to') ?? '';
    const subject = url.searchParams.get('subject');
    try {
      const mail = await smtp.waitForMail(to, { subject: subject ? new RegExp(subject, 'i') : undefined });
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mail));
    } catch (error) {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String(error) }));
    }
  });
  await new Promise<void>((resolve) => mailbox.listen(0, '127.0.0.1', resolve));
  process.env.E2E_MAILBOX_URL = `http://127.0.0.1:${(mailbox.address() as AddressInfo).port}`;
  process.env.E2E_SOURCE_CHANGES_URL = `${process.env.E2E_MAILBOX_URL}/source-changes`;
  process.env.E2E_IDP_URL = idp.issuer;

  const dataDir = await mkdtemp(path.join(tmpdir(), 'lumen-e2e-'));
  const app = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      APP_URL: E2E_APP_URL,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: smtp.url,
      GOOGLE_CLIENT_ID: idp.clientId,
      GOOGLE_CLIENT_SECRET: idp.clientSecret,
      GOOGLE_DISCOVERY_URL: idp.discoveryUrl,
      ...connectors.env,
      AUTH_RATE_LIMIT_MAX: '1000',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(E2E_APP_URL, app);

  return async () => {
    app.kill('SIGTERM');
    await new Promise((resolve) => (app.exitCode !== null ? resolve(null) : app.once('exit', resolve)));
    await new Promise((resolve) => mailbox.close(resolve));
    await smtp.close();
    await idp.close();
    await connectors.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
