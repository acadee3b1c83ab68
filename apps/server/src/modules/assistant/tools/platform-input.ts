import { DOCUMENT_SOURCE_IDS } from '@lumen/contract';
import { z } from 'zod';

/** The optional platform of a retrieval tool's input: set when the person names where to look. */
export const platformInput = z
  .enum(DOCUMENT_SOURCE_IDS)
  .optional()
  .describe(
    "Only documents from this platform, when the user names one: 'slack' for \"what did we decide in Slack\", 'notion', 'confluence', 'google-drive', 'onedrive', 'dropbox', 'upload' for their own uploads",
  );
