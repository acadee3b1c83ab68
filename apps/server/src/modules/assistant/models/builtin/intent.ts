import {
  DEFAULT_SAVED_FILE_BASE,
  type DocumentSource,
  type SaveToStorageInput,
  type StorageProvider,
} from '@lumen/contract';

/**
 * How the builtin model reads a request: which tool answers it, and with what input. Plain patterns over the
 * question; the tools then do the real work (retrieval, permission checks).
 */

export type ToolChoice =
  | { toolName: 'delete_file'; input: { documentId?: string; fileName?: string } }
  | { toolName: 'save_to_storage'; input: SaveToStorageInput }
  | { toolName: 'summarize_document'; input: { documentId?: string; title?: string } }
  | { toolName: 'workspace_overview'; input: Record<string, never> }
  | { toolName: 'search_files'; input: { query: string; pdfOnly?: boolean; platform?: DocumentSource } }
  | { toolName: 'answer_from_documents'; input: { query: string; platform?: DocumentSource } };

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i;
/** A file name without spaces ("q3-report.pdf"); names with spaces are recognised when quoted. */
const FILE_NAME =
  /[\p{L}\p{N}_()[\]-][\p{L}\p{N}_()[\].-]*\.(?:pdf|docx?|txt|md|csv|xlsx|pptx|html?|png|jpe?g|gif)\b/iu;
const QUOTED = /["“'‘]([^"”'’]{1,200})["”'’]/;

const DELETE = /\b(delete|remove|erase|trash|get rid of)\b/i;
const FILE_WORD = /\b(files?|documents?|docs?|pdfs?|uploads?|spreadsheets?|presentations?|images?)\b/i;
const SUMMARY = /\b(summari[sz]e|summari[sz]ing|summary|sum up|tl;?dr|key points|main points|gist|recap)\b/i;
const WORKSPACE =
  /\b(how many (files|documents|docs|pdfs|uploads|conversations|chats)|(what|which) (files|documents|docs|pdfs)( do| have| did|'ve| are there| i have)|list (all |of )?(my |the )?(files|documents|docs|pdfs|conversations)|my workspace|workspace (overview|summary|status)|(show|tell) me (all )?my (files|documents|docs)|overview of my|my (recent )?(files|documents|uploads|conversations)\b)/i;
const SEARCH =
  /^\s*(find|search|look for|locate|show me)\b|\bwhich (files|documents|docs|pdfs) (mention|contain|talk|discuss|say|cover)/i;
const PDF = /\bpdfs?\b/i;

/** "Save/upload/put ... to <a store>", as a request (so "what did I upload to Dropbox?" is not one). */
const SAVE =
  /^\s*(?:(?:please|pls|kindly|ok(?:ay)?|now|and|then)[,\s]+)*(?:(?:can|could|would|will) you\s+(?:please\s+)?|i(?:'d| would) like (?:you )?to\s+|i want (?:you )?to\s+)?(?:save|upload|put|store|copy|export|send|back up)\b/i;
const STORE = /\b(?:google\s*drive|gdrive|one\s*drive|drop\s*box|cloud(?:\s+storage)?|drive)\b/i;
const STORE_NAMES: Array<[RegExp, StorageProvider]> = [
  [/\b(?:google\s*drive|gdrive)\b/i, 'google-drive'],
  [/\bone\s*drive\b/i, 'onedrive'],
  [/\bdrop\s*box\b/i, 'dropbox'],
];
/** Where the thing to save ends: the destination, the new name or the folder. */
const SAVE_TARGET_END = [
  /\s+(?:to|in|into|on|onto)\s+(?:my\s+|the\s+|our\s+|a\s+)?(?:google\s*drive|gdrive|one\s*drive|drop\s*box|cloud|drive|folder)\b/i,
  /\s+(?:in|into|to|under)\s+(?:the\s+|my\s+|a\s+)?\S+\s+folder\b/i,
  /\s+as\s+/i,
];
const SAVE_AS = /\bas\s+["“'‘]?([^"”'’]+?)["”'’]?\s*(?=$|[.!?]\s*$|\s+(?:to|in|into|on|onto)\s)/i;
const FOLDER_NAMED =
  /\b(?:in|into|to|under)\s+(?:the\s+|my\s+|a\s+)?folder\s+(?:called\s+|named\s+)?["“'‘]?([^"”'’,!?]+?)["”'’]?(?=\s+(?:on|in|to|of|at|as)\s|[.,!?]?\s*$)/i;
/** "in the Archive folder", "into the 'Team notes' folder": one word, or quoted words. */
const NAMED_FOLDER =
  /\b(?:in|into|to|under)\s+(?:the\s+|my\s+|a\s+)?(?:["“'‘]([^"”'’]+)["”'’]|([\p{L}\p{N}_/.-]+))\s+folder\b/iu;
/** What the request calls the previous answer ("this", "your answer", "the summary above"...). */
const PREVIOUS_ANSWER =
  /^(?:(?:this|that|the|your|my)\s+)?(?:(?:last|previous)\s+)?(?:answer|reply|response|summary|result|text|it|this|that)?(?:\s+above)?$/i;
/** Words of the previous question that name a saved answer. */
const ANSWER_NAME_WORDS = 6;

/** A file the request names: a quoted name, something that looks like a file name, or the words after the verb. */
function extractTarget(text: string, verbs: RegExp): string | undefined {
  const quoted = QUOTED.exec(text)?.[1]?.trim();
  if (quoted) return quoted;
  const fileName = FILE_NAME.exec(text)?.[0]?.trim();
  if (fileName) return fileName.replace(/^(the|my|file|document)\s+/i, '');
  const after = text.split(verbs)[2];
  if (!after) return undefined;
  const cleaned = after
    .replace(/[?.!]+\s*$/, '')
    .replace(/^\s*(of|for)?\s*(the|my|this|that)?\s*(file|document|doc|pdf|upload)?\s*(called|named|titled)?\s*/i, '')
    .replace(/\s+(file|document|doc|pdf)\s*$/i, '')
    .replace(/\s+(please|for me)\s*$/i, '')
    .trim();
  if (!cleaned || /^(it|this|that|them|these|those|all|everything|the document|the file)$/i.test(cleaned)) {
    return undefined;
  }
  return cleaned.slice(0, 200);
}

/** The turn before the request, for "save this answer". */
export interface PreviousTurn {
  question?: string | undefined;
  answer?: string | undefined;
}

/** A folder named in words is a path from the store's root (ids are for real models to pass). */
function readFolder(text: string): string | undefined {
  const named = NAMED_FOLDER.exec(text);
  const folder = (FOLDER_NAMED.exec(text)?.[1] ?? named?.[1] ?? named?.[2])?.trim();
  if (!folder || /^(the|my|a)$/i.test(folder)) return undefined;
  return folder.startsWith('/') ? folder : `/${folder}`;
}

/** The document a save request names, or undefined for "this" (the previous answer). */
function extractSaveTarget(text: string): string | undefined {
  const quoted = QUOTED.exec(text)?.[1]?.trim();
  if (quoted) return quoted;
  const fileName = FILE_NAME.exec(text)?.[0]?.trim();
  if (fileName) return fileName;
  let rest = text.replace(SAVE, '');
  for (const end of SAVE_TARGET_END) rest = rest.split(end)[0] ?? rest;
  const cleaned = rest
    .replace(/[?.!]+\s*$/, '')
    .replace(
      /^\s*(?:(?:the|my|this|that|your)\s+)?(?:(?:file|document|doc|pdf)\s+)?(?:(?:called|named|titled)\s+)?/i,
      '',
    )
    .trim();
  return !cleaned || PREVIOUS_ANSWER.test(cleaned) ? undefined : cleaned.slice(0, 200);
}

function chooseSave(text: string, previous: PreviousTurn): ToolChoice | null {
  if (!SAVE.test(text) || !STORE.test(text)) return null;
  const provider = STORE_NAMES.find(([pattern]) => pattern.test(text))?.[1];
  const folder = readFolder(text);
  const requestedName = SAVE_AS.exec(text)?.[1]?.trim();
  const where = { ...(provider ? { provider } : {}), ...(folder ? { folder } : {}) };
  const documentId = UUID.exec(text)?.[0];
  if (documentId) {
    return { toolName: 'save_to_storage', input: { ...where, documentId, fileName: requestedName ?? documentId } };
  }
  const target = extractSaveTarget(text);
  if (target) {
    return {
      toolName: 'save_to_storage',
      input: { ...where, documentTitle: target, fileName: requestedName ?? target },
    };
  }
  // The previous answer, named after the question it answered.
  const fromQuestion = previous.question
    ?.split(/\s+/)
    .slice(0, ANSWER_NAME_WORDS)
    .join(' ')
    .replace(/[?.!]+$/, '');
  return {
    toolName: 'save_to_storage',
    input: {
      ...where,
      fileName: requestedName ?? (fromQuestion || DEFAULT_SAVED_FILE_BASE),
      ...(previous.answer?.trim() ? { text: previous.answer.trim() } : {}),
    },
  };
}

/** A platform named as where to look: "in Slack", "from our Notion", "on Google Drive", "the Confluence pages". */
const PLATFORM_MENTION =
  /\s*\b(?:(?:in|on|from|across|within|inside|through)\s+(?:(?:our|my|the)\s+)?(google\s+drive|onedrive|one\s+drive|dropbox|slack|notion|confluence)\b(?:\s+(?:channels?|messages?|pages?|wiki|spaces?|files?|workspace))?|\b(?:the\s+)?(slack|notion|confluence)\s+(?:channels?|messages?|pages?|wiki|spaces?|threads?)\b)/i;

const PLATFORM_BY_NAME: Record<string, DocumentSource> = {
  'google drive': 'google-drive',
  onedrive: 'onedrive',
  'one drive': 'onedrive',
  dropbox: 'dropbox',
  slack: 'slack',
  notion: 'notion',
  confluence: 'confluence',
};

/**
 * The platform a question names as where to look, and the question without that phrase (so the platform's name does
 * not count as a word to find). Null when it names none.
 */
export function findPlatformMention(question: string): { platform: DocumentSource; query: string } | null {
  const match = PLATFORM_MENTION.exec(question);
  const name = (match?.[1] ?? match?.[2])?.toLowerCase().replace(/\s+/g, ' ');
  const platform = name ? PLATFORM_BY_NAME[name] : undefined;
  if (!match || !platform) return null;
  const query = `${question.slice(0, match.index)} ${question.slice(match.index + match[0].length)}`
    .replace(/\s+/g, ' ')
    .replace(/\s+([?.!,])/g, '$1')
    .trim();
  return { platform, query: query || question };
}

export function chooseTool(question: string, previous: PreviousTurn = {}): ToolChoice {
  const text = question.trim();
  const save = chooseSave(text, previous);
  if (save) return save;
  const documentId = UUID.exec(text)?.[0];
  if (DELETE.test(text) && (FILE_WORD.test(text) || FILE_NAME.test(text) || QUOTED.test(text) || documentId)) {
    if (documentId) return { toolName: 'delete_file', input: { documentId } };
    const fileName = extractTarget(text, DELETE);
    return { toolName: 'delete_file', input: fileName ? { fileName } : {} };
  }
  if (SUMMARY.test(text)) {
    if (documentId) return { toolName: 'summarize_document', input: { documentId } };
    const title = extractTarget(text, SUMMARY);
    return { toolName: 'summarize_document', input: title ? { title } : {} };
  }
  if (WORKSPACE.test(text)) return { toolName: 'workspace_overview', input: {} };
  const mention = findPlatformMention(text);
  const where = mention ? { query: mention.query, platform: mention.platform } : { query: text };
  if (PDF.test(text)) return { toolName: 'search_files', input: { ...where, pdfOnly: true } };
  if (SEARCH.test(text)) return { toolName: 'search_files', input: where };
  return { toolName: 'answer_from_documents', input: where };
}

/** Whether the person asks to find documents (a list) rather than for an answer. */
export function isFindRequest(question: string): boolean {
  return SEARCH.test(question);
}
