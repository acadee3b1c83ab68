const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether the value is written as a UUID. Every record id is one, so anything else cannot name a record: the server
 * answers it like an unknown id (404) instead of handing it to PostgreSQL, which would refuse the cast.
 */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}
