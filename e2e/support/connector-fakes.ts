import type { ConnectorProvider } from '@lumen/contract';
import { startConfluenceFake } from '../../apps/server/src/test/fakes/confluence-fake.ts';
import { startDropboxFake } from '../../apps/server/src/test/fakes/dropbox-fake.ts';
import {
  confluenceFakeEnv,
  dropboxFakeEnv,
  notionFakeEnv,
  oneDriveFakeEnv,
  slackFakeEnv,
} from '../../apps/server/src/test/fakes/fake-env.ts';
import { GOOGLE_DOC, startGoogleDriveFake } from '../../apps/server/src/test/fakes/google-drive-fake.ts';
import { startNotionFake } from '../../apps/server/src/test/fakes/notion-fake.ts';
import { startOneDriveFake } from '../../apps/server/src/test/fakes/onedrive-fake.ts';
import { startSlackFake } from '../../apps/server/src/test/fakes/slack-fake.ts';

/** One provider's journey: the account the fake signs in as, the file with the fact, and how to ask for it. */
export interface ConnectorJourney {
  provider: ConnectorProvider;
  /** The card's heading and the citation's label. */
  label: string;
  accountEmail: string;
  /** The path of the provider's consent page the popup passes through. */
  consentPath: string;
  /** How many files the fake holds (all readable). */
  fileCount: number;
  fileName: string;
  /** Where the citation chip leads: the file's page at the provider. */
  sourceUrl: RegExp;
  question: string;
  answer: string;
  /**
   * Changes made at the source after the first answer (`applySourceChanges`): the fact is edited, one item deleted and
   * one taken from the account's view. After "Sync now", `term` is found, the question answers `answer`, and the
   * `goneTerms` are found nowhere.
   */
  change?: { term: string; answer: string; goneTerms: string[] };
}

/** When the journeys' Slack messages were posted: a fixed day, so the channel-day documents have known titles. */
const SLACK_DAY = '2026-11-20';

export const CONNECTOR_JOURNEYS: readonly ConnectorJourney[] = [
  {
    provider: 'google-drive',
    label: 'Google Drive',
    accountEmail: 'ada.drive@example.com',
    consentPath: '/o/oauth2/v2/auth',
    fileCount: 3,
    fileName: 'Orion observatory notes',
    sourceUrl: /^https:\/\/docs\.google\.com\/document\/d\/[\w-]+\/edit/,
    question: 'What colour was the Orion observatory dome repainted?',
    answer: 'saffron yellow',
  },
  {
    provider: 'onedrive',
    label: 'OneDrive',
    accountEmail: 'ada@contoso.test',
    consentPath: '/common/oauth2/v2.0/authorize',
    fileCount: 3,
    fileName: 'harbour-census.txt',
    sourceUrl: /^https:\/\/onedrive\.live\.com\/\?id=/,
    question: 'How many fishing boats did the Vigo harbour census count?',
    answer: '317 fishing boats',
  },
  {
    provider: 'dropbox',
    label: 'Dropbox',
    accountEmail: 'ada.dropbox@example.com',
    consentPath: '/oauth2/authorize',
    fileCount: 3,
    fileName: 'greenhouse-trial.md',
    // Dropbox's web host is the fake's origin too (CONNECTOR_BASE_URL_DROPBOX replaces every Dropbox host).
    sourceUrl: /^http:\/\/127\.0\.0\.1:\d+\/home\/Research\/greenhouse-trial\.md$/,
    question: 'How many varieties of basil does the Tromso greenhouse trial grow?',
    answer: '58 varieties of basil',
  },
  {
    provider: 'slack',
    label: 'Slack',
    accountEmail: 'ada.slack@example.com',
    consentPath: '/oauth/v2/authorize',
    // #general, #launch and #random, one day each.
    fileCount: 3,
    fileName: `#general · ${SLACK_DAY}`,
    sourceUrl: /^https:\/\/lumen-test\.slack\.com\/archives\/C\w+\/p\d+$/,
    question: 'Where will the Lisbon offsite be held?',
    answer: 'Alfama venue',
    change: { term: 'Belem', answer: 'Belem venue', goneTerms: ['Pelican', 'Cormorant'] },
  },
  {
    provider: 'notion',
    label: 'Notion',
    accountEmail: 'ada.notion@example.com',
    consentPath: '/v1/oauth/authorize',
    fileCount: 3,
    fileName: 'Team handbook',
    sourceUrl: /^http:\/\/127\.0\.0\.1:\d+\/Team-handbook-[0-9a-f]{32}$/,
    question: 'Which laptop do new starters receive?',
    answer: 'Zephyr laptop',
    change: { term: 'Kestrel', answer: 'Kestrel laptop', goneTerms: ['Marmalade', 'Gannet'] },
  },
  {
    provider: 'confluence',
    label: 'Confluence',
    accountEmail: 'ada.confluence@example.com',
    consentPath: '/authorize',
    fileCount: 3,
    fileName: 'Deploy runbook',
    sourceUrl: /^https:\/\/acme\.atlassian\.net\/wiki\//,
    question: 'When do production deploys freeze?',
    answer: 'Fridays',
    change: { term: 'Thursdays', answer: 'Thursdays', goneTerms: ['Shearwater', 'Tern'] },
  },
];

function journeyOf(provider: ConnectorProvider): ConnectorJourney {
  const journey = CONNECTOR_JOURNEYS.find((entry) => entry.provider === provider);
  if (!journey) throw new Error(`No journey for ${provider}`);
  return journey;
}

/**
 * Starts the three provider fakes with a few small files each (one with the journey's fact) and answers the app's
 * environment for them. Google Drive shares the Google sign-in client, so its fake accepts that client's id and secret.
 */
export async function startConnectorFakes(googleClient: { clientId: string; clientSecret: string }) {
  const drive = journeyOf('google-drive');
  const googleDrive = await startGoogleDriveFake({
    clientId: googleClient.clientId,
    clientSecret: googleClient.clientSecret,
    user: { email: drive.accountEmail, name: 'Ada Lovelace' },
  });
  googleDrive.addFile({
    name: drive.fileName,
    mimeType: GOOGLE_DOC,
    content: 'Observatory maintenance log. The Orion observatory dome was repainted saffron yellow last autumn.',
  });
  googleDrive.addFile({ name: 'team-lunch.txt', content: 'The team lunch is on Friday at noon in the canteen.' });
  googleDrive.addFile({ name: 'reading-list.md', content: '# Reading list\n\nThe history of calculating engines.' });

  const oneDriveJourney = journeyOf('onedrive');
  const oneDrive = await startOneDriveFake({
    account: { id: '9f3c0d1e5a7b4c21', email: oneDriveJourney.accountEmail, displayName: 'Ada Lovelace' },
  });
  oneDrive.addFile({
    name: oneDriveJourney.fileName,
    mimeType: 'text/plain',
    content: 'Port statistics. The Vigo harbour census counted 317 fishing boats in March.',
  });
  oneDrive.addFile({ name: 'parking.txt', mimeType: 'text/plain', content: 'Visitor parking is behind building B.' });
  oneDrive.addFile({
    name: 'holidays.md',
    mimeType: 'text/markdown',
    content: '# Holidays\n\nThe office closes in August.',
  });

  const dropboxJourney = journeyOf('dropbox');
  const dropbox = await startDropboxFake({ account: { email: dropboxJourney.accountEmail, name: 'Ada Lovelace' } });
  dropbox.addFile(
    `/Research/${dropboxJourney.fileName}`,
    '# Greenhouse trial\n\nThe Tromso greenhouse trial grows 58 varieties of basil under LED light.',
  );
  dropbox.addFile('/Research/budget.txt', 'The research budget is reviewed every quarter.');
  dropbox.addFile('/notes.txt', 'Remember to water the office plants.');

  const knowledge = await startKnowledgeFakes();

  return {
    env: {
      CONNECTOR_BASE_URL_GOOGLE_DRIVE: googleDrive.baseUrl,
      ...oneDriveFakeEnv(oneDrive),
      ...dropboxFakeEnv(dropbox),
      ...knowledge.env,
    },
    applySourceChanges: knowledge.applySourceChanges,
    close: async () => {
      await Promise.all([googleDrive.close(), oneDrive.close(), dropbox.close(), knowledge.close()]);
    },
  };
}

/**
 * Slack, Notion and Confluence with three items each for their journeys, and the changes each journey makes at the
 * source before its second sync (`applySourceChanges(provider)`: the fact edited, one item deleted, one taken away).
 */
async function startKnowledgeFakes() {
  const slackJourney = journeyOf('slack');
  const slack = await startSlackFake({
    users: [{ id: 'U0ADA', name: 'ada', realName: 'Ada Lovelace', email: slackJourney.accountEmail }],
  });
  const at = new Date(`${SLACK_DAY}T09:30:00Z`);
  const general = slack.addChannel({ name: 'general', members: ['U0ADA'] });
  const launch = slack.addChannel({ name: 'launch', members: ['U0ADA'] });
  const random = slack.addChannel({ name: 'random', members: ['U0ADA'] });
  const offsite = slack.postMessage(general, {
    user: 'U0ADA',
    text: 'The Lisbon offsite will be held at the Alfama venue.',
    at,
  });
  slack.postMessage(launch, { user: 'U0ADA', text: 'The Pelican launch slips to spring.', at });
  const cormorant = slack.postMessage(random, { user: 'U0ADA', text: 'Cormorant sightings by the pier today.', at });

  const notionJourney = journeyOf('notion');
  const notion = await startNotionFake({ owner: { name: 'Ada Lovelace', email: notionJourney.accountEmail } });
  const handbook = notion.addPage({
    title: notionJourney.fileName,
    blocks: [
      { type: 'heading_1', text: 'Onboarding' },
      { type: 'paragraph', text: 'New starters receive a Zephyr laptop on their first morning.' },
      { type: 'to_do', text: 'Order the welcome hamper', checked: true },
    ],
  });
  const retro = notion.addPage({
    title: 'Old retro',
    blocks: [{ type: 'paragraph', text: 'The Marmalade sprint ran late.' }],
  });
  const drafts = notion.addPage({
    title: 'Drafts',
    blocks: [{ type: 'paragraph', text: 'The Gannet rebrand is a draft.' }],
  });

  const confluenceJourney = journeyOf('confluence');
  const confluence = await startConfluenceFake({
    users: [
      { accountId: 'ada-account', email: confluenceJourney.accountEmail, name: 'Ada Lovelace' },
      { accountId: 'grace-account', email: 'grace.confluence@example.com', name: 'Grace Hopper' },
    ],
  });
  const cloudId = confluence.sites[0]?.cloudId ?? '';
  confluence.addSpace(cloudId, { key: 'ENG', name: 'Engineering', readers: 'everyone' });
  const runbook = confluence.addContent({
    spaceKey: 'ENG',
    title: confluenceJourney.fileName,
    body: '<h1>Deploys</h1><p>Production deploys freeze on Fridays after the release train.</p>',
  });
  const post = confluence.addContent({
    spaceKey: 'ENG',
    type: 'blogpost',
    title: 'Quarterly update',
    body: '<p>The Shearwater migration finished in October.</p>',
  });
  const bands = confluence.addContent({ spaceKey: 'ENG', title: 'Salary bands', body: '<p>The Tern band is new.</p>' });

  const changes: Partial<Record<ConnectorProvider, () => void>> = {
    slack: () => {
      slack.editMessage(general, offsite, 'The Lisbon offsite will be held at the Belem venue.');
      slack.deleteMessage(random, cormorant);
      slack.removeMember(launch, 'U0ADA');
    },
    notion: () => {
      notion.editPage(handbook, {
        blocks: [{ type: 'paragraph', text: 'New starters receive a Kestrel laptop on their first morning.' }],
      });
      notion.archivePage(retro);
      notion.setShared(drafts, false);
    },
    confluence: () => {
      confluence.editContent(runbook.id, {
        body: '<h1>Deploys</h1><p>Production deploys freeze on Thursdays after the release train.</p>',
      });
      confluence.deleteContent(post.id);
      confluence.restrictContent(bands.id, { users: ['grace-account'], groups: [] });
    },
  };
  return {
    env: { ...slackFakeEnv(slack), ...notionFakeEnv(notion), ...confluenceFakeEnv(confluence) },
    applySourceChanges(provider: ConnectorProvider): boolean {
      const change = changes[provider];
      change?.();
      return change !== undefined;
    },
    close: async () => {
      await Promise.all([slack.close(), notion.close(), confluence.close()]);
    },
  };
}
