/**
 * How the builtin model reads a request: which tool answers it, and with what input. Plain patterns over the
 * question; the tools then do the real work (retrieval, permission checks).
 */

export type ToolChoice =
  | { toolName: 'delete_file'; input: { documentId?: string; fileName?: string } }
  | { toolName: 'summarize_document'; input: { documentId?: string; title?: string } }
  | { toolName: 'workspace_overview'; input: Record<string, never> }
  | { toolName: 'search_files'; input: { query: string; pdfOnly?: boolean } }
  | { toolName: 'answer_from_documents'; input: { query: string } };

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

export function chooseTool(question: string): ToolChoice {
  const text = question.trim();
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
  if (PDF.test(text)) return { toolName: 'search_files', input: { query: text, pdfOnly: true } };
  if (SEARCH.test(text)) return { toolName: 'search_files', input: { query: text } };
  return { toolName: 'answer_from_documents', input: { query: text } };
}

/** Whether the person asks to find documents (a list) rather than for an answer. */
export function isFindRequest(question: string): boolean {
  return SEARCH.test(question);
}
