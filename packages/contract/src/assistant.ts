import { z } from 'zod';

/** Thinking types (docs/product-rules.md#thinking-types); their English texts are the web app's (apps/web/src/config). */
export const THINKING_TYPES = [
  'general',
  'pdf-search',
  'search',
  'summary',
  'rag',
  'upload',
  'delete',
  'workspace',
] as const;
export const thinkingTypeSchema = z.enum(THINKING_TYPES);
export type ThinkingType = z.infer<typeof thinkingTypeSchema>;

/** Which thinking type each assistant tool shows while it runs. */
export const TOOL_THINKING_TYPES = {
  search_files: 'search',
  summarize_document: 'summary',
  answer_from_documents: 'rag',
  workspace_overview: 'workspace',
  delete_file: 'delete',
  save_to_storage: 'upload',
} as const satisfies Record<string, ThinkingType>;

export const DOCUMENT_SOURCE_IDS = [
  'upload',
  'space',
  'google-drive',
  'onedrive',
  'dropbox',
  'slack',
  'notion',
  'confluence',
] as const;
export type DocumentSource = (typeof DOCUMENT_SOURCE_IDS)[number];

/** The platform shown in parentheses after a file or citation. */
export const PLATFORM_LABELS: Record<DocumentSource, string> = {
  upload: 'Upload',
  space: 'Space',
  'google-drive': 'Google Drive',
  onedrive: 'OneDrive',
  dropbox: 'Dropbox',
  slack: 'Slack',
  notion: 'Notion',
  confluence: 'Confluence',
};

export const DOCUMENT_STATUS_IDS = ['pending', 'processing', 'ready', 'failed'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUS_IDS)[number];

/** Shown on a document whose content had no extractable text (an image without OCR, say). */
export const NO_TEXT_FOUND = 'no text found';

export const documentSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  source: z.enum(DOCUMENT_SOURCE_IDS),
  mimeType: z.string().nullable(),
  status: z.enum(DOCUMENT_STATUS_IDS),
  error: z.string().nullable(),
  pageCount: z.number().int().nullable(),
  chunkCount: z.number().int(),
  fileId: z.string().nullable(),
  fileSize: z.number().int().nullable(),
  /** The space the document belongs to (a space file), else null. */
  spaceId: z.string().nullable(),
  /** Labels such as 'AI-processed' (the document hub's "process" action). */
  tags: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DocumentSummary = z.infer<typeof documentSummarySchema>;

export const uploadedFileSchema = z.object({
  id: z.string(),
  filename: z.string(),
  size: z.number().int(),
  mimeType: z.string(),
  sha256: z.string(),
  document: documentSummarySchema,
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/**
 * File types the chat picker accepts: the first list plus the formats the assistant issue added
 * (docs/product-rules.md#chat-uploads).
 */
export const UPLOAD_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'txt',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'md',
  'csv',
  'xlsx',
  'pptx',
  'html',
] as const;
export const DEFAULT_MAX_UPLOAD_MB = 50;

export const searchQuerySchema = z.object({
  q: z.string().trim().min(1, { error: 'Type something to search for' }).max(1000),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  /** Only documents of these MIME types (e.g. application/pdf). */
  mimeType: z.string().optional(),
  documentId: z.string().uuid().optional(),
  /** Only documents from this platform (upload, space, google-drive, …, slack, notion, confluence). */
  source: z.enum(DOCUMENT_SOURCE_IDS, { error: 'source must be one of the platforms documents come from' }).optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchResultSchema = z.object({
  chunkId: z.number().int(),
  documentId: z.string(),
  title: z.string(),
  source: z.enum(DOCUMENT_SOURCE_IDS),
  mimeType: z.string().nullable(),
  page: z.number().int().nullable(),
  /** The passage text (for the assistant). */
  text: z.string(),
  /** A short excerpt with matched words wrapped in <mark></mark>; everything else is HTML-escaped. */
  snippet: z.string(),
  score: z.number(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResponseSchema = z.object({ results: z.array(searchResultSchema), tookMs: z.number() });

/** A source an answer used: rendered as [n] chips with title, platform in parentheses, and page. */
export const citationSchema = z.object({
  index: z.number().int().positive(),
  documentId: z.string(),
  title: z.string(),
  source: z.enum(DOCUMENT_SOURCE_IDS),
  page: z.number().int().nullable(),
  /** Where the chip opens the document (our content URL, with #page=N for PDFs). */
  url: z.string(),
});
export type Citation = z.infer<typeof citationSchema>;

/** A file attached to a chat message. */
export const attachmentSchema = z.object({
  fileId: z.string(),
  documentId: z.string().nullable(),
  name: z.string(),
  source: z.enum(DOCUMENT_SOURCE_IDS),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/**
 * Custom parts of the streamed UI messages (AI SDK `data-*` parts): which thinking type is active, and the citations of
 * the answer.
 */
export const chatDataPartSchemas = {
  thinking: z.object({ type: thinkingTypeSchema }),
  citations: z.object({ citations: z.array(citationSchema) }),
};
export type ChatDataParts = {
  thinking: z.infer<typeof chatDataPartSchemas.thinking>;
  citations: z.infer<typeof chatDataPartSchemas.citations>;
};

export const chatMessageMetadataSchema = z.object({
  createdAt: z.string().optional(),
  attachments: z.array(attachmentSchema).optional(),
  model: z.string().optional(),
});
export type ChatMessageMetadata = z.infer<typeof chatMessageMetadataSchema>;

export const conversationSchema = z.object({
  id: z.string(),
  /** The space whose chat it is; null for the main chat's conversations. */
  spaceId: z.string().nullable(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const askRequestSchema = z.object({
  query: z
    .string({ error: 'query is required' })
    .trim()
    .min(1, { error: 'query is required' })
    .max(8000, { error: 'query is too long' }),
});
export const askResponseSchema = z.object({ response: z.string() });

/** Title rules for a conversation's first user message (docs/product-rules.md#conversation-titles). */
const TITLE_RULES: Array<[RegExp, string]> = [
  [/marketing/i, 'Marketing Discussion'],
  [/finance|budget/i, 'Finance Planning'],
  [/project|task/i, 'Project Management'],
  [/report|analysis/i, 'Report Analysis'],
  [/design|\bui\b/i, 'Design Review'],
];

export const CONVERSATION_TITLE_MAX = 30;
export const CONVERSATION_PREVIEW_MAX = 50;
export const EMPTY_CONVERSATION_TITLE = 'New conversation';

export function deriveConversationTitle(firstMessage: string): string {
  const text = firstMessage.trim();
  for (const [pattern, title] of TITLE_RULES) if (pattern.test(text)) return title;
  if (!text) return EMPTY_CONVERSATION_TITLE;
  // docs/product-rules.md#conversation-titles: the first three words, cut to 30 characters, plus an ellipsis.
  return `${text.split(/\s+/).slice(0, 3).join(' ').slice(0, CONVERSATION_TITLE_MAX)}...`;
}

/** The sidebar fallback: the last message cut to 50 characters. */
export function previewTitle(lastMessage: string | undefined): string {
  const text = (lastMessage ?? '').trim();
  if (!text) return EMPTY_CONVERSATION_TITLE;
  return text.length > CONVERSATION_PREVIEW_MAX ? `${text.slice(0, CONVERSATION_PREVIEW_MAX)}...` : text;
}

/** POST /api/files answers with every file of the batch (a batch is stored whole or not at all). */
/**
 * A file of an upload that was refused, on its own (ADR 0091): its name, the reason of the contract's ERROR_REASONS
 * (a string, so an answer naming a reason this build does not know yet still reads), the English message, and the
 * values of the message's placeholders so the web app can translate it.
 */
export const uploadRefusalSchema = z.object({
  name: z.string(),
  reason: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type UploadRefusal = z.infer<typeof uploadRefusalSchema>;

/** The files of an upload refused one by one; an answer from before per-file outcomes has none. */
export const uploadRefusalsSchema = z.array(uploadRefusalSchema).default([]);

/** The answer to an upload: the files accepted (stored, or found already stored) and the files refused. */
export const uploadResponseSchema = z.object({ files: z.array(uploadedFileSchema), refused: uploadRefusalsSchema });
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

export const documentIdParamsSchema = z.object({
  id: z.uuid({ error: 'The document id must be a UUID' }),
});

/** The document hub's type filter (docs/product-rules.md#document-hub) and the MIME types behind each. */
export const DOCUMENT_TYPE_FILTERS = ['pdf', 'word', 'excel', 'powerpoint', 'image', 'archive'] as const;
export type DocumentTypeFilter = (typeof DOCUMENT_TYPE_FILTERS)[number];
export const DOCUMENT_TYPE_MIME_TYPES: Record<DocumentTypeFilter, readonly string[]> = {
  pdf: ['application/pdf'],
  word: ['application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  excel: ['application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'],
  powerpoint: [
    'application/vnd.ms-powerpoint',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ],
  image: ['image/png', 'image/jpeg', 'image/gif'],
  archive: ['application/zip', 'application/x-zip-compressed', 'application/gzip', 'application/x-tar'],
};
/** The tag the document hub's "process" action adds. */
export const AI_PROCESSED_TAG = 'AI-processed';

export const documentListQuerySchema = z.object({
  /** The `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** Title contains (case-insensitive). */
  q: z.string().trim().max(200).optional(),
  /** Where it came from: upload, space, google-drive, onedrive, notion, slack, … */
  source: z.enum(DOCUMENT_SOURCE_IDS).optional(),
  type: z.enum(DOCUMENT_TYPE_FILTERS).optional(),
  /** 'processed': tagged AI-processed; 'unprocessed': not (the hub's ?filter= links). */
  processed: z.enum(['processed', 'unprocessed']).optional(),
});
export type DocumentListQuery = z.infer<typeof documentListQuerySchema>;

export const documentListResponseSchema = z.object({
  documents: z.array(documentSummarySchema),
  /** Pass as `cursor` to get the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type DocumentListResponse = z.infer<typeof documentListResponseSchema>;

/** POST /api/documents/process: runs the ingestion again on the selected documents and tags them AI-processed. */
export const processDocumentsSchema = z.object({
  documentIds: z
    .array(z.uuid('The document id must be a UUID'), { error: 'Please select assets to process' })
    .min(1, 'Please select assets to process')
    .max(100, 'Select at most 100 assets at once'),
});
export const processDocumentsResponseSchema = z.object({ documents: z.array(documentSummarySchema) });
