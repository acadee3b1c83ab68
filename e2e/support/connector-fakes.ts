import type { ConnectorProvider } from '@lumen/contract';
import { startDropboxFake } from '../../apps/server/src/test/fakes/dropbox-fake.ts';
import { GOOGLE_DOC, startGoogleDriveFake } from '../../apps/server/src/test/fakes/google-drive-fake.ts';
import { startOneDriveFake } from '../../apps/server/src/test/fakes/onedrive-fake.ts';

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
}

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

  return {
    env: {
      CONNECTOR_BASE_URL_GOOGLE_DRIVE: googleDrive.baseUrl,
      MICROSOFT_CLIENT_ID: oneDrive.clientId,
      MICROSOFT_CLIENT_SECRET: oneDrive.clientSecret,
      MICROSOFT_TENANT: oneDrive.tenant,
      CONNECTOR_BASE_URL_ONEDRIVE: oneDrive.origin,
      DROPBOX_APP_KEY: dropbox.clientId,
      DROPBOX_APP_SECRET: dropbox.clientSecret,
      CONNECTOR_BASE_URL_DROPBOX: dropbox.baseUrl,
    },
    close: async () => {
      await Promise.all([googleDrive.close(), oneDrive.close(), dropbox.close()]);
    },
  };
}
