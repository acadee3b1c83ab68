import { NO_ANSWER_REPLY, PLATFORM_LABELS, type SaveToStorageOutput, type StorageProvider } from '@lumen/contract';
import type { DeleteOutput, DocumentOutput, PassagesOutput, WorkspaceOutput } from '../../tool-outputs.ts';
import { analyseAnswer, composeSummary, quoteFrom } from './extractive.ts';
import { findPlatformMention, isFindRequest } from './intent.ts';

/** The builtin model's replies to each tool's result. */

export function replyToPassages(question: string, output: PassagesOutput): string {
  // "in Slack" said where to look: it is not a word the answer must hold.
  const mention = findPlatformMention(question);
  const asked = mention?.query ?? question;
  if (output.passages.length === 0) {
    if (mention) return `${NO_ANSWER_REPLY} (I looked only in ${PLATFORM_LABELS[mention.platform]}.)`;
    return output.pdfOnly ? `${NO_ANSWER_REPLY} (I looked only in your PDFs.)` : NO_ANSWER_REPLY;
  }
  if (isFindRequest(asked)) {
    const analysis = analyseAnswer(asked, output.passages);
    if (!analysis.reply && analysis.coverage === 0) return NO_ANSWER_REPLY;
    const seen = new Set<string>();
    const lines: string[] = [];
    for (const passage of output.passages) {
      if (seen.has(passage.documentId) || lines.length >= 5) continue;
      seen.add(passage.documentId);
      const page = passage.page ? `, page ${passage.page}` : '';
      lines.push(
        `- **${passage.title}** (${PLATFORM_LABELS[passage.source]}${page}): ${quoteFrom(passage, asked)} [${passage.n}]`,
      );
    }
    return `Here is what I found in your files:\n\n${lines.join('\n')}`;
  }
  const { reply } = analyseAnswer(asked, output.passages);
  return reply ? reply.text : NO_ANSWER_REPLY;
}

export function replyToDocument(output: DocumentOutput, requested: string | undefined): string {
  if (!output.document) {
    const wanted = requested ? ` named "${requested}"` : '';
    if (output.candidates.length === 0) return `I couldn't find a document${wanted}. You have no documents yet.`;
    return `I couldn't find a document${wanted}. Which one do you mean? ${output.candidates
      .slice(0, 10)
      .map((title) => `"${title}"`)
      .join(', ')}`;
  }
  const summary = composeSummary(output.passages);
  if (!summary) return `**${output.document.title}** has no text I could read to summarize.`;
  return `Summary of **${output.document.title}**:\n\n${summary.text}`;
}

const TYPE_NAMES: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
  'application/msword': 'Word',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint',
  'text/plain': 'text',
  'text/markdown': 'Markdown',
  'text/csv': 'CSV',
  'text/html': 'HTML',
};

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

export function replyToWorkspace(output: WorkspaceOutput): string {
  const { documents, recent, conversations } = output;
  if (documents.total === 0) {
    return `You have no documents yet. Attach files in the chat to upload them. You have ${plural(conversations, 'conversation')}.`;
  }
  const statuses = (['ready', 'processing', 'pending', 'failed'] as const)
    .filter((status) => (documents.byStatus[status] ?? 0) > 0)
    .map((status) => `${documents.byStatus[status]} ${status}`)
    .join(', ');
  const types = Object.entries(documents.byType)
    .sort((a, b) => b[1] - a[1])
    .map(([type, count]) => `${TYPE_NAMES[type] ?? (type.startsWith('image/') ? 'image' : type)}: ${count}`)
    .join(', ');
  const lines = recent.map(
    (doc) => `- **${doc.title}** (${PLATFORM_LABELS[doc.source]}), ${doc.status}, added ${doc.createdAt.slice(0, 10)}`,
  );
  return [
    `You have ${plural(documents.total, 'document')} (${statuses}).`,
    types ? `By type: ${types}.` : '',
    lines.length ? `Most recent:\n${lines.join('\n')}` : '',
    `You have ${plural(conversations, 'conversation')} with me.`,
  ]
    .filter(Boolean)
    .join('\n\n');
}

export function replyToDelete(output: DeleteOutput, requested: string | undefined): string {
  if (output.status === 'deleted') return `Done: I deleted "${output.title ?? requested ?? 'the file'}".`;
  if (output.status === 'ambiguous') {
    return `Several of your files match "${requested ?? ''}": ${output.candidates
      .map((title) => `"${title}"`)
      .join(', ')}. Which one should I delete?`;
  }
  const wanted = requested ? ` named "${requested}"` : '';
  return `I couldn't find a file${wanted} that you can delete.`;
}

export const DELETE_DENIED_REPLY = "OK, I won't delete it.";
/** Where delete_file is not offered: /api/ask (no confirmation possible) and a space's chat (space files have roles). */
export const DELETE_NEEDS_CHAT_REPLY =
  "I can't delete files here. Ask me in the main chat, where you can confirm it; a space's files are deleted from the space.";

function listStores(providers: readonly StorageProvider[]): string {
  const labels = providers.map((provider) => PLATFORM_LABELS[provider]);
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}` : (labels[0] ?? '');
}

export function replyToSave(output: SaveToStorageOutput, requested: string | undefined): string {
  const store = output.provider ? PLATFORM_LABELS[output.provider] : 'your cloud storage';
  switch (output.status) {
    case 'saved': {
      const where = output.folder ? `${store} (folder ${output.folder})` : store;
      const link = output.url ? ` [Open it in ${store}](${output.url})` : '';
      return `Saved "${output.fileName ?? requested ?? 'the file'}" to ${where}.${link} It will appear in your files after the sync.`;
    }
    case 'not-connected':
      return output.connected.length > 0
        ? `${store} is not connected. You can save to ${listStores(output.connected)}, or connect ${store} in Connected services.`
        : `${store === 'your cloud storage' ? 'No cloud storage' : store} is not connected. Connect Google Drive, OneDrive or Dropbox in Connected services first.`;
    case 'needs-reconnect':
      return `I couldn't save to ${store}. ${output.message ?? ''}`.trim();
    case 'choose-provider':
      return `Where should I save it: ${listStores(output.connected)}?`;
    case 'refused':
      return `I couldn't save to ${store}. ${output.message ?? ''}`.trim();
    case 'ambiguous':
      return `Several of your documents match "${requested ?? ''}": ${output.candidates
        .slice(0, 10)
        .map((title) => `"${title}"`)
        .join(', ')}. Which one should I save?`;
    case 'not-found':
      return `I couldn't find a document${requested ? ` named "${requested}"` : ''} that you can view.`;
    case 'nothing-to-save':
      return 'There is nothing to save yet. Ask me something first, or name the document to save.';
    case 'folder-by-id':
      return `${store} names folders by id, so I can't save into "${output.folder ?? ''}" by its path. Ask again without the folder to save it at the top of your ${store}.`;
  }
}

export const SAVE_DENIED_REPLY = "OK, I won't save it.";
/** Where save_to_storage is not offered: /api/ask (no confirmation possible) and a space's chat. */
export const SAVE_NEEDS_CHAT_REPLY =
  "I can't save to your cloud storage here. Ask me in the main chat, where you can confirm it.";
