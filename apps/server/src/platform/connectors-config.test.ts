import { describe, expect, it } from 'vitest';
import { configOf, configFailureOf as failureOf } from '../test/config-fixtures.ts';

function connectorsOf(env: Record<string, string>) {
  return configOf(env).connectors;
}

describe('integration (connector) configuration', () => {
  it('configures no provider by default and syncs every 15 minutes', () => {
    expect(connectorsOf({})).toEqual({
      googleDrive: null,
      onedrive: null,
      dropbox: null,
      slack: null,
      notion: null,
      confluence: null,
      baseUrls: {},
      syncIntervalMinutes: 15,
    });
  });

  it('reuses the Google sign-in client for Drive and reads the Microsoft and Dropbox pairs', () => {
    const connectors = connectorsOf({
      GOOGLE_CLIENT_ID: 'google-id',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      MICROSOFT_CLIENT_ID: 'ms-id',
      MICROSOFT_CLIENT_SECRET: 'ms-secret',
      DROPBOX_APP_KEY: 'db-key',
      DROPBOX_APP_SECRET: 'db-secret',
      SYNC_INTERVAL_MINUTES: '60',
    });
    expect(connectors.googleDrive).toEqual({ clientId: 'google-id', clientSecret: 'google-secret' });
    expect(connectors.onedrive).toEqual({ clientId: 'ms-id', clientSecret: 'ms-secret', tenant: 'common' });
    expect(connectors.dropbox).toEqual({ clientId: 'db-key', clientSecret: 'db-secret' });
    expect(connectors.syncIntervalMinutes).toBe(60);
    const knowledge = connectorsOf({
      SLACK_CLIENT_ID: 'slack-id',
      SLACK_CLIENT_SECRET: 'slack-secret',
      NOTION_CLIENT_ID: 'notion-id',
      NOTION_CLIENT_SECRET: 'notion-secret',
      ATLASSIAN_CLIENT_ID: 'atlassian-id',
      ATLASSIAN_CLIENT_SECRET: 'atlassian-secret',
    });
    expect(knowledge.slack).toEqual({ clientId: 'slack-id', clientSecret: 'slack-secret' });
    expect(knowledge.notion).toEqual({ clientId: 'notion-id', clientSecret: 'notion-secret' });
    expect(knowledge.confluence).toEqual({ clientId: 'atlassian-id', clientSecret: 'atlassian-secret' });
    expect(
      connectorsOf({
        MICROSOFT_CLIENT_ID: 'a',
        MICROSOFT_CLIENT_SECRET: 'b',
        MICROSOFT_TENANT: 'contoso.onmicrosoft.com',
      }).onedrive?.tenant,
    ).toBe('contoso.onmicrosoft.com');
  });

  it('does not leak the new variables into the config beside their parsed form', () => {
    const config = configOf({ DROPBOX_APP_KEY: 'k', DROPBOX_APP_SECRET: 's' });
    expect(config).not.toHaveProperty('DROPBOX_APP_SECRET');
    expect(config).not.toHaveProperty('SYNC_INTERVAL_MINUTES');
  });

  it.each([
    [{ MICROSOFT_CLIENT_ID: 'a' }, 'MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET must be set together'],
    [{ MICROSOFT_CLIENT_SECRET: 'b' }, 'MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET must be set together'],
    [{ DROPBOX_APP_KEY: 'a' }, 'DROPBOX_APP_KEY and DROPBOX_APP_SECRET must be set together'],
    [{ DROPBOX_APP_SECRET: 'b' }, 'DROPBOX_APP_KEY and DROPBOX_APP_SECRET must be set together'],
    [{ SLACK_CLIENT_ID: 'a' }, 'SLACK_CLIENT_ID and SLACK_CLIENT_SECRET must be set together'],
    [{ NOTION_CLIENT_SECRET: 'b' }, 'NOTION_CLIENT_ID and NOTION_CLIENT_SECRET must be set together'],
    [{ ATLASSIAN_CLIENT_ID: 'a' }, 'ATLASSIAN_CLIENT_ID and ATLASSIAN_CLIENT_SECRET must be set together'],
    [{ GOOGLE_CLIENT_ID: 'a' }, 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together'],
    [{ MICROSOFT_TENANT: 'not a tenant/' }, 'MICROSOFT_TENANT must be common, organizations'],
  ])('refuses half a pair or a bad value: %j', (env, message) => {
    expect(failureOf(env)).toContain(message);
  });

  it('keeps a base URL as its origin and accepts a trailing slash', () => {
    expect(
      connectorsOf({
        CONNECTOR_BASE_URL_GOOGLE_DRIVE: 'http://127.0.0.1:4010/',
        CONNECTOR_BASE_URL_ONEDRIVE: 'http://localhost:4011',
        CONNECTOR_BASE_URL_DROPBOX: 'https://fake-dropbox.test',
        CONNECTOR_BASE_URL_SLACK: 'http://127.0.0.1:4012',
        CONNECTOR_BASE_URL_NOTION: 'http://127.0.0.1:4013/',
        CONNECTOR_BASE_URL_CONFLUENCE: 'http://127.0.0.1:4014',
      }).baseUrls,
    ).toEqual({
      'google-drive': 'http://127.0.0.1:4010',
      onedrive: 'http://localhost:4011',
      dropbox: 'https://fake-dropbox.test',
      slack: 'http://127.0.0.1:4012',
      notion: 'http://127.0.0.1:4013',
      confluence: 'http://127.0.0.1:4014',
    });
    expect(connectorsOf({ CONNECTOR_BASE_URL_DROPBOX: '' }).baseUrls).toEqual({});
  });

  it.each([
    'ftp://127.0.0.1:4010',
    'not a url',
    'http://127.0.0.1:4010/v3',
    'http://127.0.0.1:4010?x=1',
    'http://user:pass@127.0.0.1:4010',
  ])('refuses %s as a base URL, naming the variable', (value) => {
    expect(failureOf({ CONNECTOR_BASE_URL_ONEDRIVE: value })).toContain(
      'CONNECTOR_BASE_URL_ONEDRIVE: CONNECTOR_BASE_URL_ONEDRIVE must be an http(s) origin',
    );
  });

  it.each(['0', '1441', '2.5', 'often'])('refuses SYNC_INTERVAL_MINUTES=%s', (value) => {
    expect(failureOf({ SYNC_INTERVAL_MINUTES: value })).toContain(
      'SYNC_INTERVAL_MINUTES: SYNC_INTERVAL_MINUTES must be a whole number of minutes from 1 to 1440',
    );
  });

  it('accepts the bounds of SYNC_INTERVAL_MINUTES', () => {
    expect(connectorsOf({ SYNC_INTERVAL_MINUTES: '1' }).syncIntervalMinutes).toBe(1);
    expect(connectorsOf({ SYNC_INTERVAL_MINUTES: '1440' }).syncIntervalMinutes).toBe(1440);
  });
});
