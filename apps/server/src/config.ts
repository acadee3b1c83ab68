import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AnomalyRules, type ConnectorProvider, DEFAULT_ANOMALY_RULES } from '@lumen/contract';
import { z } from 'zod';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverRoot, '../..');

const GOOGLE_DISCOVERY_URL = 'https://accounts.google.com/.well-known/openid-configuration';

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** An optional http(s) origin (no path, query or credentials), kept without a trailing slash. */
function connectorBaseUrl(name: string) {
  const message = `${name} must be an http(s) origin such as http://127.0.0.1:4010 (no path, query or credentials)`;
  return optionalString.pipe(
    z
      .url({ protocol: /^https?$/, error: message })
      .refine((value) => {
        if (!URL.canParse(value)) return true; // z.url() has reported it already
        const url = new URL(value);
        return (
          url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '' && url.password === ''
        );
      }, message)
      .transform((value) => new URL(value).origin)
      .optional(),
  );
}

/** Every environment variable Lumen reads, with the embedded-mode defaults (README "Configuration"). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Unset: `http://localhost:<PORT>`, with every loopback name for that port trusted (ADR 0008). */
  APP_URL: optionalString.pipe(z.url().optional()),
  TRUSTED_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  DATA_DIR: z.string().default('data'),
  /** `file:` (the default: local disk under DATA_DIR/files) or `s3://bucket[/prefix]`. */
  STORAGE_URL: optionalString,
  S3_ENDPOINT: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http(s) URL, e.g. http://127.0.0.1:4569' }).optional(),
  ),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: optionalString.pipe(
    z.enum(['true', 'false', '1', '0'], 'S3_FORCE_PATH_STYLE must be true or false').optional(),
  ),
  DATABASE_URL: optionalString,
  SECRET_KEY: optionalString.pipe(z.string().min(32, 'SECRET_KEY must be at least 32 characters').optional()),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Lumen <no-reply@lumen.local>'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_DISCOVERY_URL: z.url().default(GOOGLE_DISCOVERY_URL),
  /** OneDrive (Microsoft Graph) through an app registration in Microsoft Entra ID. */
  MICROSOFT_CLIENT_ID: optionalString,
  MICROSOFT_CLIENT_SECRET: optionalString,
  /** `common` (any work, school or personal account), `organizations`, `consumers`, or a tenant id or domain. */
  MICROSOFT_TENANT: optionalString
    .pipe(
      z
        .string()
        .regex(
          /^[A-Za-z0-9][A-Za-z0-9.-]{0,254}$/,
          'MICROSOFT_TENANT must be common, organizations, consumers, a tenant id or a domain',
        )
        .optional(),
    )
    .transform((value) => value ?? 'common'),
  DROPBOX_APP_KEY: optionalString,
  DROPBOX_APP_SECRET: optionalString,
  SLACK_CLIENT_ID: optionalString,
  SLACK_CLIENT_SECRET: optionalString,
  NOTION_CLIENT_ID: optionalString,
  NOTION_CLIENT_SECRET: optionalString,
  /** Confluence Cloud through an Atlassian OAuth 2.0 (3LO) app. */
  ATLASSIAN_CLIENT_ID: optionalString,
  ATLASSIAN_CLIENT_SECRET: optionalString,
  /** An origin that replaces every host of the provider, paths unchanged (tests point it at a local fake). */
  CONNECTOR_BASE_URL_GOOGLE_DRIVE: connectorBaseUrl('CONNECTOR_BASE_URL_GOOGLE_DRIVE'),
  CONNECTOR_BASE_URL_ONEDRIVE: connectorBaseUrl('CONNECTOR_BASE_URL_ONEDRIVE'),
  CONNECTOR_BASE_URL_DROPBOX: connectorBaseUrl('CONNECTOR_BASE_URL_DROPBOX'),
  CONNECTOR_BASE_URL_SLACK: connectorBaseUrl('CONNECTOR_BASE_URL_SLACK'),
  CONNECTOR_BASE_URL_NOTION: connectorBaseUrl('CONNECTOR_BASE_URL_NOTION'),
  CONNECTOR_BASE_URL_CONFLUENCE: connectorBaseUrl('CONNECTOR_BASE_URL_CONFLUENCE'),
  /** How often every connection is synced in the background. */
  SYNC_INTERVAL_MINUTES: z.coerce
    .number('SYNC_INTERVAL_MINUTES must be a whole number of minutes from 1 to 1440')
    .int('SYNC_INTERVAL_MINUTES must be a whole number of minutes from 1 to 1440')
    .min(1, 'SYNC_INTERVAL_MINUTES must be a whole number of minutes from 1 to 1440')
    .max(1440, 'SYNC_INTERVAL_MINUTES must be a whole number of minutes from 1 to 1440')
    .default(15),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  /**
   * Who may say where a request came from (X-Forwarded-For): nobody (unset, the default), the number of proxies in
   * front, or their addresses (ADR 0112). Parsed by `trustProxyOf`.
   */
  TRUST_PROXY: optionalString,
  /** Failed password sign-ins one email address may have within the window before it is locked (ADR 0112). */
  SIGN_IN_LOCK_ATTEMPTS: z.coerce
    .number('SIGN_IN_LOCK_ATTEMPTS must be a whole number from 1')
    .int('SIGN_IN_LOCK_ATTEMPTS must be a whole number from 1')
    .positive('SIGN_IN_LOCK_ATTEMPTS must be a whole number from 1')
    .default(10),
  /** The lockout's window: it starts at an address's first failure, and a locked address opens when it ends. */
  SIGN_IN_LOCK_WINDOW_MS: z.coerce
    .number('SIGN_IN_LOCK_WINDOW_MS must be a whole number of milliseconds from 1')
    .int('SIGN_IN_LOCK_WINDOW_MS must be a whole number of milliseconds from 1')
    .positive('SIGN_IN_LOCK_WINDOW_MS must be a whole number of milliseconds from 1')
    .default(15 * 60_000),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  MAX_UPLOAD_MB: z.coerce.number().positive().max(1024).default(50),
  /** Memory for search's decoded posting segments, per process (ADR 0094); 0 keeps none (each search reads them). */
  SEARCH_CACHE_MB: z.coerce.number().int().min(0).max(65_536).default(256),
  /**
   * On the embedded database, passages are analysed for indexing on a worker thread of their own (ADR 0095); false
   * leaves it to the indexing statement (one thread, about 100 MB less memory).
   */
  SEARCH_ANALYSIS_WORKER: optionalString
    .pipe(z.enum(['true', 'false', '1', '0'], 'SEARCH_ANALYSIS_WORKER must be true or false').optional())
    .transform((value) => value === undefined || value === 'true' || value === '1'),
  /** Text is read from uploaded images with the bundled offline OCR (ADR 0015); false saves its memory and CPU. */
  OCR_ENABLED: optionalString
    .pipe(z.enum(['true', 'false', '1', '0'], 'OCR_ENABLED must be true or false').optional())
    .transform((value) => value === undefined || value === 'true' || value === '1'),
  AI_PROVIDER: z.enum(['builtin', 'openai-compatible', 'openai', 'anthropic']).default('builtin'),
  AI_BASE_URL: optionalString.pipe(z.url().optional()),
  AI_MODEL: optionalString,
  AI_API_KEY: optionalString,
  EMBEDDINGS_BASE_URL: optionalString.pipe(z.url().optional()),
  EMBEDDINGS_MODEL: optionalString,
  EMBEDDINGS_API_KEY: optionalString,
  ASSISTANT_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(30),
  /** Invitations one user may create per hour. */
  INVITATION_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(30),
  /** How long an invitation link stays valid. */
  INVITATION_EXPIRY_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  /** The anomaly rules' thresholds to change, as JSON of DEFAULT_ANOMALY_RULES' shape (any part of it). */
  ANOMALY_RULES: optionalString,
});

export type Env = z.infer<typeof envSchema>;

/** Where uploaded files live, decided from STORAGE_URL and the S3_* variables. */
export type StorageConfig =
  | { driver: 'local' }
  | {
      driver: 's3';
      bucket: string;
      /** Prepended to every object key, without leading or trailing slashes; '' for none. */
      prefix: string;
      /** Unset means AWS itself. */
      endpoint: string | undefined;
      region: string;
      /** Unset means the SDK's default chain (AWS_* variables, instance or task roles). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
    };

type S3Variable = 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE';
const S3_VARIABLES: S3Variable[] = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
];

type ConnectorVariable =
  | 'MICROSOFT_CLIENT_ID'
  | 'MICROSOFT_CLIENT_SECRET'
  | 'MICROSOFT_TENANT'
  | 'DROPBOX_APP_KEY'
  | 'DROPBOX_APP_SECRET'
  | 'SLACK_CLIENT_ID'
  | 'SLACK_CLIENT_SECRET'
  | 'NOTION_CLIENT_ID'
  | 'NOTION_CLIENT_SECRET'
  | 'ATLASSIAN_CLIENT_ID'
  | 'ATLASSIAN_CLIENT_SECRET'
  | 'CONNECTOR_BASE_URL_GOOGLE_DRIVE'
  | 'CONNECTOR_BASE_URL_ONEDRIVE'
  | 'CONNECTOR_BASE_URL_DROPBOX'
  | 'CONNECTOR_BASE_URL_SLACK'
  | 'CONNECTOR_BASE_URL_NOTION'
  | 'CONNECTOR_BASE_URL_CONFLUENCE'
  | 'SYNC_INTERVAL_MINUTES';

/** An OAuth 2 client registered with a provider. */
export interface OAuthClientCredentials {
  clientId: string;
  clientSecret: string;
}

/** What the integrations read (ADR 0080): each provider's client (null: not configured), base URLs, the sync pace. */
export interface ConnectorsConfig {
  googleDrive: OAuthClientCredentials | null;
  onedrive: (OAuthClientCredentials & { tenant: string }) | null;
  dropbox: OAuthClientCredentials | null;
  slack: OAuthClientCredentials | null;
  notion: OAuthClientCredentials | null;
  /** Confluence Cloud's Atlassian OAuth 2.0 (3LO) app. */
  confluence: OAuthClientCredentials | null;
  /** Origins that replace every host of a provider (tests); absent means the provider's real hosts. */
  baseUrls: Partial<Record<ConnectorProvider, string>>;
  syncIntervalMinutes: number;
}

export interface Config
  extends Omit<
    Env,
    | 'APP_URL'
    | 'SECRET_KEY'
    | 'DATA_DIR'
    | 'TRUSTED_ORIGINS'
    | 'STORAGE_URL'
    | 'ANOMALY_RULES'
    | 'TRUST_PROXY'
    | S3Variable
    | ConnectorVariable
  > {
  /** The anomaly detection's thresholds: DEFAULT_ANOMALY_RULES with ANOMALY_RULES over them. */
  anomalyRules: AnomalyRules;
  /** The public address: APP_URL, or `http://localhost:<PORT>` when it is unset. */
  APP_URL: string;
  DATA_DIR: string;
  storage: StorageConfig;
  SECRET_KEY: string;
  /**
   * APP_URL's origin plus TRUSTED_ORIGINS: the origins allowed to make state-changing requests. With APP_URL unset,
   * every loopback name for PORT (localhost, 127.0.0.1, [::1]) instead of APP_URL's origin.
   */
  trustedOrigins: string[];
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | null;
  connectors: ConnectorsConfig;
  /** TRUST_PROXY in the form Fastify's `trustProxy` takes; `false` unless TRUST_PROXY names the proxies. */
  trustProxy: TrustProxy;
}

/**
 * Which hops of a request's path are trusted proxies: none, the addresses or ranges listed, or (a hop count) the first
 * n hops counted from this server, whoever they are. Fastify's own number form trusts no hop at all, so a count is
 * given to it as this function.
 */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

export class ConfigError extends Error {}

/** Validates the environment and fills in what embedded mode derives (data dir, generated secret). */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new ConfigError(`Invalid configuration:\n${problems}`);
  }
  const env = parsed.data;
  const baseDir = source.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(baseDir, env.DATA_DIR);
  if ((env.GOOGLE_CLIENT_ID === undefined) !== (env.GOOGLE_CLIENT_SECRET === undefined)) {
    throw new ConfigError('Invalid configuration:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  requireTogether(env, 'MICROSOFT_CLIENT_ID', 'MICROSOFT_CLIENT_SECRET');
  requireTogether(env, 'DROPBOX_APP_KEY', 'DROPBOX_APP_SECRET');
  requireTogether(env, 'SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET');
  requireTogether(env, 'NOTION_CLIENT_ID', 'NOTION_CLIENT_SECRET');
  requireTogether(env, 'ATLASSIAN_CLIENT_ID', 'ATLASSIAN_CLIENT_SECRET');
  if (env.AI_PROVIDER !== 'builtin' && !env.AI_MODEL) {
    throw new ConfigError(`Invalid configuration:\n  AI_MODEL is required when AI_PROVIDER is ${env.AI_PROVIDER}`);
  }
  if (env.AI_PROVIDER === 'openai-compatible' && !env.AI_BASE_URL) {
    throw new ConfigError('Invalid configuration:\n  AI_BASE_URL is required when AI_PROVIDER is openai-compatible');
  }
  if ((env.EMBEDDINGS_BASE_URL === undefined) !== (env.EMBEDDINGS_MODEL === undefined)) {
    throw new ConfigError('Invalid configuration:\n  EMBEDDINGS_BASE_URL and EMBEDDINGS_MODEL must be set together');
  }
  const storage = storageConfig(env);
  const {
    STORAGE_URL,
    S3_ENDPOINT,
    S3_REGION,
    S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY,
    S3_FORCE_PATH_STYLE,
    MICROSOFT_CLIENT_ID,
    MICROSOFT_CLIENT_SECRET,
    MICROSOFT_TENANT,
    DROPBOX_APP_KEY,
    DROPBOX_APP_SECRET,
    SLACK_CLIENT_ID,
    SLACK_CLIENT_SECRET,
    NOTION_CLIENT_ID,
    NOTION_CLIENT_SECRET,
    ATLASSIAN_CLIENT_ID,
    ATLASSIAN_CLIENT_SECRET,
    CONNECTOR_BASE_URL_GOOGLE_DRIVE,
    CONNECTOR_BASE_URL_ONEDRIVE,
    CONNECTOR_BASE_URL_DROPBOX,
    CONNECTOR_BASE_URL_SLACK,
    CONNECTOR_BASE_URL_NOTION,
    CONNECTOR_BASE_URL_CONFLUENCE,
    SYNC_INTERVAL_MINUTES,
    ANOMALY_RULES,
    TRUST_PROXY,
    ...rest
  } = env;
  const { appUrl, appOrigins } = publicAddress(env);
  return {
    ...rest,
    APP_URL: appUrl,
    DATA_DIR: dataDir,
    storage,
    SECRET_KEY: env.SECRET_KEY ?? readOrCreateSecret(dataDir),
    trustedOrigins: [...new Set([...appOrigins, ...env.TRUSTED_ORIGINS])],
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            discoveryUrl: env.GOOGLE_DISCOVERY_URL,
          }
        : null,
    connectors: connectorsConfig(env),
    anomalyRules: anomalyRulesOf(ANOMALY_RULES),
    trustProxy: trustProxyOf(TRUST_PROXY),
  };
}

/** proxy-addr's names for ranges (Fastify compiles them): loopback, link-local and private (unique local) addresses. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: unset or `false` trusts no proxy, so X-Forwarded-For is ignored and the client is the peer; a whole
 * number is how many proxies stand in front; otherwise a comma-separated list of proxy addresses, CIDR ranges and the
 * names above. `true` (everything) is refused: any client could then choose the address it is limited and audited by.
 */
function trustProxyOf(value: string | undefined): TrustProxy {
  const invalid = (message: string) => new ConfigError(`Invalid configuration:\n  TRUST_PROXY: ${message}`);
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true') {
    throw invalid(
      'true would believe any client about its own address (X-Forwarded-For); give the number of proxies in front of ' +
        'Lumen (e.g. 1) or their addresses (e.g. 10.0.0.5 or 10.0.0.0/8)',
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const problem = proxyEntryProblem(entry);
    if (problem) throw invalid(`"${entry}" ${problem}`);
  }
  return entries;
}

/** Why a TRUST_PROXY entry is not an address, a CIDR range or a range name; undefined when it is one. */
function proxyEntryProblem(entry: string): string | undefined {
  if (PROXY_RANGE_NAMES.has(entry)) return undefined;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  const expected = 'is not an IP address, a CIDR range (10.0.0.0/8) or loopback, linklocal or uniquelocal';
  if (version === 0 || rest.length > 0) return expected;
  if (prefix === undefined) return undefined;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : Number.NaN;
  if (!(bits <= (version === 4 ? 32 : 128))) return expected;
  if (bits === 0) return 'trusts every address, as true would; name the proxies instead';
  return undefined;
}

/** A rule's field: a positive number (a share for `maxShare`). */
const ruleFieldSchema = z.number().positive();

/** DEFAULT_ANOMALY_RULES with the JSON's values over them; unknown rules or fields, or bad values, stop the start. */
function anomalyRulesOf(json: string | undefined): AnomalyRules {
  const rules = structuredClone(DEFAULT_ANOMALY_RULES) as AnomalyRules;
  if (json === undefined) return rules;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new ConfigError('Invalid configuration:\n  ANOMALY_RULES must be JSON');
  }
  const shape = Object.fromEntries(
    Object.entries(DEFAULT_ANOMALY_RULES).map(([rule, fields]) => [
      rule,
      z
        .strictObject(Object.fromEntries(Object.keys(fields).map((field) => [field, ruleFieldSchema.optional()])))
        .optional(),
    ]),
  );
  const result = z.strictObject(shape).safeParse(parsed);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ANOMALY_RULES.${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  for (const [rule, fields] of Object.entries(result.data)) {
    Object.assign(rules[rule as keyof AnomalyRules], fields ?? {});
  }
  return rules;
}

type PairedVariable =
  | 'MICROSOFT_CLIENT_ID'
  | 'MICROSOFT_CLIENT_SECRET'
  | 'DROPBOX_APP_KEY'
  | 'DROPBOX_APP_SECRET'
  | 'SLACK_CLIENT_ID'
  | 'SLACK_CLIENT_SECRET'
  | 'NOTION_CLIENT_ID'
  | 'NOTION_CLIENT_SECRET'
  | 'ATLASSIAN_CLIENT_ID'
  | 'ATLASSIAN_CLIENT_SECRET';

function requireTogether(env: Env, first: PairedVariable, second: PairedVariable): void {
  if ((env[first] === undefined) !== (env[second] === undefined)) {
    throw new ConfigError(`Invalid configuration:\n  ${first} and ${second} must be set together`);
  }
}

function credentialsOf(clientId: string | undefined, clientSecret: string | undefined): OAuthClientCredentials | null {
  return clientId && clientSecret ? { clientId, clientSecret } : null;
}

/** The integrations' clients: Google Drive reuses the Google sign-in client (GOOGLE_CLIENT_ID/SECRET). */
function connectorsConfig(env: Env): ConnectorsConfig {
  const baseUrls: Partial<Record<ConnectorProvider, string>> = {};
  if (env.CONNECTOR_BASE_URL_GOOGLE_DRIVE) baseUrls['google-drive'] = env.CONNECTOR_BASE_URL_GOOGLE_DRIVE;
  if (env.CONNECTOR_BASE_URL_ONEDRIVE) baseUrls.onedrive = env.CONNECTOR_BASE_URL_ONEDRIVE;
  if (env.CONNECTOR_BASE_URL_DROPBOX) baseUrls.dropbox = env.CONNECTOR_BASE_URL_DROPBOX;
  if (env.CONNECTOR_BASE_URL_SLACK) baseUrls.slack = env.CONNECTOR_BASE_URL_SLACK;
  if (env.CONNECTOR_BASE_URL_NOTION) baseUrls.notion = env.CONNECTOR_BASE_URL_NOTION;
  if (env.CONNECTOR_BASE_URL_CONFLUENCE) baseUrls.confluence = env.CONNECTOR_BASE_URL_CONFLUENCE;
  return {
    googleDrive:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
        : null,
    onedrive:
      env.MICROSOFT_CLIENT_ID && env.MICROSOFT_CLIENT_SECRET
        ? { clientId: env.MICROSOFT_CLIENT_ID, clientSecret: env.MICROSOFT_CLIENT_SECRET, tenant: env.MICROSOFT_TENANT }
        : null,
    dropbox:
      env.DROPBOX_APP_KEY && env.DROPBOX_APP_SECRET
        ? { clientId: env.DROPBOX_APP_KEY, clientSecret: env.DROPBOX_APP_SECRET }
        : null,
    slack: credentialsOf(env.SLACK_CLIENT_ID, env.SLACK_CLIENT_SECRET),
    notion: credentialsOf(env.NOTION_CLIENT_ID, env.NOTION_CLIENT_SECRET),
    confluence: credentialsOf(env.ATLASSIAN_CLIENT_ID, env.ATLASSIAN_CLIENT_SECRET),
    baseUrls,
    syncIntervalMinutes: env.SYNC_INTERVAL_MINUTES,
  };
}

/**
 * The public address, decided here once so mail links, Better Auth, the CSRF check and the WebSocket agree. Without
 * APP_URL nothing says where users reach the app, so it is where this process listens: a browser on this machine may
 * call it localhost, 127.0.0.1 or [::1], and all three must be able to sign up (ADR 0008).
 */
function publicAddress(env: Env): { appUrl: string; appOrigins: string[] } {
  if (env.APP_URL !== undefined) return { appUrl: env.APP_URL, appOrigins: [new URL(env.APP_URL).origin] };
  if (env.PORT === 0) {
    // The OS picks the port at listen time, after every link and origin would have been fixed.
    throw new ConfigError('Invalid configuration:\n  APP_URL is required when PORT is 0 (a port chosen at start)');
  }
  // Through URL so that port 80 gives `http://localhost`, the form browsers send in Origin.
  const loopback = (host: string) => new URL(`http://${host}:${env.PORT}`).origin;
  return {
    appUrl: loopback('localhost'),
    appOrigins: [loopback('localhost'), loopback('127.0.0.1'), loopback('[::1]')],
  };
}

// S3 bucket naming rules: 3-63 characters, lowercase letters, digits, dots and hyphens, starting and ending with a
// letter or digit.
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_SEGMENT = /^[A-Za-z0-9._-]+$/;

function storageConfig(env: Env): StorageConfig {
  const invalid = (message: string) => new ConfigError(`Invalid configuration:\n  ${message}`);
  const url = env.STORAGE_URL ?? 'file:';
  if (url === 'file:' || url === 'file://') {
    // S3 settings without an s3:// STORAGE_URL would otherwise be ignored silently and files would land on local disk.
    const stray = S3_VARIABLES.find((name) => env[name] !== undefined);
    if (stray) throw invalid(`${stray} is set but STORAGE_URL is not an s3:// URL (set STORAGE_URL=s3://bucket)`);
    return { driver: 'local' };
  }
  if (url.startsWith('file:')) {
    throw invalid('STORAGE_URL=file: takes no path: local files are always stored under DATA_DIR/files');
  }
  if (!url.startsWith('s3://')) {
    throw invalid('STORAGE_URL must be file: (local disk under DATA_DIR) or s3://bucket[/prefix]');
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid('STORAGE_URL is not a valid URL; expected s3://bucket or s3://bucket/prefix');
  }
  if (parsed.username || parsed.password) {
    throw invalid('STORAGE_URL must not contain credentials: use S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  if (parsed.port || parsed.search || parsed.hash) {
    throw invalid(
      'STORAGE_URL takes only a bucket and a prefix (s3://bucket/prefix); give the server address in S3_ENDPOINT',
    );
  }
  const bucket = parsed.hostname;
  if (!bucket) throw invalid('STORAGE_URL needs a bucket name: s3://bucket or s3://bucket/prefix');
  if (!BUCKET_NAME.test(bucket)) {
    throw invalid(
      `STORAGE_URL: "${bucket}" is not a valid bucket name (3-63 lowercase letters, digits, dots and hyphens)`,
    );
  }
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
    throw invalid('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  const prefixSegments = parsed.pathname.split('/').filter(Boolean);
  if (prefixSegments.some((segment) => !PREFIX_SEGMENT.test(segment) || segment === '.' || segment === '..')) {
    throw invalid("STORAGE_URL: the prefix may contain only letters, digits, '.', '_', '-' and '/'");
  }
  return {
    driver: 's3',
    bucket,
    prefix: prefixSegments.join('/'),
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION ?? 'us-east-1',
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    // A self-hosted endpoint rarely has a wildcard DNS name per bucket; AWS itself prefers virtual-hosted style.
    forcePathStyle:
      env.S3_FORCE_PATH_STYLE === undefined
        ? env.S3_ENDPOINT !== undefined
        : env.S3_FORCE_PATH_STYLE === 'true' || env.S3_FORCE_PATH_STYLE === '1',
  };
}

/** Embedded mode keeps a generated secret in the data dir so sessions survive restarts without configuration. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
