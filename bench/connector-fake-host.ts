/**
 * Hosts one provider fake for the connector benchmark in a process of its own, as the real provider is a remote
 * service: its CPU is not the app's, and on two cores the fake and the app each get one. Started by
 * connector-sync.ts with the provider and the file count; answers one JSON line on stdout with the environment that
 * points the app at it, then takes commands as JSON lines on stdin and answers each with one JSON line:
 *   { "command": "change", "indices": [..] }   the files' content changes at the source
 *   { "command": "requests" }                  the requests received since the last reset, and this process's CPU time
 *   { "command": "reset" }                     forget the requests received
 * It exits when stdin closes.
 */
import { createInterface } from 'node:readline';
import type { ConnectorProvider } from '@lumen/contract';
import { startDropboxFake } from '../apps/server/src/test/fakes/dropbox-fake.ts';
import { dropboxFakeEnv, googleDriveFakeEnv, oneDriveFakeEnv } from '../apps/server/src/test/fakes/fake-env.ts';
import { startGoogleDriveFake } from '../apps/server/src/test/fakes/google-drive-fake.ts';
import { startOneDriveFake } from '../apps/server/src/test/fakes/onedrive-fake.ts';
import { type BenchFile, changedText, loadParagraphs, makeFile } from './connector-files.ts';

export type FakeHostCommand = { command: 'change'; indices: number[] } | { command: 'requests' } | { command: 'reset' };

export interface FakeHostReady {
  env: Record<string, string>;
  megabytes: number;
}

export interface FakeHostRequests {
  requests: Array<{ method: string; path: string }>;
  cpuSeconds: number;
}

interface HostedFake {
  env: Record<string, string>;
  changeFiles(indices: number[]): void;
  requests(): Array<{ method: string; path: string }>;
  resetRequests(): void;
  close(): Promise<void>;
}

async function hostGoogleDrive(files: BenchFile[]): Promise<HostedFake> {
  const fake = await startGoogleDriveFake();
  const ids = fake.addFiles(files.length, (i) => {
    const file = files[i] as BenchFile;
    return { name: file.name, mimeType: file.mimeType, content: file.text };
  });
  return {
    env: googleDriveFakeEnv(fake),
    changeFiles: (indices) => {
      for (const i of indices) fake.updateFile(ids[i] ?? '', { content: changedText(files[i] as BenchFile) });
    },
    requests: () => fake.requests,
    resetRequests: () => fake.resetRequests(),
    close: () => fake.close(),
  };
}

async function hostOneDrive(files: BenchFile[]): Promise<HostedFake> {
  const fake = await startOneDriveFake();
  const folders = new Map<string, string>();
  for (const file of files) {
    if (!folders.has(file.folder)) folders.set(file.folder, fake.addFolder(file.folder));
  }
  const ids = fake.addFiles(files.length, (i) => {
    const file = files[i] as BenchFile;
    return { name: file.name, mimeType: file.mimeType, content: file.text, parentId: folders.get(file.folder) };
  });
  return {
    env: oneDriveFakeEnv(fake),
    changeFiles: (indices) => {
      for (const i of indices) fake.updateFile(ids[i] ?? '', changedText(files[i] as BenchFile));
    },
    requests: () => fake.requests,
    resetRequests: () => fake.resetRequests(),
    close: () => fake.close(),
  };
}

async function hostDropbox(files: BenchFile[]): Promise<HostedFake> {
  const fake = await startDropboxFake();
  const pathOf = (file: BenchFile) => `/${file.folder}/${file.name}`;
  fake.addFiles(files.length, (i) => {
    const file = files[i] as BenchFile;
    return { path: pathOf(file), content: file.text };
  });
  return {
    env: dropboxFakeEnv(fake),
    changeFiles: (indices) => {
      for (const i of indices) {
        const file = files[i] as BenchFile;
        fake.updateFile(pathOf(file), changedText(file));
      }
    },
    requests: () => fake.requests,
    resetRequests: () => fake.resetRequests(),
    close: () => fake.close(),
  };
}

const HOSTS: Record<string, (files: BenchFile[]) => Promise<HostedFake>> = {
  'google-drive': hostGoogleDrive,
  onedrive: hostOneDrive,
  dropbox: hostDropbox,
} satisfies Partial<Record<ConnectorProvider, unknown>>;

async function main() {
  const [provider = '', count = '0'] = process.argv.slice(2);
  const host = HOSTS[provider];
  if (!host) throw new Error(`no fake for ${provider}`);
  const { paragraphs } = loadParagraphs();
  const files = Array.from({ length: Number(count) }, (_, i) => makeFile(paragraphs, i));
  const megabytes = files.reduce((sum, file) => sum + Buffer.byteLength(file.text), 0) / 1024 / 1024;
  const fake = await host(files);
  const answer = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
  answer({ env: fake.env, megabytes } satisfies FakeHostReady);
  const cpuAtStart = process.cpuUsage();
  for await (const line of createInterface({ input: process.stdin })) {
    if (!line.trim()) continue;
    const command = JSON.parse(line) as FakeHostCommand;
    if (command.command === 'change') {
      fake.changeFiles(command.indices);
      answer({ ok: true });
    } else if (command.command === 'requests') {
      const cpu = process.cpuUsage(cpuAtStart);
      answer({ requests: fake.requests(), cpuSeconds: (cpu.user + cpu.system) / 1e6 } satisfies FakeHostRequests);
    } else {
      fake.resetRequests();
      answer({ ok: true });
    }
  }
  await fake.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
