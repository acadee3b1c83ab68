import { PRODUCT_NAME, type ThinkingType } from '@lumen/contract';

/**
 * The spec's English thinking-indicator texts (spec 000 section 4). The screens show the translations in locales/;
 * the English ones must match these word for word (locales.test.ts).
 */
export const THINKING_TEXTS: Record<ThinkingType, string> = {
  general: `${PRODUCT_NAME} is thinking...`,
  'pdf-search': 'Searching for PDFs across all platforms...',
  search: 'Searching across your files...',
  summary: 'Analyzing document content...',
  rag: 'Analyzing knowledge base and generating insights...',
  upload: 'Uploading to cloud storage...',
  delete: 'Processing file deletion...',
  workspace: 'Accessing workspace data...',
};
