import type { ConnectorsConfig } from '../../../config.ts';
import type { ConnectorDriver, DriverOptions } from '../connector-driver.ts';
import { createConfluenceDriver } from './confluence.ts';
import { createDropboxDriver } from './dropbox.ts';
import { createGoogleDriveDriver } from './google-drive.ts';
import { createNotionDriver } from './notion.ts';
import { createOneDriveDriver } from './onedrive.ts';
import { createSlackDriver } from './slack.ts';

/**
 * Every provider's driver for the configured clients (a driver of an unconfigured provider answers
 * `isConfigured() === false`). One line per provider; each driver reads its hosts from `connectors.baseUrls`.
 */
export function createDrivers(connectors: ConnectorsConfig, options: DriverOptions = {}): ConnectorDriver[] {
  return [
    createGoogleDriveDriver(connectors, options),
    createOneDriveDriver(connectors, options),
    createDropboxDriver(connectors, options),
    createSlackDriver(connectors, options),
    createNotionDriver(connectors, options),
    createConfluenceDriver(connectors, options),
  ];
}
