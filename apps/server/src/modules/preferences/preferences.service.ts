import type { updateUserPreferencesSchema } from '@lumen/contract';
import {
  DEFAULT_USER_PREFERENCES,
  LANGUAGES,
  type Language,
  THEMES,
  type Theme,
  type UserPreferences,
} from '@lumen/contract';
import type { z } from 'zod';
import type { Database } from '../../platform/db.ts';
import { findPreferences, type PreferencesRow, upsertPreferences } from './preferences.repository.ts';

function toPreferences(row: PreferencesRow | null): UserPreferences {
  if (!row) return { ...DEFAULT_USER_PREFERENCES };
  return {
    language: (LANGUAGES as readonly string[]).includes(row.language)
      ? (row.language as Language)
      : DEFAULT_USER_PREFERENCES.language,
    theme: (THEMES as readonly string[]).includes(row.theme) ? (row.theme as Theme) : DEFAULT_USER_PREFERENCES.theme,
    notificationsEnabled: row.notificationsEnabled,
    emailNotifications: row.emailNotifications,
    autoSaveDocuments: row.autoSaveDocuments,
  };
}

/** The user's saved preferences, or the defaults when none were saved. */
export async function getPreferences(db: Database, userId: string): Promise<UserPreferences> {
  return toPreferences(await findPreferences(db, userId));
}

/** Saves the given fields; the others keep their saved (or default) values. */
export async function updatePreferences(
  db: Database,
  userId: string,
  changes: z.infer<typeof updateUserPreferencesSchema>,
): Promise<UserPreferences> {
  const next = { ...(await getPreferences(db, userId)), ...changes };
  await upsertPreferences(db, userId, next);
  return next;
}
