import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverRoot, '../..');

const GOOGLE_DISCOVERY_URL = 'https://accounts.google.com/.well-known/openid-configuration';

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** Every environment variable Lumen reads, with the embedded-mode defaults (README "Configuration"). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  APP_URL: z.url().default('http://localhost:3000'),
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
  DATABASE_URL: optionalString,
  SECRET_KEY: optionalString.pipe(z.string().min(32, 'SECRET_KEY must be at least 32 characters').optional()),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Lumen <no-reply@lumen.local>'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_DISCOVERY_URL: z.url().default(GOOGLE_DISCOVERY_URL),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  MAX_UPLOAD_MB: z.coerce.number().positive().max(1024).default(50),
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
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'SECRET_KEY' | 'DATA_DIR' | 'TRUSTED_ORIGINS'> {
  DATA_DIR: string;
  SECRET_KEY: string;
  /** APP_URL's origin plus TRUSTED_ORIGINS: the origins allowed to make state-changing requests. */
  trustedOrigins: string[];
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | null;
}

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
  if (env.AI_PROVIDER !== 'builtin' && !env.AI_MODEL) {
    throw new ConfigError(`Invalid configuration:\n  AI_MODEL is required when AI_PROVIDER is ${env.AI_PROVIDER}`);
  }
  if (env.AI_PROVIDER === 'openai-compatible' && !env.AI_BASE_URL) {
    throw new ConfigError('Invalid configuration:\n  AI_BASE_URL is required when AI_PROVIDER is openai-compatible');
  }
  if ((env.EMBEDDINGS_BASE_URL === undefined) !== (env.EMBEDDINGS_MODEL === undefined)) {
    throw new ConfigError('Invalid configuration:\n  EMBEDDINGS_BASE_URL and EMBEDDINGS_MODEL must be set together');
  }
  const appOrigin = new URL(env.APP_URL).origin;
  return {
    ...env,
    DATA_DIR: dataDir,
    SECRET_KEY: env.SECRET_KEY ?? readOrCreateSecret(dataDir),
    trustedOrigins: [...new Set([appOrigin, ...env.TRUSTED_ORIGINS])],
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            discoveryUrl: env.GOOGLE_DISCOVERY_URL,
          }
        : null,
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
