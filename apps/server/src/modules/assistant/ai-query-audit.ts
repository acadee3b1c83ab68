import type { Citation } from '@lumen/contract';
import { writeAuditEntry } from '../../platform/audit.ts';
import type { Database } from '../../platform/db.ts';
import { findMembership } from '../access/index.ts';

/** Where a question was asked. */
export type AiQuerySurface = 'chat' | 'space_chat' | 'ask' | 'team_room';

/**
 * Records that someone asked the assistant (issue #14): who, where, which documents the answer cited, whether it
 * answered or declined, and how long it took — never the question's or the answer's text. The analytics read these.
 */
export async function recordAiQuery(
  db: Database,
  query: {
    userId: string;
    surface: AiQuerySurface;
    citations: readonly Citation[];
    durationMs: number;
    model: string;
    /** The conversation (the chats) or the room message (the team room) it belongs to. */
    resourceId?: string | null;
  },
): Promise<void> {
  const membership = await findMembership(db, query.userId);
  await db.transaction(async (tx) => {
    await writeAuditEntry(
      tx,
      { userId: query.userId, ipAddress: null, userAgent: null },
      {
        teamId: membership?.teamId ?? null,
        action: 'ai_query',
        resourceType: query.surface === 'team_room' ? 'team_message' : 'conversation',
        resourceId: query.resourceId ?? null,
        metadata: {
          surface: query.surface,
          citedDocumentIds: [...new Set(query.citations.map((citation) => citation.documentId))],
          isAnswered: query.citations.length > 0,
          durationMs: Math.round(query.durationMs),
          model: query.model,
        },
      },
    );
  });
}
