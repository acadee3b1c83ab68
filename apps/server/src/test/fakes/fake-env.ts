import type { ConfluenceFake } from './confluence-fake.ts';
import type { DropboxFake } from './dropbox-fake.ts';
import type { GoogleDriveFake } from './google-drive-fake.ts';
import type { NotionFake } from './notion-fake.ts';
import type { OneDriveFake } from './onedrive-fake.ts';
import type { SlackFake } from './slack-fake.ts';

/**
 * The environment an operator would set to point the app at each provider's fake: the provider's client, and
 * `CONNECTOR_BASE_URL_<PROVIDER>` at the fake's origin (which stands in for every host of that provider).
 */

export function googleDriveFakeEnv(fake: GoogleDriveFake): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: fake.clientId,
    GOOGLE_CLIENT_SECRET: fake.clientSecret,
    // The Google client also turns on Google sign-in, whose discovery document is only read when someone uses it.
    GOOGLE_DISCOVERY_URL: `${fake.baseUrl}/.well-known/openid-configuration`,
    CONNECTOR_BASE_URL_GOOGLE_DRIVE: fake.baseUrl,
  };
}

export function oneDriveFakeEnv(fake: OneDriveFake): Record<string, string> {
  return {
    MICROSOFT_CLIENT_ID: fake.clientId,
    MICROSOFT_CLIENT_SECRET: fake.clientSecret,
    MICROSOFT_TENANT: fake.tenant,
    CONNECTOR_BASE_URL_ONEDRIVE: fake.origin,
  };
}

export function dropboxFakeEnv(fake: DropboxFake): Record<string, string> {
  return {
    DROPBOX_APP_KEY: fake.clientId,
    DROPBOX_APP_SECRET: fake.clientSecret,
    CONNECTOR_BASE_URL_DROPBOX: fake.baseUrl,
  };
}

export function slackFakeEnv(fake: SlackFake): Record<string, string> {
  return {
    SLACK_CLIENT_ID: fake.clientId,
    SLACK_CLIENT_SECRET: fake.clientSecret,
    CONNECTOR_BASE_URL_SLACK: fake.baseUrl,
  };
}

export function notionFakeEnv(fake: NotionFake): Record<string, string> {
  return {
    NOTION_CLIENT_ID: fake.clientId,
    NOTION_CLIENT_SECRET: fake.clientSecret,
    CONNECTOR_BASE_URL_NOTION: fake.baseUrl,
  };
}

export function confluenceFakeEnv(fake: ConfluenceFake): Record<string, string> {
  return {
    ATLASSIAN_CLIENT_ID: fake.clientId,
    ATLASSIAN_CLIENT_SECRET: fake.clientSecret,
    CONNECTOR_BASE_URL_CONFLUENCE: fake.baseUrl,
  };
}
