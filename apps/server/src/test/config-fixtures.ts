import { tmpdir } from 'node:os';
import { type Config, ConfigError, loadConfig } from '../config.ts';

/** The least environment a config test needs; each test adds the variables it is about. */
const BASE_ENV = { DATA_DIR: tmpdir(), SECRET_KEY: 'x'.repeat(32) };

export function configOf(env: Record<string, string>): Config {
  return loadConfig({ ...BASE_ENV, ...env });
}

/** The message of the ConfigError an environment is refused with; fails the test when it is accepted. */
export function configFailureOf(env: Record<string, string>): string {
  try {
    configOf(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('the configuration was accepted');
}
