import { z } from 'zod';
import type { ConnectorProvider } from './integrations.ts';

/**
 * The assistant's save_to_storage tool (thinking type 'upload', ADR 0083): its input, which the chat's confirmation
 * shows, and its result, which the chat renders. Both sides name the saved file with `toStorageFileName`, so the
 * confirmation shows exactly the name that is uploaded.
 */

/** The connected file stores the assistant can save to. */
export const STORAGE_PROVIDERS = [
  'google-drive',
  'onedrive',
  'dropbox',
] as const satisfies readonly ConnectorProvider[];
export type StorageProvider = (typeof STORAGE_PROVIDERS)[number];

export function isStorageProvider(value: string): value is StorageProvider {
  return (STORAGE_PROVIDERS as readonly string[]).includes(value);
}

/** Saved files are text: Markdown unless the name asks for plain text. */
export const SAVED_FILE_EXTENSIONS = ['md', 'txt'] as const;
export type SavedFileExtension = (typeof SAVED_FILE_EXTENSIONS)[number];
export const SAVED_FILE_MIME_TYPES: Record<SavedFileExtension, string> = { md: 'text/markdown', txt: 'text/plain' };
/** The name when nothing usable is left of the requested one. */
export const DEFAULT_SAVED_FILE_BASE = 'Lumen answer';
/** Characters of the name before its extension. */
export const SAVED_FILE_BASE_MAX = 120;

/**
 * A name every provider accepts: no path separators, control characters or characters Windows and OneDrive reserve
 * (`\ / : * ? " < > |`, and `#` `%` that break links), no leading or trailing dots and spaces, at most 120 characters,
 * ending in .md or .txt (another extension, such as the .pdf of the document being saved, becomes .md).
 */
export function toStorageFileName(requested: string): string {
  const cleaned = requested
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/[\\/:*?"<>|#%]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // An extension starts with a letter: "Minutes 27.11" keeps its date.
  const extension = /\.([a-z][a-z0-9]{0,4})$/i.exec(cleaned)?.[1]?.toLowerCase();
  const base = (extension ? cleaned.slice(0, -(extension.length + 1)) : cleaned)
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, SAVED_FILE_BASE_MAX)
    .trim();
  const kept: SavedFileExtension = extension === 'txt' ? 'txt' : 'md';
  return `${base || DEFAULT_SAVED_FILE_BASE}.${kept}`;
}

export function savedFileMimeType(fileName: string): string {
  return fileName.toLowerCase().endsWith('.txt') ? SAVED_FILE_MIME_TYPES.txt : SAVED_FILE_MIME_TYPES.md;
}

export const saveToStorageInputSchema = z.object({
  fileName: z
    .string()
    .max(300)
    .describe('The name to save the file as, ending in .md or .txt (other extensions become .md)'),
  provider: z
    .enum(STORAGE_PROVIDERS)
    .optional()
    .describe("Where to save: one of the user's connected stores. May be left out when only one is connected."),
  folder: z
    .string()
    .max(500)
    .optional()
    .describe(
      "The folder at the provider: a path such as '/Reports' at OneDrive and Dropbox, the folder's id at Google Drive; the store's root when left out",
    ),
  documentId: z.string().optional().describe('Save the text of this document'),
  documentTitle: z.string().max(300).optional().describe('Save the text of the document with this title'),
  text: z.string().max(200_000).optional().describe('Save this text instead, such as your previous answer'),
});
export type SaveToStorageInput = z.infer<typeof saveToStorageInputSchema>;

/**
 * saved; not-connected (that store, or none, is connected); needs-reconnect (the provider refused the stored grant);
 * choose-provider (several are connected and none was named); refused (the provider did not accept the file);
 * not-found (no such document the user may view); ambiguous (several match the title); nothing-to-save (no text);
 * folder-by-id (the store names folders by id and a path was given: Google Drive).
 */
export const SAVE_TO_STORAGE_STATUSES = [
  'saved',
  'not-connected',
  'needs-reconnect',
  'choose-provider',
  'refused',
  'not-found',
  'ambiguous',
  'nothing-to-save',
  'folder-by-id',
] as const;
export type SaveToStorageStatus = (typeof SAVE_TO_STORAGE_STATUSES)[number];

export const saveToStorageOutputSchema = z.object({
  kind: z.literal('save'),
  status: z.enum(SAVE_TO_STORAGE_STATUSES),
  provider: z.enum(STORAGE_PROVIDERS).nullable(),
  /** The name at the provider (it may have renamed a clash, "notes (1).md"). */
  fileName: z.string().nullable(),
  folder: z.string().nullable(),
  /** Where the user opens the saved file at the provider. */
  url: z.string().nullable(),
  /** The stores the user has connected (to choose from, or to save to instead). */
  connected: z.array(z.enum(STORAGE_PROVIDERS)),
  /** Titles, when the document named was ambiguous. */
  candidates: z.array(z.string()),
  /** Why it was not saved, in words for the user (the reconnect message, the provider's refusal). */
  message: z.string().nullable(),
});
export type SaveToStorageOutput = z.infer<typeof saveToStorageOutputSchema>;
