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
import {
  dropboxFakeEnv,
  googleDriveFakeEnv,
  notionFakeEnv,
  oneDriveFakeEnv,
  slackFakeEnv,
} from '../apps/server/src/test/fakes/fake-env.ts';
import { startGoogleDriveFake } from '../apps/server/src/test/fakes/google-drive-fake.ts';
import { type NotionFakeBlock, startNotionFake } from '../apps/server/src/test/fakes/notion-fake.ts';
import { startOneDriveFake } from '../apps/server/src/test/fakes/onedrive-fake.ts';
import { startSlackFake } from '../apps/server/src/test/fakes/slack-fake.ts';
import { type BenchFile, changedText, loadParagraphs, makeFile } from './connector-files.ts';

export type FakeHostCommand = { command: 'change'; indices: number[] } | { command: 'requests' } | { command: 'reset' };

export interface FakeHostReady {
  env: Record<string, string>;
  megabytes: number;
  /** The documents the source yields, when they are not one per file (Slack: one per channel and day). */
  documents?: number;
  /** What the source holds, in words, when it is not files (e.g. "50 channels x 2,000 messages"). */
  holds?: string;
}

export interface FakeHostRequests {
  requests: Array<{ method: string; path: string }>;
  cpuSeconds: number;
}

interface HostedFake {
  env: Record<string, string>;
  documents?: number;
  holds?: string;
  megabytes?: number;
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

/** Slack's shape for the bench: messages per channel over this many days, this many a day. */
const SLACK_MESSAGES_PER_CHANNEL = 2000;
const SLACK_DAYS = 20;
const SLACK_MESSAGES_PER_DAY = SLACK_MESSAGES_PER_CHANNEL / SLACK_DAYS;
/** One thread (two replies) per this many messages. */
const SLACK_THREAD_EVERY = 50;

/**
 * Slack: `channels` channels (the "file count" is the channel count) of 2,000 messages each, 100 a day over the 20 days
 * before yesterday, with a thread of two replies on every 50th message; each message is a sentence or two of the bench
 * text. A change edits a message of the channel's last day, so it falls in the driver's re-read window.
 */
async function hostSlack(channelCount: number, paragraphs: string[]): Promise<HostedFake> {
  const fake = await startSlackFake();
  const author = fake.users[0]?.id ?? '';
  const start = Date.UTC(2026, 0, 1, 8, 0, 0);
  const channels: string[] = [];
  /** Each channel's messages' ts, in the order made (day by day). */
  const timestamps: string[][] = [];
  const sentenceOf = (n: number) => {
    const paragraph = paragraphs[n % paragraphs.length] ?? '';
    return paragraph.slice(0, 160 + (n % 5) * 60);
  };
  let bytes = 0;
  for (let c = 0; c < channelCount; c += 1) {
    const channel = fake.addChannel({ name: `team-${c}`, members: fake.users.map((user) => user.id) });
    channels.push(channel);
    const made = fake.addMessages(channel, SLACK_MESSAGES_PER_CHANNEL, (i) => {
      const day = Math.floor(i / SLACK_MESSAGES_PER_DAY);
      const text = sentenceOf(c * SLACK_MESSAGES_PER_CHANNEL + i);
      bytes += text.length;
      return { user: author, text, at: new Date(start + day * 86_400_000 + (i % SLACK_MESSAGES_PER_DAY) * 300_000) };
    });
    timestamps.push(made);
  }
  for (let c = 0; c < channelCount; c += 1) {
    for (let i = 0; i < SLACK_MESSAGES_PER_CHANNEL; i += SLACK_THREAD_EVERY) {
      const day = Math.floor(i / SLACK_MESSAGES_PER_DAY);
      const parentAt = start + day * 86_400_000 + (i % SLACK_MESSAGES_PER_DAY) * 300_000;
      const parentTs = timestamps[c]?.[i] ?? '';
      for (let r = 1; r <= 2; r += 1) {
        const text = sentenceOf(i + r * 7);
        bytes += text.length;
        fake.postReply(channels[c] ?? '', parentTs, { user: author, text, at: new Date(parentAt + r * 60_000) });
      }
    }
  }
  return {
    env: slackFakeEnv(fake),
    documents: channelCount * SLACK_DAYS,
    holds: `${channelCount} channels x ${SLACK_MESSAGES_PER_CHANNEL.toLocaleString('en')} messages`,
    megabytes: bytes / 1024 / 1024,
    changeFiles: (indices) => {
      // Item i is day (i mod 20) of channel (i div 20): the change goes to that channel's last day.
      for (const i of indices) {
        const c = Math.floor(i / SLACK_DAYS) % channelCount;
        // The last day's second message (the first may have a thread).
        const ts = timestamps[c]?.[SLACK_MESSAGES_PER_CHANNEL - SLACK_MESSAGES_PER_DAY + 1] ?? '';
        fake.editMessage(channels[c] ?? '', ts, 'Revised: the figures were checked again and two lines rewritten.');
      }
    },
    requests: () => fake.requests,
    resetRequests: () => fake.resetRequests(),
    close: () => fake.close(),
  };
}

/** Notion: one page per bench file, each paragraph a paragraph block (a Markdown heading a heading block). */
async function hostNotion(files: BenchFile[]): Promise<HostedFake> {
  const fake = await startNotionFake();
  const blocksOf = (text: string): NotionFakeBlock[] =>
    text.split('\n\n').map((part) => {
      if (part.startsWith('## ')) return { type: 'heading_2', text: part.slice(3) };
      if (part.startsWith('# ')) return { type: 'heading_1', text: part.slice(2) };
      return { type: 'paragraph', text: part };
    });
  const ids = fake.addPages(files.length, (i) => {
    const file = files[i] as BenchFile;
    return { title: file.name.replace(/\.(md|txt)$/, ''), blocks: blocksOf(file.text) };
  });
  return {
    env: notionFakeEnv(fake),
    changeFiles: (indices) => {
      for (const i of indices) fake.editPage(ids[i] ?? '', { blocks: blocksOf(changedText(files[i] as BenchFile)) });
    },
    requests: () => fake.requests,
    resetRequests: () => fake.resetRequests(),
    close: () => fake.close(),
  };
}

type HostFake = (files: BenchFile[], paragraphs: string[]) => Promise<HostedFake>;

const HOSTS: Record<string, HostFake> = {
  'google-drive': hostGoogleDrive,
  onedrive: hostOneDrive,
  dropbox: hostDropbox,
  slack: (files: BenchFile[], paragraphs: string[]) => hostSlack(files.length, paragraphs),
  notion: hostNotion,
} satisfies Partial<Record<ConnectorProvider, HostFake>>;

async function main() {
  const [provider = '', count = '0'] = process.argv.slice(2);
  const host = HOSTS[provider];
  if (!host) throw new Error(`no fake for ${provider}`);
  const { paragraphs } = loadParagraphs();
  // Slack's "files" are channels: its messages are made by hostSlack, not as files.
  const files = Array.from({ length: Number(count) }, (_, i) =>
    provider === 'slack' ? { name: '', folder: '', mimeType: '', text: '' } : makeFile(paragraphs, i),
  );
  const fake = await host(files, paragraphs);
  const megabytes = fake.megabytes ?? files.reduce((sum, file) => sum + Buffer.byteLength(file.text), 0) / 1024 / 1024;
  const answer = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
  answer({ env: fake.env, megabytes, documents: fake.documents, holds: fake.holds } satisfies FakeHostReady);
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
